import { conversionActionMessages as m } from '@portal/contracts';
import type { Db } from '../../db/client.ts';
import { retryOnDeadlock } from '../../db/deadlock.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { affiliateInScope, networkScope, type Scope } from '../../lib/scope.ts';
import { commissionsOf, earningsLeft, writeReversals } from '../ledger/index.ts';
import { addToRollups, keyOf, ledgerCost } from '../tracking/index.ts';
import { statsDay } from '../../lib/days.ts';
import { decideStaffReversal } from './decision.ts';
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
      // Read under the lock what the decision needs, then write what it answers (decision.ts).
      const d = decideStaffReversal(sale, sale.status === 'accepted' ? await earningsLeft(tx, sale.id) : [], reason);
      if ('refused' in d) throw new AppError('validation_failed', d.refused);
      await writeReversals(tx, d.takes, { conversionId: sale.id, day, createdAt: now, createdBy: staffId, reason });
      const cents = d.cents;
      if (cents !== 0) {
        // The statistics' earnings follow the ledger, on the day of the reversal (a closed day never changes).
        const click = sale.cid ? await findClick(tx, sale.cid) : undefined;
        // The referrer's commission taken back with it: the network's cost, on the same day.
        const commissions = (await commissionsOf(tx, sale.id, now)).flatMap((c) => ledgerCost(c) ?? []);
        await addToRollups(tx, [...(click ? [{ ...keyOf(click, day), earningsCents: cents }] : []), ...commissions]);
      }
      if (d.reversedReason) await markReversed(tx, sale.id, d.reversedReason);
      return { status: 'reversed', conversionId: sale.id, earningCents: cents, reason, affiliateId: sale.affiliateId, before: sale.status };
    }),
  );
}
