import { emailKinds, emailPreferencesReplySchema, emailPreferencesUpdateSchema, errorReplySchema, idText, profileMessages } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { anyone, signedIn } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { getEmailPreferences, setEmailPreferences, verifyUnsubscribe } from '../email/index.ts';
import { targetQuery, targetUserId } from '../../lib/target.ts';

const tags = ['profile'];
const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };
const unsubscribeQuery = z.object({ u: idText(), k: z.enum(emailKinds), s: z.string().max(100) });
const kindWords: Record<(typeof emailKinds)[number], string> = {
  news: 'news',
  payout_updates: 'payout updates',
  tax_form_reminders: 'tax form reminders',
  weekly_summary: 'the weekly statistics summary',
};

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body style="font-family:system-ui,Arial,sans-serif;background:#14121c;color:#eee;max-width:520px;margin:10vh auto;padding:24px"><h1 style="font-size:22px">${title}</h1>${body}</body></html>`;
}

/** Profile > Email preferences, and the one-click unsubscribe link every optional email carries (RFC 8058). */
export const emailPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/user/email-preferences',
    {
      onRequest: requireAccess(app, signedIn),
      schema: { tags, summary: 'Which optional emails the user gets (staff with affiliates: an affiliate\'s, by user_id)', security, querystring: targetQuery, response: { 200: emailPreferencesReplySchema, ...errors } },
    },
    async (request) => ({ data: await getEmailPreferences(app.db, await targetUserId(app.db, request, request.query.user_id)) }),
  );

  app.put(
    '/v1/user/email-preferences',
    {
      onRequest: requireAccess(app, signedIn),
      schema: { tags, summary: 'Choose which optional emails the user gets', security, querystring: targetQuery, body: emailPreferencesUpdateSchema, response: { 200: emailPreferencesReplySchema.extend({ message: z.string() }), ...errors } },
    },
    async (request) => {
      const userId = await targetUserId(app.db, request, request.query.user_id);
      const data = await setEmailPreferences(app.db, userId, request.body);
      const caller = request.auth!;
      await recordEvent(app.db, 'email.preferences', { actorId: caller.impersonatorId ?? caller.id, subjectId: userId, ip: request.ip, data: { ...data } });
      return { data, message: profileMessages.emailPreferencesApplied };
    },
  );

  app.get(
    '/v1/email/unsubscribe',
    {
      onRequest: requireAccess(app, anyone),
      schema: { tags, summary: "An optional email's unsubscribe link: a page that asks to confirm (link scanners open links; they must not unsubscribe)", querystring: unsubscribeQuery, response: { 200: z.unknown(), ...errors } },
    },
    async (request, reply) => {
      const { u, k, s } = request.query;
      if (!verifyUnsubscribe(app.config, u, k, s)) throw new NotFoundError('This unsubscribe link is not valid.');
      const action = `/v1/email/unsubscribe?${new URLSearchParams({ u: String(u), k, s })}`.replace(/&/g, '&amp;');
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Unsubscribe',
            `<p>Stop emails about ${kindWords[k]}?</p><form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="background:#8b5cf6;color:#fff;border:0;border-radius:8px;padding:12px 20px;font-weight:600;cursor:pointer">Unsubscribe</button></form>`,
          ),
        );
    },
  );

  app.post(
    '/v1/email/unsubscribe',
    {
      onRequest: requireAccess(app, anyone),
      schema: { tags, summary: 'One-click unsubscribe (RFC 8058): no sign-in, the signed link names the user and the kind of email', querystring: unsubscribeQuery, response: { 200: z.unknown(), ...errors } },
    },
    async (request, reply) => {
      const { u, k, s } = request.query;
      if (!verifyUnsubscribe(app.config, u, k, s)) throw new NotFoundError('This unsubscribe link is not valid.');
      await setEmailPreferences(app.db, u, { [k]: false });
      await recordEvent(app.db, 'email.unsubscribed', { subjectId: u, ip: request.ip, data: { kind: k } });
      return reply.type('text/html; charset=utf-8').send(page('Unsubscribed', `<p>${profileMessages.unsubscribed} You can turn them on again in Profile &gt; Email preferences.</p>`));
    },
  );
};
