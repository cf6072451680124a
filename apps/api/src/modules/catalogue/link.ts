import { type CatalogueKind, type catalogueLinkRequestSchema, creativeIdOf } from '@portal/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { catalogueItems, offers } from '../../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { assertMayGetLinks, codeFor, trackingUrl, validateLinkSpec } from '../links/index.ts';

type Body = z.output<typeof catalogueLinkRequestSchema>;

/**
 * An affiliate's deep tracking link to a model's or scene's page, through the chosen offer of
 * its site (or the site's first active one). The link carries the creative id, so its clicks
 * and sales show under this card in statistics and in "what converts".
 */
export async function catalogueLink(db: Db, publicUrl: string, affiliateId: number, kind: CatalogueKind, id: number, body: Partial<Body>): Promise<{ url: string; code: string }> {
  const [item] = await db
    .select({ siteId: catalogueItems.siteId, url: catalogueItems.url })
    .from(catalogueItems)
    .where(and(eq(catalogueItems.id, id), eq(catalogueItems.kind, kind), isNull(catalogueItems.removedAt)));
  if (!item) throw new NotFoundError();
  await assertMayGetLinks(db, affiliateId);
  let offerId = body.offer_id ?? null;
  if (offerId === null) {
    const [first] = await db
      .select({ id: offers.id })
      .from(offers)
      .where(and(eq(offers.siteId, item.siteId), eq(offers.status, 'active')))
      .orderBy(asc(offers.id))
      .limit(1);
    if (!first) throw new ValidationError({ offer_id: ['This site has no offer to link to yet.'] });
    offerId = first.id;
  } else {
    const [offer] = await db.select({ siteId: offers.siteId }).from(offers).where(eq(offers.id, offerId));
    if (!offer || offer.siteId !== item.siteId) throw new ValidationError({ offer_id: ['This offer is not one of the site of this creative.'] });
  }
  const spec = { affiliateId, offerId, campaignId: body.campaign_id ?? null, landingPageId: null, deepUrl: item.url, creative: creativeIdOf(kind, id) };
  await validateLinkSpec(db, spec);
  const code = await codeFor(db, spec);
  return { code, url: trackingUrl(publicUrl, code, body) };
}
