import { RunFileError } from './types.ts';

/**
 * A wire item's `EndToEndId`: "PR<run>-<sequence>", digits and a hyphen only, so it survives every
 * bank's character set and is at most 35 characters. `run` and `sequence` are positive integers.
 */
export function wireReference(run: number, sequence: number): string {
  if (!Number.isSafeInteger(run) || run <= 0 || !Number.isSafeInteger(sequence) || sequence <= 0) throw new RunFileError('A reference needs a positive run number and sequence.');
  return `PR${run}-${sequence}`;
}

/**
 * An ACH trace number: the ODFI's routing number's first 8 digits and a 7-digit sequence. The
 * sequence must be unique for that ODFI across runs (a counter of every ACH item made); it wraps
 * after 9,999,999.
 */
export function achTraceNumber(odfiRouting: string, sequence: number): string {
  if (!/^\d{9}$/.test(odfiRouting)) throw new RunFileError('An ODFI routing number has 9 digits.');
  if (!Number.isSafeInteger(sequence) || sequence <= 0) throw new RunFileError('A trace sequence is a positive integer.');
  return `${odfiRouting.slice(0, 8)}${String(((sequence - 1) % 9_999_999) + 1).padStart(7, '0')}`;
}

/** Our reference for a Paxum, PayPal or USDT item, the same shape as a wire's. */
export const walletReference = wireReference;

/** The remittance every file prints: "Payout 2026-10 invoice 2026-000012". */
export function remittanceText(period: string, invoiceNumber: string): string {
  return `Payout ${period} invoice ${invoiceNumber}`;
}
