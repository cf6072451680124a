import {
  type EmailType,
  emailPreviewBodySchema,
  emailPreviewSchema,
  emailTemplateMessages,
  emailTemplateSchema,
  emailTemplateUpdateSchema,
  emailTestBodySchema,
  errorReplySchema,
  isEmailType,
  messageReplySchema,
} from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { recordChange } from '../../lib/events.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import { staff } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { sampleVars } from './samples.ts';
import { deliver, renderEmail } from './send.ts';
import { checkTemplate, getTemplate, listTemplates, resetTemplate, saveTemplate } from './store.ts';

const tags = ['email-templates'];
const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };
const typeParams = z.object({ type: z.string().max(64) });
const one = z.object({ data: emailTemplateSchema });

function typeOf(params: { type: string }): EmailType {
  if (!isEmailType(params.type)) throw new NotFoundError();
  return params.type;
}

/** Email templates (Global Settings, staff with `settings`): every email the product sends, editable. */
export const emailTemplateRoutes: FastifyPluginAsyncZod = async (app) => {

  app.get(
    '/v1/email-templates',
    { onRequest: requireAccess(app, staff('settings')), schema: { tags, summary: 'Every email type with its current subject, body and variables', security, response: { 200: z.object({ data: z.array(emailTemplateSchema) }), ...errors } } },
    async () => ({ data: await listTemplates(app.db) }),
  );

  app.put(
    '/v1/email-templates/:type',
    {
      onRequest: requireAccess(app, staff('settings')),
      schema: {
        tags,
        summary: 'Save a template: the body is sanitised; a variable the type does not offer is refused (422 on its field)',
        security,
        params: typeParams,
        body: emailTemplateUpdateSchema,
        response: { 200: one, ...errors },
      },
    },
    async (request) => {
      const type = typeOf(request.params);
      const { before, after } = await saveTemplate(app.db, type, request.body);
      await recordChange(request, 'email_template.updated', { objectId: type, before: { subject: before.subject, body: before.body }, after: { subject: after.subject, body: after.body } });
      return { data: after };
    },
  );

  app.post(
    '/v1/email-templates/:type/reset',
    { onRequest: requireAccess(app, staff('settings')), schema: { tags, summary: 'Bring back the shipped default of a template', security, params: typeParams, response: { 200: one, ...errors } } },
    async (request) => {
      const type = typeOf(request.params);
      const { before, after } = await resetTemplate(app.db, type);
      await recordChange(request, 'email_template.reset', { objectId: type, before: { subject: before.subject, body: before.body }, after: { subject: after.subject, body: after.body } });
      return { data: after };
    },
  );

  app.post(
    '/v1/email-templates/:type/preview',
    {
      onRequest: requireAccess(app, staff('settings')),
      schema: { tags, summary: "Render a subject and body (saved or not) with a chosen affiliate's data", security, params: typeParams, body: emailPreviewBodySchema, response: { 200: z.object({ data: emailPreviewSchema }), ...errors } },
    },
    async (request) => {
      const type = typeOf(request.params);
      const template = checkTemplate(type, request.body);
      const vars = await sampleVars(app.db, app.config.publicUrl, type, { affiliateId: request.body.affiliate_id, staffId: request.auth!.id });
      return { data: await renderEmail(app, type, vars, template) };
    },
  );

  app.post(
    '/v1/email-templates/:type/test',
    {
      onRequest: requireAccess(app, staff('settings')),
      schema: {
        tags,
        summary:
          'Mail a template to the signed-in staff member through the configured SMTP (or the outbox): the draft in `subject` and `body` (checked as a save is), or the saved template without them',
        security,
        params: typeParams,
        body: emailTestBodySchema.optional(),
        response: { 200: messageReplySchema, ...errors },
      },
    },
    async (request) => {
      const type = typeOf(request.params);
      const [me] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, request.auth!.id));
      if (!me) throw new NotFoundError();
      const { subject, body, affiliate_id: affiliateId } = request.body ?? {};
      const draft = subject !== undefined || body !== undefined;
      // A draft is validated and sanitised exactly as a save would be (and never stored).
      const template = draft ? checkTemplate(type, parseOrThrow(emailTemplateUpdateSchema, { subject, body })) : await getTemplate(app.db, type);
      const vars = await sampleVars(app.db, app.config.publicUrl, type, { affiliateId, staffId: request.auth!.id });
      const rendered = await renderEmail(app, type, vars, template);
      await deliver(app, me.email, rendered);
      await recordChange(request, 'email_template.test', { objectId: type, data: { to: me.email, draft } });
      return { data: { message: emailTemplateMessages.testSent(me.email) } };
    },
  );
};
