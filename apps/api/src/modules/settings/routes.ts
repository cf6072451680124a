import { errorReplySchema, maintenanceSettingsUpdateSchema, publicConfigSchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordChange } from '../../lib/events.ts';
import { anyone, staff } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/config',
    { config: { access: anyone }, schema: { tags: ['settings'], summary: 'What the web app needs before anyone signs in', response: { 200: publicConfigSchema } } },
    async () => {
      const { captcha, social } = app.config;
      return {
        data: {
          maintenance: await app.maintenance.isOn(),
          captcha: captcha ? { provider: captcha.provider, site_key: captcha.siteKey } : null,
          social_providers: (['google', 'facebook'] as const).filter((p) => social[p] !== undefined),
        },
      };
    },
  );

  const maintenanceSchema = z.object({ data: z.object({ enabled: z.boolean() }) });
  app.get(
    '/v1/settings/maintenance',
    {
      onRequest: requireAccess(app, staff('settings')),
      schema: { tags: ['settings'], summary: 'Whether maintenance mode is on', security: [{ bearer: [] }], response: { 200: maintenanceSchema, 401: errorReplySchema, 403: errorReplySchema } },
    },
    async () => ({ data: { enabled: await app.maintenance.isOn() } }),
  );
  app.put(
    '/v1/settings/maintenance',
    {
      onRequest: requireAccess(app, staff('settings')),
      schema: {
        tags: ['settings'],
        summary: 'Turn maintenance mode on or off',
        security: [{ bearer: [] }],
        body: maintenanceSettingsUpdateSchema,
        response: { 200: maintenanceSchema, 401: errorReplySchema, 403: errorReplySchema, 422: errorReplySchema },
      },
    },
    async (request) => {
      const before = { enabled: await app.maintenance.isOn() };
      await app.maintenance.set(request.body.enabled);
      await recordChange(request, 'settings.maintenance', { objectId: 'maintenance', before, after: { enabled: request.body.enabled } });
      return { data: { enabled: request.body.enabled } };
    },
  );
};
