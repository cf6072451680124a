import { type APIRequestContext, type APIResponse, expect, request as playwrightRequest } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import { owner } from './env.ts';
import { signInCode, waitForMail } from './mail.ts';

/** The `data` of a successful reply; a failed one fails the test with its body (after `what`, when given). */
export async function dataOf<T>(res: APIResponse, what?: string): Promise<T> {
  const body = await res.text();
  expect(res.ok(), what ? `${what}: ${body}` : body).toBe(true);
  return (JSON.parse(body) as { data: T }).data;
}

/** POSTs `data` as JSON and returns the reply's `data`. */
export async function post<T>(api: APIRequestContext, path: string, data: unknown): Promise<T> {
  return dataOf<T>(await api.post(path, { data }), path);
}

export type SessionTokens = { access_token: string; refresh_token: string };

/** The e2e owner's tokens from a two-step sign-in (the code comes by mail). */
export async function staffTokens(): Promise<SessionTokens> {
  const anon = await playwrightRequest.newContext({ baseURL });
  const since = Date.now();
  const { session_token } = await dataOf<{ session_token: string }>(await anon.post('/v2/authentication/login', { data: { email: owner.email, password: owner.password } }));
  const mail = await waitForMail(owner.email, /^Your sign-in code/, since);
  const tokens = await dataOf<SessionTokens>(await anon.post('/v2/authentication/confirm', { data: { session_token, code: signInCode(mail) } }));
  await anon.dispose();
  return tokens;
}

/** A staff API session of the e2e owner; `tokens`, when given, are used instead of signing in again. Dispose of it in afterAll. */
export async function staffSession(tokens?: SessionTokens): Promise<APIRequestContext> {
  const { access_token } = tokens ?? (await staffTokens());
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${access_token}` } });
}

/** Staff approve a new sign-up (sign-up approval is on by default), as the affiliates list does. */
export async function approveSignUp(staff: APIRequestContext, email: string) {
  const found = await staff.get(`/v1/affiliates?search=${encodeURIComponent(email)}`);
  expect(found.status()).toBe(200);
  const [row] = ((await found.json()) as { data: { id: number }[] }).data;
  await post(staff, `/v1/affiliates/${row!.id}/approve`, {});
}

/**
 * The affiliate `who` accepts the Terms of Service in force through the API, as the dialog after
 * sign-in does: for accounts made by staff (never asked at sign-up) and after a test publishes a new version.
 */
export async function acceptTermsAs(who: { email: string; password: string }) {
  const api = await playwrightRequest.newContext({ baseURL });
  const tokens = await dataOf<{ access_token: string }>(await api.post('/v2/authentication/login', { data: { email: who.email, password: who.password } }));
  await dataOf(await api.post('/v1/user/accept-terms', { data: { accept_terms: true }, headers: { authorization: `Bearer ${tokens.access_token}` } }));
  await api.dispose();
}
