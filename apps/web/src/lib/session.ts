import { useSyncExternalStore } from 'react';

/** The stored tokens of the signed-in user; `tabScoped` marks an impersonated (login-as) session. */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  tabScoped: boolean;
}

export interface TokenPairLike {
  access_token: string;
  refresh_token: string;
}

const ACCESS_KEY = 'portal.access_token';
const REFRESH_KEY = 'portal.refresh_token';
// Set in sessionStorage by a login-as tab: from then on this tab keeps its tokens to itself,
// even after logging out, so it never falls back to the staff member's own session.
const SCOPE_KEY = 'portal.session_scope';

function safeStorage(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

function isTabScoped(): boolean {
  return safeStorage('session')?.getItem(SCOPE_KEY) === 'tab';
}

function activeStorage(): Storage | undefined {
  return isTabScoped() ? safeStorage('session') : safeStorage('local');
}

function read(): SessionTokens | null {
  const store = activeStorage();
  const accessToken = store?.getItem(ACCESS_KEY);
  const refreshToken = store?.getItem(REFRESH_KEY);
  if (!accessToken) return null;
  return { accessToken, refreshToken: refreshToken ?? '', tabScoped: isTabScoped() };
}

let snapshot = read();
const listeners = new Set<() => void>();

function update(): void {
  const next = read();
  const same =
    next === snapshot ||
    (next !== null &&
      snapshot !== null &&
      next.accessToken === snapshot.accessToken &&
      next.refreshToken === snapshot.refreshToken &&
      next.tabScoped === snapshot.tabScoped);
  if (same) return;
  snapshot = next;
  for (const l of listeners) l();
}

/**
 * Token store: localStorage for a normal session (shared by the tabs of the browser),
 * sessionStorage for an impersonated one (this tab only).
 */
export const session = {
  get(): SessionTokens | null {
    return snapshot;
  },
  /** Stores a token pair; `tabScoped` switches this tab to its own (impersonated) session. */
  set(pair: TokenPairLike, options: { tabScoped?: boolean } = {}): void {
    if (options.tabScoped) safeStorage('session')?.setItem(SCOPE_KEY, 'tab');
    const store = activeStorage();
    store?.setItem(ACCESS_KEY, pair.access_token);
    store?.setItem(REFRESH_KEY, pair.refresh_token);
    update();
  },
  clear(): void {
    const store = activeStorage();
    store?.removeItem(ACCESS_KEY);
    store?.removeItem(REFRESH_KEY);
    update();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Re-reads storage (another tab wrote it, or a test changed it). */
  reload(): void {
    update();
  },
};

// Another tab signed in, refreshed or logged out: follow it, unless this tab keeps its own session.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.storageArea === safeStorage('local') && !isTabScoped()) update();
  });
}

export function useSession(): SessionTokens | null {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
  return atob(base64);
}

/** The `exp` claim of a JWT access token in milliseconds (read, not verified: the server verifies). */
export function accessTokenExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    if (claims && typeof claims === 'object' && 'exp' in claims && typeof claims.exp === 'number') return claims.exp * 1000;
  } catch {
    return undefined;
  }
  return undefined;
}

/** True when the token has expired or expires within `skewMs`; a token without a readable `exp` is left to the server. */
export function isAccessTokenExpired(token: string, now = Date.now(), skewMs = 10_000): boolean {
  const exp = accessTokenExpiry(token);
  return exp !== undefined && exp - skewMs <= now;
}
