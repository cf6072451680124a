import type { HomeData } from '@portal/contracts';
import { asc, count, eq, max, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { offers, sites } from '../../db/schema/index.ts';
import { firstLogos } from '../creatives/index.ts';
import { UPLOAD_URL_PREFIX } from '../uploads/index.ts';

/** The first sentence of a description, at most 140 characters. */
export function lineOf(description: string): string {
  const first = description.trim().split(/(?<=[.!?])\s/)[0] ?? '';
  return first.length > 140 ? `${first.slice(0, 139).trimEnd()}…` : first;
}

async function load(db: Db): Promise<HomeData> {
  const live = await db
    .selectDistinct({ id: sites.id, name: sites.name, displayName: sites.displayName, url: sites.url, description: sites.description })
    .from(sites)
    .innerJoin(offers, eq(offers.siteId, sites.id))
    .where(eq(offers.status, 'active'))
    .orderBy(asc(sites.displayName));
  const logos = await firstLogos(
    db,
    live.map((s) => s.id),
  );
  const programs = await db
    .select({ payout_type: offers.payoutType, goal: offers.goal, min: min(offers.defaultPayout), max: max(offers.defaultPayout), offers: count() })
    .from(offers)
    .where(eq(offers.status, 'active'))
    .groupBy(offers.payoutType, offers.goal)
    .orderBy(sql`${offers.payoutType} desc`, asc(offers.goal));
  return {
    network: live.map((s) => {
      const logo = logos.get(s.id);
      return { name: s.name, display_name: s.displayName, url: s.url, line: lineOf(s.description), logo: logo ? `${UPLOAD_URL_PREFIX}${logo.path}` : null };
    }),
    programs: programs.map((p) => ({ ...p, min: p.min ?? 0, max: p.max ?? 0 })),
  };
}

/** Sites and offers change rarely: the home page's live data is kept for a minute per process. */
const TTL_MS = 60_000;
const cache = new WeakMap<Db, { at: number; data: Promise<HomeData> }>();

export function getHomeData(db: Db): Promise<HomeData> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.data;
  const data = load(db);
  cache.set(db, { at: Date.now(), data });
  data.catch(() => cache.delete(db));
  return data;
}
