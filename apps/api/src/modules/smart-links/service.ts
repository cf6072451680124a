import { type SmartLink, type smartLinkCreateSchema, smartLinkMessages, type smartLinkUpdateSchema } from '@portal/contracts';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { offers, sites, smartLinkEntries, smartLinks } from '../../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { randomToken } from '../../lib/secrets.ts';
import { liveOfferSite, SMART_LINK_CODE_LENGTH, trackingUrl } from '../links/index.ts';

type Create = z.output<typeof smartLinkCreateSchema>;
type Update = z.output<typeof smartLinkUpdateSchema>;
type Entry = Create['entries'][number];

export const NOT_FOUND = 'Smart link not found.';

/**
 * Checks the offers: each active, none twice, and somewhere for every visitor to go (a catch-all
 * offer, or one without targeting). Errors name the entry (`entries.0.offer_id`).
 */
async function checkEntries(db: Db, entries: Entry[]): Promise<void> {
  const errors: Record<string, string[]> = {};
  const seen = new Set<number>();
  for (const [i, e] of entries.entries()) {
    if (seen.has(e.offer_id)) errors[`entries.${i}.offer_id`] = ['This offer is already in the smart link.'];
    seen.add(e.offer_id);
    try {
      await liveOfferSite(db, e.offer_id);
    } catch (err) {
      if (err instanceof ValidationError) errors[`entries.${i}.offer_id`] = ['This offer is not available.'];
      else throw err;
    }
  }
  if (!entries.some((e) => e.catch_all || (e.countries.length === 0 && e.devices.length === 0))) errors.entries = [smartLinkMessages.needsCatchAll];
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

const entryRows = (smartLinkId: number, entries: Entry[]) =>
  entries.map((e, position) => ({ smartLinkId, offerId: e.offer_id, position, weight: e.weight, countries: [...new Set(e.countries)], devices: [...new Set(e.devices)], catchAll: e.catch_all }));

/** The affiliate's smart links (newest first), or one of them, with their offers. */
export async function listSmartLinks(db: Db, affiliateId: number, publicUrl: string, id?: number): Promise<SmartLink[]> {
  const links = await db
    .select()
    .from(smartLinks)
    .where(and(eq(smartLinks.affiliateId, affiliateId), isNull(smartLinks.deletedAt), id === undefined ? undefined : eq(smartLinks.id, id)))
    .orderBy(desc(smartLinks.id));
  if (!links.length) return [];
  const entries = await db
    .select({ entry: smartLinkEntries, offerName: offers.name, siteName: sites.displayName })
    .from(smartLinkEntries)
    .innerJoin(offers, eq(offers.id, smartLinkEntries.offerId))
    .innerJoin(sites, eq(sites.id, offers.siteId))
    .where(inArray(smartLinkEntries.smartLinkId, links.map((l) => l.id)))
    .orderBy(asc(smartLinkEntries.smartLinkId), asc(smartLinkEntries.position));
  return links.map((l) => ({
    id: l.id,
    name: l.name,
    code: l.code,
    url: trackingUrl(publicUrl, l.code),
    mode: l.mode === 'epc' ? 'epc' : 'weight',
    created_at: l.createdAt.toISOString(),
    entries: entries
      .filter((e) => e.entry.smartLinkId === l.id)
      .map((e) => ({
        offer_id: e.entry.offerId,
        offer_name: e.offerName,
        site_name: e.siteName,
        weight: e.entry.weight,
        countries: e.entry.countries,
        devices: e.entry.devices as SmartLink['entries'][number]['devices'],
        catch_all: e.entry.catchAll,
      })),
  }));
}

async function one(db: Db, affiliateId: number, publicUrl: string, id: number): Promise<SmartLink> {
  const [link] = await listSmartLinks(db, affiliateId, publicUrl, id);
  if (!link) throw new NotFoundError(NOT_FOUND);
  return link;
}

export async function createSmartLink(db: Db, affiliateId: number, publicUrl: string, input: Create): Promise<SmartLink> {
  await checkEntries(db, input.entries);
  const id = await db.transaction(async (tx) => {
    // 9 random bytes make 12 characters: never a tracking link's 10.
    const [link] = await tx.insert(smartLinks).values({ affiliateId, code: randomToken(9).slice(0, SMART_LINK_CODE_LENGTH), name: input.name, mode: input.mode }).returning({ id: smartLinks.id });
    await tx.insert(smartLinkEntries).values(entryRows(link!.id, input.entries));
    return link!.id;
  });
  return one(db, affiliateId, publicUrl, id);
}

export async function updateSmartLink(db: Db, affiliateId: number, publicUrl: string, id: number, input: Update): Promise<SmartLink> {
  if (input.entries) await checkEntries(db, input.entries);
  await db.transaction(async (tx) => {
    const [link] = await tx
      .update(smartLinks)
      .set({ ...(input.name !== undefined ? { name: input.name } : {}), ...(input.mode !== undefined ? { mode: input.mode } : {}), updatedAt: new Date() })
      .where(and(eq(smartLinks.id, id), eq(smartLinks.affiliateId, affiliateId), isNull(smartLinks.deletedAt)))
      .returning({ id: smartLinks.id });
    if (!link) throw new NotFoundError(NOT_FOUND);
    if (input.entries) {
      await tx.delete(smartLinkEntries).where(eq(smartLinkEntries.smartLinkId, id));
      await tx.insert(smartLinkEntries).values(entryRows(id, input.entries));
    }
  });
  return one(db, affiliateId, publicUrl, id);
}

/**
 * Deletes the link from the affiliate's list. Its address keeps sending visitors to its first
 * offer's site, uncounted: a visitor whose link once worked never meets a 404.
 */
export async function deleteSmartLink(db: Db, affiliateId: number, id: number): Promise<void> {
  const [row] = await db
    .update(smartLinks)
    .set({ deletedAt: new Date() })
    .where(and(eq(smartLinks.id, id), eq(smartLinks.affiliateId, affiliateId), isNull(smartLinks.deletedAt)))
    .returning({ id: smartLinks.id });
  if (!row) throw new NotFoundError(NOT_FOUND);
}
