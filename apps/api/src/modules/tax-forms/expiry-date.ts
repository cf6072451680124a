import { laDate, periodStart } from '../payouts/index.ts';

/**
 * A W-8 stays valid until the last day of the third calendar year after the year it was signed
 * (signed any day of 2026: valid through December 31, 2029), in Los Angeles time like every date
 * the app shows. Answers the first moment it is no longer valid; a W-9 does not expire.
 */
export function w8ExpiresAt(signedAt: string): Date {
  const year = Number(signedAt.slice(0, 4));
  return periodStart(`${year + 4}-01`);
}

export const expiresAtOf = (formType: string, signedAt: string): Date | null => (formType === 'w9' ? null : w8ExpiresAt(signedAt));

/** The signing day of a form submitted at `now` (Los Angeles). */
export const signingDay = (now: Date): string => laDate(now);

/** The last valid day, as a person reads it ("December 31, 2029"). */
export function lastValidDay(expiresAt: Date): string {
  const day = laDate(new Date(expiresAt.getTime() - 1));
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
}
