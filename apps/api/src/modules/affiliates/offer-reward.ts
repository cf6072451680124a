import { affiliateMessages as msg, validationMessages } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { offerPayouts, offers } from '../../db/schema/index.ts';
import { ValidationError } from '../../lib/errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { fromHundredths, toHundredths } from '../../lib/money-units.ts';
import { type Actor, affiliateOrThrow } from './actions.ts';

/**
 * The offer reward dialog: this affiliate's custom payout on one offer (dollars for cpa, percent
 * for revshare), the same row the offer's custom payouts hold; `null` removes it so the tier's or
 * the offer's default applies again (offers/payout-rates.ts).
 */
export async function setOfferReward(db: Db, actor: Actor, affiliateId: number, offerId: number, amount: number | null): Promise<number | null> {
  await affiliateOrThrow(db, affiliateId);
  const [offer] = await db.select({ id: offers.id, payoutType: offers.payoutType }).from(offers).where(eq(offers.id, offerId));
  if (!offer) throw new ValidationError({ offer_id: [msg.offerUnknown] });
  if (amount !== null && offer.payoutType === 'revshare' && amount > 100) throw new ValidationError({ amount: [validationMessages.percentage] });
  const [before] = await db
    .select({ amount: offerPayouts.amount })
    .from(offerPayouts)
    .where(and(eq(offerPayouts.offerId, offerId), eq(offerPayouts.affiliateId, affiliateId)));
  await db.transaction(async (tx) => {
    await tx.delete(offerPayouts).where(and(eq(offerPayouts.offerId, offerId), eq(offerPayouts.affiliateId, affiliateId)));
    if (amount !== null) await tx.insert(offerPayouts).values({ offerId, affiliateId, tierId: null, amount: toHundredths(amount) });
  });
  await recordEvent(db, 'affiliate.offer_reward', {
    actorId: actor.id,
    subjectId: affiliateId,
    ip: actor.ip,
    data: { offer_id: offerId, before: before ? fromHundredths(before.amount) : null, after: amount },
  });
  return amount;
}
