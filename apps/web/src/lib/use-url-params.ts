import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type UrlParamValues<K extends string> = Record<K, string | undefined>;

/**
 * A screen's filters kept in the address (the creatives and catalogue tabs): each of `keys` is a
 * query parameter, absent when empty. A change pushes a history entry, so a filtered view can be
 * shared or reloaded and the back button returns to the previous filters; other parameters (the
 * page's `?tab=`) are left as they are. `keys` must be a constant (it is read as given on each render).
 */
export function useUrlParams<K extends string>(keys: readonly K[]): [UrlParamValues<K>, (patch: Partial<UrlParamValues<K>>) => void] {
  const [params, setParams] = useSearchParams();
  const own = new URLSearchParams();
  for (const k of keys) {
    const v = params.get(k);
    if (v) own.set(k, v);
  }
  const serialised = own.toString();
  // Recomputed only when one of its own parameters changed: a stable object for effects and memos.
  const values = useMemo(() => {
    const p = new URLSearchParams(serialised);
    return Object.fromEntries(keys.map((k) => [k, p.get(k) ?? undefined])) as UrlParamValues<K>;
  }, [serialised, keys]);
  const set = useCallback(
    (patch: Partial<UrlParamValues<K>>) => {
      // From the address as it is now, not as last rendered: the router renders a navigation as a
      // transition, so a change made meanwhile (typing) would otherwise drop the filter just chosen.
      const current = typeof window === 'undefined' ? params : new URLSearchParams(window.location.search);
      const next = new URLSearchParams(current);
      for (const [k, v] of Object.entries(patch) as Array<[string, string | undefined]>) {
        if (v === undefined || v === '') next.delete(k);
        else next.set(k, v);
      }
      // The same address again would only add a step for the back button to take.
      if (next.toString() !== current.toString()) setParams(next);
    },
    [params, setParams],
  );
  return [values, set];
}
