import { useSyncExternalStore } from 'react';

/** SPEC.md section 3 and 9: cookie consent, accepted or rejected (unset until the person chooses), kept one year. */
export type CookieConsent = 'accepted' | 'rejected';
export const CONSENT_COOKIE = 'cookie_consent';
export const CONSENT_MAX_AGE_S = 31_536_000;

const listeners = new Set<() => void>();

export function readConsent(cookie = typeof document === 'undefined' ? '' : document.cookie): CookieConsent | undefined {
  const value = cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === CONSENT_COOKIE)?.[1];
  return value === 'accepted' || value === 'rejected' ? value : undefined;
}

/**
 * Stores the choice in a strictly necessary cookie (a record of the choice itself needs no consent).
 * Anything optional (analytics, marketing) may load only once `readConsent()` is 'accepted'.
 */
export function saveConsent(value: CookieConsent): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${value}; Max-Age=${CONSENT_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`;
  for (const l of listeners) l();
}

export function useConsent(): CookieConsent | undefined {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => readConsent(),
    () => undefined,
  );
}
