import { clickScreeningSettingsSchema, errorReplySchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordChange } from '../../lib/events.ts';
import { staff } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { putSetting } from '../settings/index.ts';
import { CLICK_SCREENING_SETTING, getClickScreeningSettings } from './click-screening.ts';

const tags = ['settings'];
const security = [{ bearer: [] }];
const reply = z.object({ data: clickScreeningSettingsSchema });
const errors = { 401: errorReplySchema, 403: errorReplySchema };

/** Global Settings > Click screening: what happens to invalid clicks of each reason, and the repeat and burst limits. */
export const clickScreeningRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/settings/click-screening',
    {
      onRequest: requireAccess(app, staff('settings')),
      schema: {
        tags,
        summary: 'Global Settings: click screening (action per invalid reason, repeat window, burst limit)',
        description: 'Actions: accept (to the offer, conversions accepted and flagged; the default), fallback (to the fallback instead), hold (to the offer, conversions held for review).',
        security,
        response: { 200: reply, ...errors },
      },
    },
    async () => ({ data: await getClickScreeningSettings(app.db) }),
  );

  app.put(
    '/v1/settings/click-screening',
    {
      onRequest: requireAccess(app, staff('settings')),
      schema: {
        tags,
        summary: 'Save Global Settings: click screening',
        description: 'Every instance uses the new settings within the link cache lifetime (5 seconds); this one at once.',
        security,
        body: clickScreeningSettingsSchema,
        response: { 200: reply, ...errors, 422: errorReplySchema },
      },
    },
    async (request) => {
      const before = await getClickScreeningSettings(app.db);
      await putSetting(app.db, CLICK_SCREENING_SETTING, request.body);
      await app.clickScreen.reload();
      const after = await getClickScreeningSettings(app.db);
      await recordChange(request, 'settings.updated', { objectId: 'click-screening', before, after });
      return { data: after };
    },
  );
};
