import { contactMessages, contactRequestSchema, errorReplySchema, landingReplySchema, messageReplySchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessages as contactTable } from '../../db/schema/index.ts';
import { verifyCaptcha } from '../../lib/captcha.ts';
import { ForbiddenError } from '../../lib/errors.ts';
import { resolveAuth } from '../../plugins/auth.ts';
import { sendEmail } from '../email/index.ts';
import { getHomeData } from './home-data.ts';
import { getLandingImages } from '../settings/index.ts';
import { getSeo } from './landing.ts';
import { anyone } from '../../lib/access.ts';

export const publicSiteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/landing',
    { config: { access: anyone }, schema: { tags: ['site'], summary: 'SEO, section images and the live network and programs of the public home page', response: { 200: landingReplySchema } } },
    async () => ({ data: { seo: await getSeo(app.db), images: await getLandingImages(app.db), home: await getHomeData(app.db) } }),
  );

  app.post(
    '/v1/contact',
    {
      config: { access: anyone },
      schema: {
        tags: ['site'],
        summary: 'Contact Us: stored and emailed to support (visitors and affiliates only)',
        body: contactRequestSchema,
        response: { 200: messageReplySchema, 403: errorReplySchema, 422: errorReplySchema, 429: errorReplySchema },
      },
    },
    async (request) => {
      const caller = await resolveAuth(app, request);
      if (caller && !caller.isClient) throw new ForbiddenError(contactMessages.staffNotAllowed);
      await app.limiter.hit(`contact:ip:${request.ip}`, 5, 15 * 60 * 1000);
      await verifyCaptcha(app.config.captcha, request.body.captcha_token, request.ip);
      const { name, email, message } = request.body;
      await app.db.insert(contactTable).values({ name, email, message, userId: caller?.id ?? null, ip: request.ip });
      await sendEmail(app, 'contact_message', { replyTo: email, vars: { name, email, message, sender: caller ? `Affiliate #${caller.id}` : 'Visitor (not signed in)' } });
      return { data: { message: contactMessages.sent } };
    },
  );
};
