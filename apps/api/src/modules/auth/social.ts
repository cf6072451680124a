import { authMessages, errorReplySchema } from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { createAffiliateProfile, createUser } from '../accounts/index.ts';
import type { AppConfig } from '../../config.ts';
import { socialAccounts, tiers, users } from '../../db/schema/index.ts';
import { normalise } from '../../lib/blind-index.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { authDeps } from './deps.ts';
import { consumeToken, issueToken } from './one-time-tokens.ts';
import { createLoginCode } from './login-codes.ts';
import { sendEmail } from '../email/index.ts';
import { setSharedMarker } from '../shared-details/index.ts';
import { recordTermsAcceptance } from '../terms/index.ts';
import { initialApprovalStatus } from './signup-approval.ts';
import { anyone } from '../../lib/access.ts';

type Provider = 'google' | 'facebook';
const providerSchema = z.enum(['google', 'facebook']);
const STATE_COOKIE = 'portal_oauth_state';
const FACEBOOK_GRAPH = 'https://graph.facebook.com/v19.0';

interface Identity {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

const isLocal = (url: string) => /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\//.test(`${url}/`);

/** Provider configurations, discovered once per process. */
function providerConfigs(config: AppConfig) {
  const cache = new Map<Provider, Promise<oidc.Configuration>>();
  return (provider: Provider): Promise<oidc.Configuration> => {
    let c = cache.get(provider);
    if (!c) {
      if (provider === 'google') {
        const g = config.social.google;
        if (!g) throw new NotFoundError();
        // Plain http is allowed only for a provider on this machine (the test suite's).
        c = oidc.discovery(new URL(g.issuer), g.clientId, g.clientSecret, undefined, isLocal(g.issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined);
      } else {
        const f = config.social.facebook;
        if (!f) throw new NotFoundError();
        c = Promise.resolve(
          new oidc.Configuration(
            {
              issuer: 'https://www.facebook.com',
              authorization_endpoint: 'https://www.facebook.com/v19.0/dialog/oauth',
              token_endpoint: `${FACEBOOK_GRAPH}/oauth/access_token`,
            },
            f.clientId,
            f.clientSecret,
          ),
        );
      }
      c.catch(() => cache.delete(provider));
      cache.set(provider, c);
    }
    return c;
  };
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

async function identify(provider: Provider, cfg: oidc.Configuration, tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers): Promise<Identity> {
  if (provider === 'google') {
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('no id token');
    // Some providers put email only in the userinfo answer, not in the ID token.
    const claims = idClaims.email ? idClaims : { ...idClaims, ...(await oidc.fetchUserInfo(cfg, tokens.access_token, idClaims.sub)) };
    return {
      subject: claims.sub,
      email: String(claims.email ?? '').toLowerCase(),
      emailVerified: claims.email_verified === true,
      name: String(claims.name ?? claims.given_name ?? claims.email ?? 'Affiliate'),
    };
  }
  const res = await oidc.fetchProtectedResource(cfg, tokens.access_token, new URL(`${FACEBOOK_GRAPH}/me?fields=id,name,email`), 'GET');
  const me = (await res.json()) as { id: string; name?: string; email?: string };
  // Facebook returns an email only once the person confirmed it.
  return { subject: me.id, email: (me.email ?? '').toLowerCase(), emailVerified: Boolean(me.email), name: me.name ?? 'Affiliate' };
}

/**
 * Matches a social identity to a user: by the linked identity, else by verified email (and links
 * it). A new person becomes an inactive affiliate who activates through the emailed link, as
 * everyone who signs up does.
 */
async function resolveUser(app: FastifyInstance, provider: Provider, id: Identity, ip: string, acceptedTerms: boolean): Promise<{ userId: number; isActive: boolean; created: boolean }> {
  const db = app.db;
  const [linked] = await db
    .select({ id: users.id, isActive: users.isActive })
    .from(socialAccounts)
    .innerJoin(users, eq(users.id, socialAccounts.userId))
    .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.subject, id.subject)));
  if (linked) return { userId: linked.id, isActive: linked.isActive, created: false };

  const [byEmail] = await db.select({ id: users.id, isActive: users.isActive }).from(users).where(eq(sql`lower(${users.email})`, id.email));
  if (byEmail) {
    await db.insert(socialAccounts).values({ provider, subject: id.subject, userId: byEmail.id, email: id.email });
    return { userId: byEmail.id, isActive: byEmail.isActive, created: false };
  }

