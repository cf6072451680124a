import { conversionActionMessages as m, isReversalType } from '@portal/contracts';
import type { Db } from '../../db/client.ts';
import { retryOnDeadlock } from '../../db/deadlock.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { affiliateInScope, networkScope, type Scope } from '../../lib/scope.ts';
import { commissionsOf, reverseSale } from '../ledger/index.ts';
import { addToRollups, keyOf, ledgerCost, statsDay } from '../tracking/index.ts';
import { lockConversion, markReversed } from './refunds.ts';
import { type ConversionOutcome, findClick } from './service.ts';

export interface StaffReversal extends ConversionOutcome {
  affiliateId: number | null;
  /** The status the conversion had before. */
  before: string;
}

/**
 * POST /v1/conversion-log/{id}/reverse: staff take a sale back by hand, with a reason. Under the
 * same lock as refunds (the sale's row), it reverses what is left of the earning (a `reversal`
 * row naming the sale, the staff user and the reason) and its referral commission with it, and
 * marks the sale reversed, so a later refund of it reverses nothing more. A held sale moves no
 * money and is never released. Reversing twice is refused.
 */
export async function reverseConversion(db: Db, conversionId: number, staffId: number, reason: string, scope: Scope = networkScope, now = new Date()): Promise<StaffReversal> {
  const day = statsDay(now);
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const sale = await lockConversion(tx, { id: conversionId });
      // A manager limited to assigned affiliates reaches only their conversions.
      if (!sale || (scope.kind !== 'network' && (sale.affiliateId === null || !(await affiliateInScope(tx, scope, sale.affiliateId))))) throw new NotFoundError(m.notFound);
      if (sale.status === 'reversed') throw new AppError('validation_failed', m.alreadyReversed);
      if (isReversalType(sale.type) || (sale.status !== 'accepted' && sale.status !== 'held')) throw new AppError('validation_failed', m.notReversible);
      let cents = 0;
      if (sale.status === 'accepted') {
        cents = (await reverseSale(tx, sale, null, { conversionId: sale.id, day, createdAt: now, createdBy: staffId, reason })).cents;
        // The statistics' earnings follow the ledger, on the day of the reversal (a closed day never changes).
        const click = cents !== 0 && sale.cid ? await findClick(tx, sale.cid) : undefined;
        // The referrer's commission taken back with it: the network's cost, on the same day.
        const commissions = (await commissionsOf(tx, sale.id, now)).flatMap((c) => ledgerCost(c) ?? []);
        await addToRollups(tx, [...(click ? [{ ...keyOf(click, day), earningsCents: cents }] : []), ...commissions]);
      }
      await markReversed(tx, sale.id, reason);
      return { status: 'reversed', conversionId: sale.id, earningCents: cents, reason, affiliateId: sale.affiliateId, before: sale.status };
    }),
  );
}
