import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/index.ts';

/**
 * A biller's sale staff attached to a click since (the conversion log's attach): the subscription
 * it started belongs to that click now, so its rebills, refunds and the retention figures find the
 * affiliate through it. The billers module writes its subscription rows; the attach hands it the click.
 */
export async function creditSubscription(tx: Db, saleConversionId: number, click: { cid: string; affiliateId: number; offerId: number; campaignId: number | null }): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ cid: click.cid, affiliateId: click.affiliateId, offerId: click.offerId, campaignId: click.campaignId })
    .where(eq(subscriptions.saleConversionId, saleConversionId));
}
