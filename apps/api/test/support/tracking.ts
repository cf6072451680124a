import type { FastifyInstance } from 'fastify';
import type { MailCatcher } from './mail-catcher.ts';
import { appWithStaffAliceAndBob } from './people.ts';
import { bearer } from './users.ts';

type Tokens = { access_token: string };

export const DESKTOP_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
export const QUEST_UA = 'Mozilla/5.0 (X11; Linux x86_64; Quest 3) AppleWebKit/537.36 (KHTML, like Gecko) OculusBrowser/33.0 Chrome/126.0 VR Safari/537.36';
export const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
export const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

async function ok<T>(res: { statusCode: number; body: string; json: () => T }, expected = [200, 201]): Promise<T> {
  if (!expected.includes(res.statusCode)) throw new Error(`${res.statusCode}: ${res.body}`);
  return res.json();
}

/** A site with a landing page and an offer, made through the staff API. */
export async function createCatalogue(
  app: FastifyInstance,
  staff: Tokens,
  opts: { name: string; payoutType: 'cpa' | 'revshare'; payout: number; goal?: 'signup' | 'sale'; landingUrl?: string },
) {
  const site = (
    await ok<{ data: { id: number; api_key: string } }>(
      await app.inject({ method: 'POST', url: '/v1/sites', headers: bearer(staff), payload: { name: opts.name, display_name: opts.name.toUpperCase(), url: `https://${opts.name}.example` } }),
    )
  ).data;
  const lp = (
    await ok<{ data: { id: number } }>(
      await app.inject({
        method: 'POST',
        url: '/v1/landing-pages',
        headers: bearer(staff),
        payload: { site_id: site.id, name: 'Main tour', url: opts.landingUrl ?? `https://${opts.name}.example/tour?ref={cid}` },
      }),
    )
  ).data;
  const offer = (
    await ok<{ data: { id: number } }>(
      await app.inject({
        method: 'POST',
        url: '/v1/offers',
        headers: bearer(staff),
        payload: { site_id: site.id, name: `${opts.name} ${opts.payoutType}`, payout_type: opts.payoutType, goal: opts.goal ?? 'sale', default_payout: opts.payout, landing_page_id: lp.id },
      }),
    )
  ).data;
  return { siteId: site.id, apiKey: site.api_key, landingPageId: lp.id, offerId: offer.id };
}

export type Catalogue = Awaited<ReturnType<typeof createCatalogue>>;

/**
 * The app at http://portal.test with staff holding `permissions` and two affiliates, alice and bob, signed in (their tokens, and the
 * affiliates' ids), and the catalogues asked for made by that staff in the order given. Close it with `closeAppWithMail`.
 */
export async function appWithCatalogues<K extends string>(mail: MailCatcher, permissions: string[], catalogues: Record<K, Parameters<typeof createCatalogue>[2]>) {
  const world = await appWithStaffAliceAndBob(mail, permissions, { PUBLIC_URL: 'http://portal.test' });
  const made = {} as Record<K, Catalogue>;
  for (const [key, opts] of Object.entries(catalogues) as [K, Parameters<typeof createCatalogue>[2]][]) made[key] = await createCatalogue(world.t.app, world.staff, opts);
  return { ...world, catalogues: made };
}

export async function trackingLink(app: FastifyInstance, affiliate: Tokens, offerId: number, body: Record<string, unknown> = {}): Promise<{ url: string; code: string }> {
  return (await ok<{ data: { url: string; code: string } }>(await app.inject({ method: 'POST', url: `/v1/offers/${offerId}/tracking-link`, headers: bearer(affiliate), payload: body }))).data;
}

/** Follows a tracking link as a browser would; answers the click id the destination received. */
export async function click(app: FastifyInstance, url: string, opts: { ua?: string; ip?: string; method?: 'GET' | 'HEAD'; headers?: Record<string, string> } = {}) {
  const u = new URL(url);
  const res = await app.inject({
    method: opts.method ?? 'GET',
    url: `${u.pathname}${u.search}`,
    headers: { 'user-agent': opts.ua ?? DESKTOP_UA, ...opts.headers },
    remoteAddress: opts.ip ?? '81.2.69.160',
  });
  const location = res.headers.location ? new URL(String(res.headers.location)) : undefined;
  const cid = location?.searchParams.get('ref') ?? location?.searchParams.get('cid') ?? null;
  return { status: res.statusCode, location, cid, body: res.body };
}

export function convert(app: FastifyInstance, apiKey: string, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/v1/conversions', headers: { authorization: `Bearer ${apiKey}` }, payload });
}
