import createClient from 'openapi-fetch';
import type { paths } from './openapi.d.ts';

/**
 * What an affiliate and a site write against the portal's API, typed from its OpenAPI document
 * (`npm run generate` writes `openapi.d.ts`). A wrong path, parameter or field fails to compile.
 */

export type Portal = ReturnType<typeof createClient<paths>>;

/** An affiliate signs in once and sends the access token with every call. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<Portal> {
  const anonymous = createClient<paths>({ baseUrl });
  const { data, error } = await anonymous.POST('/v2/authentication/login', { body: { email, password } });
  if (error) throw new Error(`${error.error_code}: ${error.message}`);
  if (!('access_token' in data.data)) throw new Error('This account signs in in two steps; confirm the emailed code first.');
  return createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${data.data.access_token}` } });
}

/** The active offers (all of them, not a page) with the payout the affiliate earns on each. */
export async function offers(portal: Portal): Promise<Array<{ id: number; name: string; payout: number }>> {
  const { data, error } = await portal.GET('/v1/offers', { params: { query: { per_page: 'all' } } });
  if (error) throw new Error(`${error.error_code}: ${error.message}`);
  return data.data.map((o) => ({ id: o.id, name: o.name, payout: o.your_payout ?? o.default_payout }));
}

/** The affiliate's tracking link for an offer, with a sub ID to tell traffic sources apart. */
export async function trackingLink(portal: Portal, offerId: number, sub1: string): Promise<string> {
  const { data, error } = await portal.POST('/v1/offers/{id}/tracking-link', { params: { path: { id: String(offerId) } }, body: { sub1 } });
  if (error) throw new Error(`${error.error_code}: ${error.message}`);
  return data.data.url;
}

/** A site's biller reports a sale by URL, with the site's API key and the click id it was given. */
export async function reportSale(baseUrl: string, siteKey: string, sale: { cid: string; amount: string; transactionId: string }) {
  const site = createClient<paths>({ baseUrl });
  const { data, error } = await site.GET('/v1/conversions', {
    params: { query: { key: siteKey, cid: sale.cid, type: 'sale', amount: sale.amount, transaction_id: sale.transactionId } },
  });
  if (error) throw new Error(`${error.error_code}: ${error.message}`);
  return data.data;
}
