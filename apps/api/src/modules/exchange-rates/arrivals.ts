import type { Db } from '../../db/client.ts';

/**
 * Who wants to know that rates arrived (the ECB load, or staff saving one): the conversions module
 * releases its held conversions. A hook this module offers and a higher one fills
 * (docs/architecture.md), so rates never import conversions.
 */
export class RateArrivals {
  private readonly listeners: Array<(db: Db) => Promise<unknown>> = [];
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  on(listener: (db: Db) => Promise<unknown>): void {
    this.listeners.push(listener);
  }

  async arrived(): Promise<void> {
    for (const listener of this.listeners) await listener(this.db);
  }
}
