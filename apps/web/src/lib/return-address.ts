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

/** The remembered address, once: reading it forgets it. */
export function takeReturnAddress(): string | undefined {
  const address = store()?.getItem(KEY) ?? undefined;
  forgetReturnAddress();
  return address && isReturnAddress(address) ? address : undefined;
}