  const created = await db.transaction(async (tx) => {
    const [tier] = await tx.select({ id: tiers.id }).from(tiers).where(eq(tiers.isDefault, true));
    const u = await createUser(tx, { email: id.email, name: id.name.slice(0, 255), isClient: true, isActive: false, approvalStatus: await initialApprovalStatus(tx), tierId: tier?.id ?? null });
    if (!u) throw new Error('user insert returned nothing');
    await createAffiliateProfile(tx, { userId: u.id });
    await tx.insert(socialAccounts).values({ provider, subject: id.subject, userId: u.id, email: id.email });
    // Ticked on Sign Up before leaving for the provider; without it (from Log In) the terms are asked at the first sign-in.
    if (acceptedTerms) await recordTermsAcceptance(tx, u.id, 'social_sign_up', ip);
    await setSharedMarker(tx, app.config.taxFormKey, u.id, 'signup_ip', normalise.ip(ip));
    return u;
  });
  await recordEvent(db, 'user.registered', { subjectId: created.id, ip, data: { provider } });
  const token = await issueToken(db, 'activation', { userId: created.id });
  const url = `${app.config.publicUrl}/activate-account?${new URLSearchParams({ token })}`;
  await sendEmail(app, 'activation', { to: created.email, vars: { name: created.name, email: created.email, link: url } });
  await sendEmail(app, 'new_signup', { vars: { name: created.name, email: created.email, affiliate_id: created.id, link: `${app.config.publicUrl}/affiliates` } });
  return { userId: created.id, isActive: false, created: true };
}

export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  const configFor = providerConfigs(app.config);
  const redirectUri = (p: Provider) => `${app.config.publicUrl}/v1/auth/social/${p}/callback`;
  const toSignin = (query: Record<string, string>) => `${app.config.publicUrl}/signin?${new URLSearchParams(query)}`;
  const tags = ['authentication'];

  app.get(
    '/v1/auth/social/:provider/redirect',
    {
      schema: {
        tags,
        summary: "Start social sign-in: redirects to the provider's consent page",
        // A page the browser is sent to, not a call a client makes: left out of the API document.
        hide: true,
        params: z.object({ provider: providerSchema }),
        // From Sign Up, with its Terms of Service box ticked.
        querystring: z.object({ accept_terms: z.enum(['1']).optional() }),
        response: { 404: errorReplySchema },
      },
    },
    async (request, reply) => {
      const provider = request.params.provider;
      if (!app.config.social[provider]) throw new NotFoundError('This sign-in provider is not configured.');
      const cfg = await configFor(provider);
      const state = oidc.randomState();
      const verifier = oidc.randomPKCECodeVerifier();
      const nonce = oidc.randomNonce();
      await issueToken(app.db, 'oauth_state', { token: state, data: { provider, verifier, nonce, accept_terms: request.query.accept_terms === '1' } });
      const url = oidc.buildAuthorizationUrl(cfg, {
        redirect_uri: redirectUri(provider),
        scope: provider === 'google' ? 'openid email profile' : 'email public_profile',
        state,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        ...(provider === 'google' ? { nonce } : {}),
      });
      // The state is bound to this browser, so a callback started elsewhere cannot sign it in.
      const secure = app.config.publicUrl.startsWith('https:') ? '; Secure' : '';
      reply.header('set-cookie', `${STATE_COOKIE}=${state}; Path=/v1/auth/social; HttpOnly; SameSite=Lax; Max-Age=600${secure}`);
      return reply.redirect(url.href, 302);
    },
  );

  app.get(
    '/v1/auth/social/:provider/callback',
    { config: { access: anyone }, schema: { tags, summary: 'Provider callback: signs in through a one-time code, or explains what went wrong', params: z.object({ provider: providerSchema }) } },
    async (request, reply) => {
      const provider = request.params.provider;
      reply.header('set-cookie', `${STATE_COOKIE}=; Path=/v1/auth/social; HttpOnly; SameSite=Lax; Max-Age=0`);
      const fail = (message: string) => reply.redirect(toSignin({ social_error: message }), 302);
      if (!app.config.social[provider]) return fail('This sign-in provider is not configured.');
      const query = new URL(request.url, app.config.publicUrl).searchParams;
      const state = query.get('state') ?? '';
      if (!state || readCookie(request.headers.cookie, STATE_COOKIE) !== state) return fail('Social sign-in expired. Please try again.');
      const row = await consumeToken(app.db, 'oauth_state', state);
      const data = row?.data as { provider?: string; verifier?: string; nonce?: string; accept_terms?: boolean } | undefined;
      if (!data || data.provider !== provider || !data.verifier) return fail('Social sign-in expired. Please try again.');
      try {
        const cfg = await configFor(provider);
        const currentUrl = new URL(`${redirectUri(provider)}?${query.toString()}`);
        const tokens = await oidc.authorizationCodeGrant(cfg, currentUrl, {
          pkceCodeVerifier: data.verifier,
          expectedState: state,
          ...(provider === 'google' && data.nonce ? { expectedNonce: data.nonce } : {}),
        });
        const identity = await identify(provider, cfg, tokens);
        if (!identity.email || !identity.emailVerified) return fail('Your account with this provider has no verified email address.');
        const user = await resolveUser(app, provider, identity, request.ip, data.accept_terms === true);
        if (user.created) return reply.redirect(toSignin({ social: 'activation_sent' }), 302);
        if (!user.isActive) return fail(authMessages.inactive);
        const code = await createLoginCode(authDeps(app).db, user.userId, 2 * 60_000);
        return reply.redirect(toSignin({ lbc: code }), 302);
      } catch (err) {
        request.log.warn({ err, provider }, 'social sign-in failed');
        return fail('Social sign-in failed. Please try again.');
      }
    },
  );
};
