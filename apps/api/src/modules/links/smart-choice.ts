import type { DeviceClass } from '@portal/contracts';
import type { ResolvedSmartLink, SmartLinkChoice } from './resolve.ts';

/** Whether an offer of a smart link targets this visitor (empty countries or devices: any). */
function targets(e: SmartLinkChoice, country: string | null, device: DeviceClass): boolean {
  return (e.countries.length === 0 || (country !== null && e.countries.includes(country))) && (e.devices.length === 0 || e.devices.includes(device));
}

/** One of `pool`, each as likely as its weight. */
function byWeight(pool: SmartLinkChoice[], random: () => number): SmartLinkChoice {
  const total = pool.reduce((sum, e) => sum + e.weight, 0);
  let at = random() * total;
  for (const e of pool) {
    at -= e.weight;
    if (at < 0) return e;
  }
  return pool[pool.length - 1]!;
}

/**
 * The offer a smart link's click goes to: among its active offers that target the visitor (the
 * catch-all ones when none does), by weight; in `epc` mode, among those with the best earnings per
 * click over the last 24 hours (by weight again when none has earned yet). Null when no offer of the
 * link is active or none takes the visitor.
 */
export function chooseSmartEntry(
  link: ResolvedSmartLink,
  visitor: { country: string | null; device: DeviceClass },
  epcOf?: (offerId: number) => number | undefined,
  random: () => number = Math.random,
): SmartLinkChoice | null {
  const live = link.entries.filter((e) => e.link.offerActive);
  let pool = live.filter((e) => !e.catchAll && targets(e, visitor.country, visitor.device));
  if (pool.length === 0) pool = live.filter((e) => e.catchAll);
  if (pool.length === 0) return null;
  if (link.mode === 'epc' && epcOf) {
    const epc = (e: SmartLinkChoice) => epcOf(e.offerId) ?? 0;
    const best = Math.max(...pool.map(epc));
    if (best > 0) pool = pool.filter((e) => epc(e) === best);
  }
  return byWeight(pool, random);
}
