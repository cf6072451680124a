/**
 * The address a signed-out visitor opened (a link in an email: the cap alert's offer, a sign-up to
 * review, a payout): the guard sends them Home, and after sign-in (and the two-step code) they
 * arrive where the link pointed instead of Dashboard. Kept for this tab only.
 */
const KEY = 'portal.return_to';

function store(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Only an address of this app: a path, never `//host` or a scheme. */
export function isReturnAddress(address: string): boolean {
  return /^\/(?![/\\])/.test(address) && ![...address].some((c) => c.charCodeAt(0) < 0x20);
}

export function rememberReturnAddress(address: string): void {
  if (isReturnAddress(address)) store()?.setItem(KEY, address);
}

export function forgetReturnAddress(): void {
  store()?.removeItem(KEY);
}

/**
 * Where a newly signed-in person goes: the remembered address, else Dashboard. Every redirect of a
 * signed-in person away from the sign-in screens asks this (they race each other when the tokens
 * arrive); the protected layout forgets the address once a page renders signed in.
 */
export function signedInAddress(): string {
  const address = store()?.getItem(KEY) ?? undefined;
  return address && isReturnAddress(address) ? address : '/dashboard';
}
