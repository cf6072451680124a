import { BASE_CURRENCY, isCurrency } from '@portal/contracts';
import type { Db } from '../../db/client.ts';
import { getSetting, putSetting } from '../settings/index.ts';
import { type NewRate, storeEcbRates } from './store.ts';

/**
 * The European Central Bank's euro foreign exchange reference rates: `eurofxref-daily.xml` (the
 * last working day) and `eurofxref-hist-90d.xml` (the last 90 days, to fill gaps), each
 *
 *   <gesmes:Envelope ...><Cube><Cube time="2026-11-25"><Cube currency="USD" rate="1.0412"/>...</Cube></Cube></gesmes:Envelope>
 *
 * The rates are units of the currency per euro; ours are USD per one unit of the currency:
 * (USD per EUR) / (currency per EUR), and for the euro itself USD per EUR.
 */
export const ECB_FILES = ['eurofxref-daily.xml', 'eurofxref-hist-90d.xml'] as const;
const FETCH_TIMEOUT_MS = 20_000;
/** The 90-day file is about 100 kB; anything far larger is not the ECB's. */
const MAX_BYTES = 2_000_000;

export const ECB_STATUS_KEY = 'exchange_rates_ecb';
export interface EcbStatus {
  last_attempt_at: string | null;
  last_success_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
}
export const noEcbStatus: EcbStatus = { last_attempt_at: null, last_success_at: null, last_error: null, last_error_at: null };

export class EcbFormatError extends Error {}

const DAY_CUBE = /<Cube\s+time\s*=\s*["'](\d{4}-\d{2}-\d{2})["']\s*>([\s\S]*?)<\/Cube>/g;
const RATE_CUBE = /<Cube\s+currency\s*=\s*["']([A-Z]{3})["']\s+rate\s*=\s*["'](\d+(?:\.\d+)?)["']\s*\/>/g;

/** Each day's rates per euro, as the XML gives them. Throws EcbFormatError for anything else. */
export function parseEcbXml(xml: string): Array<{ day: string; perEuro: Map<string, number> }> {
  if (!/<gesmes:Envelope[\s>]/.test(xml)) throw new EcbFormatError('The answer is not the ECB reference rates (no gesmes:Envelope).');
  const days: Array<{ day: string; perEuro: Map<string, number> }> = [];
  for (const [, day, body] of xml.matchAll(DAY_CUBE)) {
    const perEuro = new Map<string, number>();
    for (const [, currency, rate] of body!.matchAll(RATE_CUBE)) {
      const n = Number(rate);
      if (n > 0 && Number.isFinite(n)) perEuro.set(currency!, n);
    }
    days.push({ day: day!, perEuro });
  }
  if (!days.length) throw new EcbFormatError('The ECB reference rates hold no day.');
  return days;
}

/** USD per one unit of each currency, per day: the ECB's days that quote the dollar. */
export function usdRatesOf(days: ReturnType<typeof parseEcbXml>): NewRate[] {
  const out: NewRate[] = [];
  for (const { day, perEuro } of days) {
    const usdPerEuro = perEuro.get(BASE_CURRENCY);
    if (!usdPerEuro) continue;
    out.push({ currency: 'EUR', day, rate: usdPerEuro.toFixed(10) });
    for (const [currency, unitsPerEuro] of perEuro) {
      if (currency === BASE_CURRENCY || !isCurrency(currency)) continue;
      const rate = usdPerEuro / unitsPerEuro;
      // A rate below numeric(20,10)'s smallest step would read as zero.
      if (rate >= 1e-10) out.push({ currency, day, rate: rate.toFixed(10) });
    }
  }
  return out;
}

async function fetchText(url: string): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
  if (!res.ok) throw new Error(`${url} answered HTTP ${res.status}.`);
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > MAX_BYTES) throw new Error(`${url} is larger than ${MAX_BYTES} bytes.`);
  const text = await res.text();
  if (text.length > MAX_BYTES) throw new Error(`${url} is larger than ${MAX_BYTES} bytes.`);
  return text;
}

const describe = (err: unknown): string => {
  const e = err as { message?: string; cause?: { code?: string; message?: string } };
  const cause = e.cause?.code ?? e.cause?.message;
  return `${e.message ?? String(err)}${cause ? ` (${cause})` : ''}`.slice(0, 500);
};

export interface EcbLoad {
  ok: boolean;
  /** Rows written (new days, or changed ECB rates). */
  written: number;
  error: string | null;
}

/**
 * Loads both files from `baseUrl` and stores their rates. Never throws: a failure (offline, an
 * error page, a malformed file) is recorded for the settings screen and answered.
 */
export async function loadEcbRates(db: Db, baseUrl: string, now: Date = new Date()): Promise<EcbLoad> {
  const status = { ...noEcbStatus, ...(await getSetting<Partial<EcbStatus>>(db, ECB_STATUS_KEY, {})), last_attempt_at: now.toISOString() };
  try {
    let written = 0;
    for (const file of ECB_FILES) written += await storeEcbRates(db, usdRatesOf(parseEcbXml(await fetchText(new URL(file, baseUrl).toString()))), now);
    await putSetting(db, ECB_STATUS_KEY, { ...status, last_success_at: now.toISOString(), last_error: null, last_error_at: null });
    return { ok: true, written, error: null };
  } catch (err) {
    const error = describe(err);
    await putSetting(db, ECB_STATUS_KEY, { ...status, last_error: error, last_error_at: now.toISOString() });
    return { ok: false, written: 0, error };
  }
}
