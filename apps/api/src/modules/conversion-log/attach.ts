import { capMessages, conversionActionMessages as m, type ConversionType, isReversalType } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { retryOnDeadlock } from '../../db/deadlock.ts';
import { conversions } from '../../db/schema/index.ts';
import { AppError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { networkScope, type Scope } from '../../lib/scope.ts';
import { creditSubscription } from '../billers/index.ts';
import { takeConversionCaps } from '../caps/index.ts';
import { commissionsOf, recordAdmittedEarning } from '../ledger/index.ts';
import { effectivePayout } from '../offers/index.ts';
import { enqueuePostbacksForConversion } from '../postbacks/index.ts';
import { addToRollups, conversionCounters, isNewCustomer, keyOf, ledgerCost, orphanedRevenue } from '../tracking/index.ts';
import { statsDay } from '../../lib/days.ts';
import { type ConversionOutcome, findClick, forPostback, lockConversion, refundTarget, takeBack } from '../conversions/index.ts';

export interface Attached extends ConversionOutcome {
  affiliateId: number;
  cid: string;
}

/**
 * POST /v1/conversion-log/{id}/attach: staff attach an orphaned conversion to a click of its site,
 * which then pays it as an accepted conversion would have been: its earning (or, for a refund, its
 * reversal, by the refund rules and under their lock) written today, the rollups of today and the
 * affiliate's postbacks. Anything but an orphaned conversion is refused, and so is a click that
 * does not exist, is another site's or was made after the conversion (422 on `cid`). With `preview`
 * the same attach runs and is rolled back: the reply says what it would pay.
 */
export async function attachConversion(db: Db, conversionId: number, cid: string, scope: Scope = networkScope, now = new Date(), preview = false): Promise<Attached> {
  const day = statsDay(now);
  const found = await findClick(db, cid);
  let previewed: Attached | undefined;
  const run = retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const conversion = await lockConversion(tx, { id: conversionId });
      // An orphaned conversion belongs to no affiliate yet: only staff who see the whole network attach it.
      if (!conversion || scope.kind !== 'network') throw new NotFoundError(m.notFound);
      if (conversion.status !== 'orphaned') throw new AppError('validation_failed', m.notOrphaned);
      if (!found) throw new ValidationError({ cid: [m.unknownClick] });
      if (found.siteId !== conversion.siteId) throw new ValidationError({ cid: [m.otherSite] });
      // A conversion comes from an earlier click: a click made after the conversion was reported is refused.
      if (found.createdAt > conversion.createdAt) throw new ValidationError({ cid: [m.clickAfterConversion] });
      const type = conversion.type as ConversionType;
      const target = isReversalType(type) ? await refundTarget(tx, conversion.siteId, conversion.billerAccountId, found.cid, conversion.originalTransactionId, found) : undefined;
      if (target?.orphanReason) throw new ValidationError({ cid: [target.orphanReason] });

      await tx
        .update(conversions)
        .set({
          cid: found.cid,
          clickedAt: found.createdAt,
          affiliateId: found.affiliateId,
          offerId: found.offerId,
          campaignId: found.campaignId,
          status: 'accepted',
          reason: null,
          reversesConversionId: target?.sale?.id ?? null,
        })
        .where(eq(conversions.id, conversion.id));
      // A biller's subscription started by this sale belongs to the click now too: the billers module writes it.
      await creditSubscription(tx, conversion.id, found);
      const amounts = { id: conversion.id, type, amountMinor: conversion.amountMinor, amountCents: conversion.amountCents, currency: conversion.currency };
      const entry = { affiliateId: found.affiliateId, conversionId: conversion.id, cid: found.cid, offerId: found.offerId, day, createdAt: now };
      // A new customer event takes its place under the offer's caps of today, as when it is reported; a full hard cap refuses the attach.
      const admit = (cents: number) => takeConversionCaps(tx, { offerId: found.offerId, affiliateId: found.affiliateId, newCustomer: isNewCustomer(type), earningCents: cents, now });
      const taken = target ? (target.sale ? await takeBack(tx, target.sale, amounts, day, now) : { cents: 0, revenueCents: 0 }) : null;
      const earningCents = taken ? taken.cents : await recordAdmittedEarning(tx, entry, await effectivePayout(tx, found.offerId, found.affiliateId), type, conversion.amountCents, admit);
      if (earningCents === null) throw new AppError('conflict', capMessages.capFull);
      // Its revenue moves from the site's unattributed row (its own day) to the click, paid today, with the referrer's commission.
      const commissions = (await commissionsOf(tx, conversion.id, now)).flatMap((c) => ledgerCost(c) ?? []);
      await addToRollups(tx, [
        { ...keyOf(found, day), ...conversionCounters(type, earningCents, taken ? taken.revenueCents : conversion.amountCents) },
        orphanedRevenue(conversion.siteId, conversion.day, type, -conversion.amountCents),
        ...commissions,
      ]);
      const input = { cid: found.cid, type, currency: conversion.currency, transaction_id: conversion.transactionId, original_transaction_id: conversion.originalTransactionId ?? undefined };
      await enqueuePostbacksForConversion(tx, forPostback(conversion.id, found, input, earningCents, conversion.amountCents, now));
      const out: Attached = { status: 'accepted', conversionId: conversion.id, earningCents, reason: null, affiliateId: found.affiliateId, cid: found.cid };
      // A preview is the same attach rolled back: what it would pay, with every check, and nothing written.
      if (preview) {
        previewed = out;
        throw new PreviewRollback();
      }
      return out;
    }),
  );
  try {
    return await run;
  } catch (error) {
    if (error instanceof PreviewRollback && previewed) return previewed;
    throw error;
  }
}

class PreviewRollback extends Error {}
