import { loginAsCodeReplySchema, type LoginAsRequest, type TokenPair, tokensReplySchema } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v1/affiliates/{id}/login-as: staff with the affiliates permission get a one-time code (a reason; read-only unless with changes). */
export async function requestLoginAsCode(affiliateId: number, how: LoginAsRequest): Promise<string> {
  return loginAsCodeReplySchema.parse(await apiRequest(`/v1/affiliates/${affiliateId}/login-as`, { method: 'POST', body: how })).data.code;
}

/** POST /v1/authentication/login-as-user: the code becomes the affiliate's (impersonated) token pair. */
export async function loginAsUser(code: string): Promise<TokenPair> {
  return tokensReplySchema.parse(await apiRequest('/v1/authentication/login-as-user', { method: 'POST', body: { code }, auth: false })).data;
}

/** The address the new tab opens: the router guard stores these tokens for that tab only and strips them at once. */
export function loginAsUrl(pair: TokenPair): string {
  const params = new URLSearchParams({ login_as: '1', token_type: pair.token_type, access_token: pair.access_token, refresh_token: pair.refresh_token });
  return `/dashboard?${params.toString()}`;
}

/**
 * Opens the affiliate's dashboard in a new tab. The tab is opened at once, inside the click,
 * so pop-up blockers let it through; it is pointed at the session when the tokens arrive.
 */
export async function openAffiliateSession(affiliateId: number, how: LoginAsRequest): Promise<'opened' | 'blocked'> {
  const tab = window.open('', '_blank');
  if (!tab) return 'blocked';
  try {
    const pair = await loginAsUser(await requestLoginAsCode(affiliateId, how));
    tab.opener = null;
    tab.location.href = new URL(loginAsUrl(pair), window.location.origin).toString();
    return 'opened';
  } catch (error) {
    tab.close();
    throw error;
  }
}
