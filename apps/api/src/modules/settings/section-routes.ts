import {
  type DashboardSettings,
  type GlobalEmailSettings,
  type NetworkDetails,
  networkDetailsSchema,
  networkDetailsUpdateSchema,
  type SeoSettings,
  dashboardSettingsSchema,
  dashboardSettingsUpdateSchema,
  emailNotificationsSettingsSchema,
  emailNotificationsSettingsUpdateSchema,
  errorReplySchema,
  globalEmailSettingsSchema,
  globalEmailSettingsUpdateSchema,
  landingImageSettingsSchema,
  seoSettingsSchema,
  seoSettingsUpdateSchema,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordChange } from '../../lib/events.ts';
import { clientOrStaff, staff } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { readForm } from '../../plugins/multipart.ts';
import { seoChanged } from '../../plugins/web-app.ts';
import { getLandingImageSettings, saveLandingImages } from './landing-images.ts';
import * as sections from './sections.ts';
import { documentRoutes } from '../../plugins/document-routes.ts';

const tags = ['settings'];
const security = [{ bearer: [] }];
const readErrors = { 401: errorReplySchema, 403: errorReplySchema };
const writeErrors = { 413: errorReplySchema, 415: errorReplySchema, 422: errorReplySchema };

/**
 * Global Settings' document sections: `GET|PUT /v1/settings/{section}` (staff with `settings`).
 * Every write is recorded in the event history with the section's values before and after.
 */
export const settingsSectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const record = (request: FastifyRequest, section: string, before: unknown, after: unknown) => recordChange(request, 'settings.updated', { objectId: section, before, after });

  /** One section stored as one document: read it, replace it whole. */
  function documentSection<V>(section: string, title: string, shape: { body: z.ZodType; reply: z.ZodType }, get: () => Promise<unknown>, put: (value: V) => Promise<void>) {
    documentRoutes<V>(app, { path: `/v1/settings/${section}`, access: staff('settings'), summaries: { get: `Global Settings: ${title}`, put: `Save Global Settings: ${title}` }, ...shape, get, put, putErrors: writeErrors });
  }

  documentSection('dashboard', 'the message and links at the top of the affiliate dashboard', { body: dashboardSettingsUpdateSchema, reply: dashboardSettingsSchema }, () => sections.getDashboardSettings(app.db), (v: DashboardSettings) =>
    sections.putDashboardSettings(app.db, v),
  );
  documentSection(
    'global-email',
    'sender, reply-to, footer and support address of every email',
    { body: globalEmailSettingsUpdateSchema, reply: globalEmailSettingsSchema },
    () => sections.getGlobalEmailSettings(app.db, app.config),
    (v: GlobalEmailSettings) => sections.putGlobalEmailSettings(app.db, v),
  );
  documentSection('seo', 'title, description and content of each public page', { body: seoSettingsUpdateSchema, reply: seoSettingsSchema }, () => sections.getSeoSettings(app.db), async (v: SeoSettings) => {
    await sections.putSeoSettings(app.db, v);
    seoChanged();
  },
  );
  documentSection(
    'email-notifications',
    'which emails are sent, on or off each',
    { body: emailNotificationsSettingsUpdateSchema, reply: emailNotificationsSettingsSchema },
    () => sections.getEmailNotifications(app.db),
    (v: Record<string, boolean>) => sections.putEmailNotifications(app.db, v),
  );

  documentSection(
    'network-details',
    "the network's name (the app's one brand name), address, email, tax id and invoice footer",
    { body: networkDetailsUpdateSchema, reply: networkDetailsSchema },
    () => sections.getNetworkDetails(app.db),
    async (v: NetworkDetails) => {
      const before = await sections.getNetworkDetails(app.db);
      await sections.putNetworkDetails(app.db, v);
      await sections.renameSender(app.db, before.name, v.name);
      // The brand name is in every page the server sends; the default fallback is read with each link.
      seoChanged();
      app.linkCache.clear();
    },
  );

  const imagesReply = z.object({ data: landingImageSettingsSchema });
  app.get(
    '/v1/settings/landing-page-images',
    { onRequest: requireAccess(app, staff('settings')), schema: { tags, summary: 'Global Settings: the home page section images, desktop and mobile', security, response: { 200: imagesReply, ...readErrors } } },
    async () => ({ data: await getLandingImageSettings(app.db) }),
  );
  app.put(
    '/v1/settings/landing-page-images',
    {
      onRequest: requireAccess(app, staff('settings')),
      schema: {
        tags,
        summary: 'Save Global Settings: the home page section images',
        description: 'multipart/form-data: `<section>_desktop` and `<section>_mobile` files (jpg, jpeg, png up to 2 MB, checked by content) for features, network and programs; `<field>_deleted` uuids bring back the shipped picture.',
        security,
        response: { 200: imagesReply, ...readErrors, ...writeErrors },
      },
    },
    async (request) => {
      const before = await getLandingImageSettings(app.db);
      const after = await saveLandingImages(app.db, app.config, await readForm(request), request.auth!.id);
      await record(request, 'landing-page-images', before.images, after.images);
      return { data: after };
    },
  );

  const dashboardNotice = z.object({ data: dashboardSettingsSchema });
  app.get(
    '/v1/dashboard/notice',
    {
      onRequest: requireAccess(app, clientOrStaff('dashboard')),
      schema: { tags: ['statistics'], summary: 'The message and links staff put at the top of the dashboard', security, response: { 200: dashboardNotice, ...readErrors } },
    },
    async () => ({ data: await sections.getDashboardSettings(app.db) }),
  );
};
