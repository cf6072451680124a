import {
  affiliateBulkReplySchema,
  affiliateBulkRequestSchema,
  affiliateMessages as msg,
  affiliateRejectRequestSchema,
  affiliateReplySchema,
  errorReplySchema,
  idParamsSchema,
  managerAssignRequestSchema,
  offerRewardReplySchema,
  offerRewardRequestSchema,
  tierAssignRequestSchema,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { NotFoundError } from '../../lib/errors.ts';
import type { BodyOf } from '../../lib/route-body.ts';
import { networkScope, scopeOf } from '../../lib/scope.ts';
import { ofAffiliate, staff } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { type Actor, assignManager, assignTier, setActive, setRevsharePaused } from './actions.ts';
import { approveAffiliate, rejectAffiliate } from './approval.ts';
import { runBulk } from './bulk.ts';
import { getAffiliateItem } from './list.ts';
import { setOfferReward } from './offer-reward.ts';

const tags = ['affiliates'];
const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema, 422: errorReplySchema };
const actorOf = (request: { auth?: { id: number } | undefined; ip: string }): Actor => ({ id: request.auth!.id, ip: request.ip });

/** The row actions and dialogs of the affiliates list (staff with `affiliates`); each answers the changed row and the SPEC message. */
export const affiliateActionRoutes: FastifyPluginAsyncZod = async (app) => {
  const itemOf = async (id: number, viewer: number) => {
    const item = await getAffiliateItem(app.db, id, { id: viewer, scope: networkScope });
    if (!item) throw new NotFoundError(msg.notFound);
    return item;
  };

  /** One POST /v1/affiliates/{id}/<action> with no body but the path. */
  const simple = (path: string, summary: string, message: string, run: (actor: Actor, id: number) => Promise<void>) =>
    app.post(
      `/v1/affiliates/:id/${path}`,
      { onRequest: requireAccess(app, ofAffiliate(staff('affiliates'))), schema: { tags, summary, security, params: idParamsSchema, response: { 200: affiliateReplySchema, ...errors } } },
      async (request) => {
        await run(actorOf(request), request.params.id);
        return { data: await itemOf(request.params.id, request.auth!.id), message };
      },
    );

  // Links are cached for a few seconds: an account change reaches the redirect at once.
  const thenClearLinks = async (work: Promise<void>) => {
    await work;
    app.linkCache.clear();
  };
  simple('activate', 'Activate the account', msg.activated, (actor, id) => thenClearLinks(setActive(app.db, actor, id, true)));
  simple('deactivate', 'Deactivate the account: sessions end at once, links keep redirecting without counting; never the owner', msg.deactivated, (actor, id) =>
    thenClearLinks(setActive(app.db, actor, id, false)),
  );
  simple('revshare/pause', 'Pause revshare earnings', msg.revsharePaused, (actor, id) => setRevsharePaused(app.db, actor, id, true));
  simple('revshare/unpause', 'Resume revshare earnings', msg.revshareUnpaused, (actor, id) => setRevsharePaused(app.db, actor, id, false));
  const mailDeps = () => ({ db: app.db, mailer: app.mailer, config: app.config });
  simple('approve', 'Approve a pending sign-up (the affiliate is emailed)', msg.approved, (actor, id) => approveAffiliate(mailDeps(), actor, id));

  /** One POST /v1/affiliates/{id}/<action> that takes `body`: `run` does it and says the message to answer. */
  const withBody = <S extends z.ZodType>(path: string, summary: string, body: S, run: (actor: Actor, id: number, input: BodyOf<S>) => Promise<string>) =>
    app.post(
      `/v1/affiliates/:id/${path}`,
      { onRequest: requireAccess(app, ofAffiliate(staff('affiliates'))), schema: { tags, summary, security, params: idParamsSchema, body, response: { 200: affiliateReplySchema, ...errors } } },
      async (request) => {
        const message = await run(actorOf(request), request.params.id, request.body);
        return { data: await itemOf(request.params.id, request.auth!.id), message };
      },
    );

  withBody('reject', 'Reject a pending sign-up with a reason (the account closes; the affiliate is emailed)', affiliateRejectRequestSchema, async (actor, id, input) => {
    await rejectAffiliate(mailDeps(), actor, id, input.reason);
    app.linkCache.clear();
    return msg.rejected;
  });
  withBody('manager', 'Assign a staff user as manager (or none)', managerAssignRequestSchema, async (actor, id, input) => {
    await assignManager(app.db, actor, id, input.manager_id);
    return input.manager_id ? msg.managerAssigned : msg.managerRemoved;
  });
  withBody('tier', 'Put the affiliate in a tier', tierAssignRequestSchema, async (actor, id, input) => {
    await assignTier(app.db, actor, id, input.tier_id);
    return msg.tierAssigned;
  });

  app.post(
    '/v1/affiliates/:id/offer-reward',
    {
      onRequest: requireAccess(app, ofAffiliate(staff('affiliates'))),
      schema: {
        tags,
        summary: "A custom payout for this affiliate on one offer (empty amount: back to the tier's or the offer's)",
        security,
        params: idParamsSchema,
        body: offerRewardRequestSchema,
        response: { 200: offerRewardReplySchema, ...errors },
      },
    },
    async (request) => {
      const amount = await setOfferReward(app.db, actorOf(request), request.params.id, request.body.offer_id, request.body.amount);
      return { data: { offer_id: request.body.offer_id, affiliate_id: request.params.id, amount }, message: amount === null ? msg.offerRewardRemoved : msg.offerRewardSaved };
    },
  );

  app.post(
    '/v1/affiliates/bulk',
    {
      onRequest: requireAccess(app, staff('affiliates')),
      schema: {
        tags,
        summary: 'Activate, deactivate, assign a tier or a manager to many affiliates; a result per row',
        security,
        body: affiliateBulkRequestSchema,
        response: { 200: affiliateBulkReplySchema, ...errors },
      },
    },
    async (request) => {
      const results = await runBulk(app.db, actorOf(request), request.body, scopeOf(request.auth!));
      app.linkCache.clear();
      return { data: results };
    },
  );
};
