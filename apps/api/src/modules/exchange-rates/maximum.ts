import { DEFAULT_MAX_CONVERSION_AMOUNT } from '@portal/contracts';
import type { Db } from '../../db/client.ts';
import { getSetting, putSetting } from '../settings/index.ts';

export const MAX_CONVERSION_KEY = 'max_conversion_cents';
const TTL_MS = 5_000;

/**
 * The most one conversion may be worth, in USD cents (Global Settings > Exchange rates). Read on
 * the conversion path, so kept for five seconds: a change applies at once on this instance and
 * within five seconds on the others.
 */
export class ConversionMaximum {
  private cents = DEFAULT_MAX_CONVERSION_AMOUNT * 100;
  private readAt = 0;
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async get(): Promise<number> {
    if (Date.now() - this.readAt > TTL_MS) {
      this.cents = await maxConversionCents(this.db);
      this.readAt = Date.now();
    }
    return this.cents;
  }

  async set(cents: number): Promise<void> {
    await putSetting(this.db, MAX_CONVERSION_KEY, cents);
    this.cents = cents;
    this.readAt = Date.now();
  }
}

export function maxConversionCents(db: Db): Promise<number> {
  return getSetting(db, MAX_CONVERSION_KEY, DEFAULT_MAX_CONVERSION_AMOUNT * 100);
}
