/** Query parameters of SPEC.md section 2's router guard that sign a user in from the address. */
export const loginAsParams = ['login_as', 'token_type', 'access_token', 'refresh_token'] as const;
export const codeParams = ['lac', 'lbc'] as const;

export interface LoginAsTokens {
  access_token: string;
  refresh_token: string;
}

/** `?login_as=1&token_type=Bearer&access_token=…&refresh_token=…` (staff login-as into a new tab). */
export function readLoginAs(search: string): LoginAsTokens | undefined {
  const params = new URLSearchParams(search);
  const access = params.get('access_token');
  const refresh = params.get('refresh_token');
  if (!params.has('login_as') || !access || !refresh) return undefined;
  return { access_token: access, refresh_token: refresh };
}

/** The one-time code of `?lac=` or `?lbc=`. */
export function readLoginCode(search: string): string | undefined {
  const params = new URLSearchParams(search);
  return params.get('lac') ?? params.get('lbc') ?? undefined;
}

/** The search string without the given parameters ('' or '?…'). */
export function withoutParams(search: string, names: readonly string[]): string {
  const params = new URLSearchParams(search);
  for (const name of names) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
