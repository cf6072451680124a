import { billerMessages, conversionReplySchema, conversionRequestSchema, conversionTypes, errorReplySchema, trackingMessages } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { batchesInFlight } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import { type ReportingSite, siteKeyResolver } from '../sites/index.ts';
import { fromHundredths } from '../../lib/money-units.ts';
import { type ConversionInput, type ConversionSource, recordConversion, siteApi } from './service.ts';
import { anyone } from '../../lib/access.ts';

type SiteLookup = ReturnType<typeof siteKeyResolver>;

async function siteOf(siteByKey: SiteLookup, request: FastifyRequest, queryKey: string | undefined) {
  const header = request.headers.authorization ?? '';
  const key = header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : (queryKey ?? '');
  const site = key ? await siteByKey(key) : undefined;
  if (!site) throw new AppError('unauthenticated', trackingMessages.invalidKey);
  return site;
}

/** A site whose billers report its sales and rebills may not report them too (unless its biller account says so): 409. */
function refuseCountedTwice(site: { billersOnly: boolean }, input: ConversionInput): void {
  if (site.billersOnly && (input.type === 'sale' || input.type === 'rebill')) throw new AppError('conflict', billerMessages.siteReportsOff);
}

const tags = ['conversions'];
/**
 * The URL form's fields, described for the API document. They stay plain text here and are
 * checked after the site key by the same rules as the JSON form, so both forms answer alike.
 */
const conversionQuerySchema = z.object({
  key: z.string().optional().describe("The site's API key (or send it as Authorization: Bearer)"),
  cid: z.string().optional().describe('The click id the tracking link passed to the site; unknown or missing ones are stored as orphaned'),
  type: z.string().optional().meta({ enum: [...conversionTypes], description: 'What happened (required)' }),
  amount: z.string().optional().describe("Amount as a plain decimal with at most the currency's minor digits (JPY 0, USD 2, BHD 3), e.g. 19.99; at most the network's maximum per conversion once converted to USD"),
  currency: z.string().optional().describe('A current ISO 4217 code (not an X-code such as XXX or XAU); USD when left out. Converted to USD at the latest rate on or before the day; without one the conversion is held'),
  transaction_id: z.string().optional().describe("The site's own id of this transaction (required); a repeat is answered `duplicate`"),
  original_transaction_id: z.string().optional().describe('For a refund or chargeback: the sale or rebill it takes back. With a cid it must be a sale of that click; with no cid the sale is found by it on this site'),
});
const errors = { 400: errorReplySchema, 401: errorReplySchema, 409: errorReplySchema, 422: errorReplySchema };
const description =
  'Sites report conversions server to server with their API key. Idempotent on (site, transaction_id): a repeat answers `duplicate` and changes nothing; with a biller account marked "the site reports too", the same transaction id reported by that biller is the same conversion (`duplicate`). An unknown click id is stored as `orphaned` with the reason. A refund or chargeback takes back only a sale of its own click (or, with no cid, the sale its original_transaction_id names on this site), whether the site or its biller reported the sale, never more than is left of its earning or revenue; one that finds no sale is stored as `orphaned` with the reason. One whose sale has nothing left answers `accepted` with earning 0. Once the site has an active biller account, its own sales and rebills are refused (409) unless that account is marked "the site reports too".';

export const conversionRoutes: FastifyPluginAsyncZod = async (app) => {
  const siteByKey = siteKeyResolver(app.db, batchesInFlight(app.config.database.kind));
  /** Refunds and chargebacks look up the earning they reverse: one by one. */
  const record = (site: ReportingSite, input: ConversionInput) => {
    // With "the site reports too", the site's transaction ids are its biller's: one sale, one conversion.
    const source: ConversionSource = { ...siteApi, sharedIds: site.sharesIds };
    return input.type === 'refund' || input.type === 'chargeback'
      ? recordConversion(app.db, site.id, input, new Date(), source)
      : app.conversionWriter.write({ siteId: site.id, input, now: new Date(), source });
  };

  app.post(
    '/v1/conversions',
    {
      config: { access: anyone },
      schema: {
        tags,
        summary: 'Report a conversion (JSON or form fields; Authorization: Bearer <site api key>)',
        description,
        security: [{ siteKey: [] }],
        body: z.record(z.string(), z.unknown()).nullish(),
        response: { 200: conversionReplySchema, ...errors },
      },
    },
    async (request) => {
      const site = await siteOf(siteByKey, request, undefined);
      const input = parseOrThrow(conversionRequestSchema, request.body ?? {});
      refuseCountedTwice(site, input);
      const out = await record(site, input);
      return { data: { status: out.status, conversion_id: out.conversionId, earning: out.earningCents === null ? null : fromHundredths(out.earningCents), reason: out.reason } };
    },
  );

  app.get(
    '/v1/conversions',
    {
      config: { access: anyone },
      schema: {
        tags,
        summary: 'Report a conversion by URL, for billers that can only fire a URL (?key=<site api key>&cid=&type=&amount=&transaction_id=)',
        description,
        security: [{ siteKeyQuery: [] }, { siteKey: [] }],
        querystring: conversionQuerySchema,
        response: { 200: conversionReplySchema, ...errors },
      },
    },
    async (request) => {
      const { key, ...fields } = request.query;
      const site = await siteOf(siteByKey, request, key);
      const input = parseOrThrow(conversionRequestSchema, fields);
      refuseCountedTwice(site, input);
      const out = await record(site, input);
      return { data: { status: out.status, conversion_id: out.conversionId, earning: out.earningCents === null ? null : fromHundredths(out.earningCents), reason: out.reason } };
    },
  );
};
