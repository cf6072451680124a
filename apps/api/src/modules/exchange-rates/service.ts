import type { ExchangeRateSettings, exchangeRateSettingsUpdateSchema } from '@portal/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { getSetting } from '../settings/index.ts';
import { statsDay } from '../../lib/days.ts';
import type { RateArrivals } from './arrivals.ts';
import { ECB_STATUS_KEY, type EcbStatus, noEcbStatus } from './ecb.ts';
import type { ConversionMaximum } from './maximum.ts';
import { heldCounts, latestRates, storeStaffRate } from './store.ts';

export interface RateDeps {
  db: Db;
  ecbUrl: string;
  maximum: ConversionMaximum;
  arrivals: RateArrivals;
}

/** What Global Settings > Exchange rates shows. */
export async function exchangeRateSettings(deps: RateDeps): Promise<ExchangeRateSettings> {
  const [rates, status, maxCents, held] = await Promise.all([
    latestRates(deps.db),
    getSetting<Partial<EcbStatus>>(deps.db, ECB_STATUS_KEY, {}),
    deps.maximum.get(),
    heldCounts(deps.db),
  ]);
  return { rates, max_conversion_amount: maxCents / 100, ecb: { url: deps.ecbUrl, ...noEcbStatus, ...status }, held };
}

type Update = z.output<typeof exchangeRateSettingsUpdateSchema>;

/** Saves staff's rates (each for its day, today when left out) and the maximum; releases what the new rates allow. */
export async function updateExchangeRateSettings(deps: RateDeps, input: Update, userId: number, now: Date = new Date()): Promise<void> {
  const today = statsDay(now);
  for (const r of input.rates ?? []) {
    // Ten decimals at most (the rule), so the text is exact.
    await storeStaffRate(deps.db, { currency: r.currency, day: r.day ?? today, rate: r.rate.toFixed(10) }, userId, now);
  }
  if (input.max_conversion_amount !== undefined) await deps.maximum.set(Math.round(input.max_conversion_amount * 100));
  if (input.rates?.length) await deps.arrivals.arrived();
}
