import { errorReplySchema, exchangeRateKeyParamsSchema, exchangeRateSchema, exchangeRateSettingsSchema, exchangeRateSettingsUpdateSchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordChange } from '../../lib/events.ts';
import { staff } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { exchangeRateSettings, type RateDeps, updateExchangeRateSettings } from './service.ts';
import { deleteStaffRate, latestRates } from './store.ts';

const tags = ['settings'];
const security = [{ bearer: [] }];
const reply = z.object({ data: exchangeRateSettingsSchema });
const errors = { 401: errorReplySchema, 403: errorReplySchema };

export const exchangeRateRoutes: FastifyPluginAsyncZod<{ deps: RateDeps }> = async (app, { deps }) => {
  app.get(
    '/v1/settings/exchange-rates',
    {
      onRequest: requireAccess(app, staff('settings')),
      schema: {
        tags,
        summary: 'Global Settings: the latest exchange rate of each currency, the ECB load, the maximum per conversion',
        description: 'USD per one unit of each currency, from the European Central Bank (loaded daily) or typed by staff; conversions are converted at the latest rate on or before their day.',
        security,
        response: { 200: reply, ...errors },
      },
    },
    async () => ({ data: await exchangeRateSettings(deps) }),
  );

  app.put(
    '/v1/settings/exchange-rates',
    {
      onRequest: requireAccess(app, staff('settings')),
      schema: {
        tags,
        summary: 'Save Global Settings: exchange rates (USD per unit, for a day) and the maximum per conversion',
        description: 'A staff rate replaces the rate of its day (an ECB one too) and releases the conversions held for want of it.',
        security,
        body: exchangeRateSettingsUpdateSchema,
        response: { 200: reply, ...errors, 422: errorReplySchema },
      },
    },
    async (request) => {
      const before = await exchangeRateSettings(deps);
      await updateExchangeRateSettings(deps, request.body, request.auth!.id);
      const after = await exchangeRateSettings(deps);
      // Before and after: the maximum and the latest rates of the currencies this write touched.
      const touched = new Set((request.body.rates ?? []).map((r) => r.currency));
      const part = (v: typeof before) => ({ max_conversion_amount: v.max_conversion_amount, rates: v.rates.filter((r) => touched.has(r.currency)) });
      await recordChange(request, 'settings.updated', { objectId: 'exchange-rates', before: part(before), after: part(after) });
      return { data: after };
    },
  );

  app.delete(
    '/v1/settings/exchange-rates/:currency/:day',
    {
      onRequest: requireAccess(app, staff('settings')),
      schema: {
        tags,
        operationId: 'withdrawExchangeRate',
        summary: 'Withdraw a staff exchange rate',
        description:
          "Deletes the rate staff typed for the currency and day; the currency's latest rate is then the one before. Conversions already converted keep the rate they were converted at. An ECB rate cannot be withdrawn (404).",
        security,
        params: exchangeRateKeyParamsSchema,
        response: { 200: z.object({ data: z.object({ withdrawn: exchangeRateSchema, latest: exchangeRateSchema.nullable() }) }), ...errors, 404: errorReplySchema, 422: errorReplySchema },
      },
    },
    async (request) => {
      const { currency, day } = request.params;
      const withdrawn = await deleteStaffRate(deps.db, currency, day);
      if (!withdrawn) throw new NotFoundError();
      const latest = (await latestRates(deps.db)).find((r) => r.currency === currency) ?? null;
      const brief = (r: typeof withdrawn | null) => (r ? { currency: r.currency, day: r.day, rate: r.rate, source: r.source } : null);
      await recordChange(request, 'exchange_rate.withdrawn', { objectId: `${currency}|${day}`, before: brief(withdrawn), after: brief(latest) });
      return { data: { withdrawn, latest } };
    },
  );
};
