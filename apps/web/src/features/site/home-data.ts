import type { HomeData, ProgramRange } from '@portal/contracts';
import { formatPercent } from '../../lib/percent.ts';

/**
 * The live network and programs the server puts into the home page (`#home-data`, see
 * apps/api plugins/web-app.ts); undefined in development or when the page was served without it,
 * until GET /v1/landing answers.
 */
export function readHomeData(): HomeData | undefined {
  const text = typeof document === 'undefined' ? null : document.getElementById('home-data')?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as HomeData;
    return Array.isArray(data.network) && Array.isArray(data.programs) ? data : undefined;
  } catch {
    return undefined;
  }
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const percent = (basisPoints: number) => formatPercent(basisPoints / 100);

/** "up to 40% revshare", "$2.50 per signup", "$30.00 to $45.00 per sale": the words for a range, from the texts given. */
export function describeProgram(p: ProgramRange, t: (key: string, values?: Record<string, unknown>) => string): { title: string; text: string } {
  if (p.payout_type === 'revshare') return { title: t('home.programKinds.revshare'), text: t('home.programRange.revshare', { percent: percent(p.max) }) };
  const goal = t(`home.programGoals.${p.goal}`);
  const title = t(p.goal === 'signup' ? 'home.programKinds.cpaSignup' : 'home.programKinds.cpaSale');
  if (p.min === p.max) return { title, text: t('home.programRange.cpaFixed', { amount: dollars(p.max), goal }) };
  return { title, text: t('home.programRange.cpa', { min: dollars(p.min), max: dollars(p.max), goal }) };
}
