import { creativeMessages as msg, offerLogoImageRule, uploadRules, type UploadedFile } from '@portal/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { offers, uploads } from '../../db/schema/index.ts';
import { recordEvent } from '../../lib/events.ts';
import { looksLikeSvg } from '../../lib/uploads.ts';
import type { FormPayload } from '../../plugins/multipart.ts';
import { deleteUploads, describeUpload, storeUpload } from '../uploads/index.ts';
import { notFound, requireFile } from './files.ts';
import { firstLogos } from './logos.ts';

/** The logo shown for offers: their own, else their site's first logo. */
export async function offerLogos(db: Db, list: { id: number; siteId: number; logoUuid: string | null }[]): Promise<Map<number, { logo: UploadedFile | null; fromSite: boolean }>> {
  const uuids = list.flatMap((o) => (o.logoUuid ? [o.logoUuid] : []));
  const own = new Map((uuids.length ? await db.select().from(uploads).where(inArray(uploads.uuid, uuids)) : []).map((r) => [r.uuid, r]));
  const sites = await firstLogos(db, [...new Set(list.filter((o) => !o.logoUuid || !own.has(o.logoUuid)).map((o) => o.siteId))]);
  return new Map(
    list.map((o) => {
      const mine = o.logoUuid ? own.get(o.logoUuid) : undefined;
      const site = sites.get(o.siteId);
      return [o.id, mine ? { logo: describeUpload(mine), fromSite: false } : { logo: site ? describeUpload(site) : null, fromSite: Boolean(site) }];
    }),
  );
}

export async function getOfferLogo(db: Db, offerId: number) {
  const [offer] = await db.select({ id: offers.id, siteId: offers.siteId, logoUuid: offers.logoUuid }).from(offers).where(eq(offers.id, offerId));
  if (!offer) notFound(msg.offerNotFound);
  const found = (await offerLogos(db, [offer])).get(offer.id)!;
  return { offer_id: offer.id, logo: found.logo, from_site: found.fromSite };
}

/** Svg up to 1 MB (sanitised), or an image up to 2 MB: the svg rule first, so an svg over 1 MB is refused. */
export async function setOfferLogo(db: Db, config: AppConfig, actorId: number, offerId: number, form: FormPayload) {
  const [offer] = await db.select().from(offers).where(eq(offers.id, offerId));
  if (!offer) notFound(msg.offerNotFound);
  const file = requireFile(form.files.find((f) => f.field === 'logo'), 'logo');
  const rule = looksLikeSvg(file.bytes) ? uploadRules.logo : offerLogoImageRule;
  const stored = await storeUpload(db, config, { ...file, field: 'logo' }, rule, actorId);
  await db.update(offers).set({ logoUuid: stored.uuid, updatedAt: new Date() }).where(eq(offers.id, offerId));
  if (offer.logoUuid) await deleteUploads(db, config, [offer.logoUuid]);
  const after = await getOfferLogo(db, offerId);
  await recordEvent(db, 'offer.logo_updated', { actorId, objectId: offerId, before: { logo: offer.logoUuid }, after });
  return after;
}

export async function removeOfferLogo(db: Db, config: AppConfig, actorId: number, offerId: number) {
  const [offer] = await db.select().from(offers).where(eq(offers.id, offerId));
  if (!offer) notFound(msg.offerNotFound);
  if (offer.logoUuid) {
    await db.update(offers).set({ logoUuid: null, updatedAt: new Date() }).where(eq(offers.id, offerId));
    await deleteUploads(db, config, [offer.logoUuid]);
    await recordEvent(db, 'offer.logo_removed', { actorId, objectId: offerId, before: { logo: offer.logoUuid }, after: { logo: null } });
  }
  return getOfferLogo(db, offerId);
}
