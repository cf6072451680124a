/**
 * Real HTTP load of clicks and conversions against a running server or load balancer, keeping
 * what was acknowledged: a click id received in a redirect, a conversion answered 2xx.
 */
import { DESKTOP_UA, IPHONE_UA, QUEST_UA } from './tracking.ts';

export interface LoadTarget {
  baseUrl: string;
  /** The tracking link's path (`/t/...`). */
  linkPath: string;
  /** The site's API key for `POST /v1/conversions`. */
  apiKey: string;
}

export interface Acknowledged {
  clicks: string[];
  conversions: string[];
  /** Requests that failed or were refused (not acknowledged, so free to be lost). */
  failures: number;
}

const agents = [DESKTOP_UA, QUEST_UA, IPHONE_UA];

export async function clickOnce(target: LoadTarget, n: number): Promise<string | null> {
  const res = await fetch(`${target.baseUrl}${target.linkPath}`, {
    redirect: 'manual',
    headers: { 'user-agent': agents[n % agents.length]!, 'x-forwarded-for': `81.2.${(n >> 8) & 255}.${n & 255}` },
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer();
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) return null;
  const u = new URL(location);
  return u.searchParams.get('ref') ?? u.searchParams.get('cid');
}

/**
 * Clicks with `clickWorkers` connections and converts acknowledged clicks with
 * `conversionWorkers` until `during(acknowledged so far)` resolves (it may kill a server
 * meanwhile). Transaction ids start with `prefix`. Answers what was acknowledged.
 */
export async function loadUntil(
  target: LoadTarget,
  during: (acknowledged: Readonly<Acknowledged>) => Promise<void>,
  opts: { clickWorkers: number; conversionWorkers: number; prefix: string },
): Promise<Acknowledged> {
  const ack: Acknowledged = { clicks: [], conversions: [], failures: 0 };
  const state = { stopped: false };
  const stop = during(ack).then(() => (state.stopped = true));
  let n = 0;
  const clicker = async () => {
    while (!state.stopped) {
      try {
        const cid = await clickOnce(target, n++);
        if (cid) ack.clicks.push(cid);
        else ack.failures++;
      } catch {
        ack.failures++;
      }
    }
  };
  // Each acknowledged click converts once at most, in the order they came.
  let t = 0;
  const converter = async () => {
    while (!state.stopped) {
      const cid = ack.clicks[t];
      if (!cid) {
        await new Promise((r) => setTimeout(r, 5));
        continue;
      }
      const transactionId = `${opts.prefix}-${++t}`;
      try {
        const res = await fetch(`${target.baseUrl}/v1/conversions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${target.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ cid, type: 'signup', transaction_id: transactionId }),
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer();
        if (res.status >= 200 && res.status < 300) ack.conversions.push(transactionId);
        else ack.failures++;
      } catch {
        ack.failures++;
      }
    }
  };
  await Promise.all([stop, ...Array.from({ length: opts.clickWorkers }, clicker), ...Array.from({ length: opts.conversionWorkers }, converter)]);
  return ack;
}

export const after = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Waits at least `ms`, and then until the load has acknowledged at least `clicks` clicks and
 * `conversions` conversions counted from `since` (up to 60 s more): a busy machine slows the load,
 * it does not change what is checked.
 */
export async function loadFor(
  sofar: Readonly<Acknowledged>,
  ms: number,
  want: { clicks?: number; conversions?: number },
  since: { clicks: number; conversions: number } = { clicks: 0, conversions: 0 },
): Promise<void> {
  await after(ms);
  const until = Date.now() + 60_000;
  while (
    (sofar.clicks.length - since.clicks < (want.clicks ?? 0) || sofar.conversions.length - since.conversions < (want.conversions ?? 0)) &&
    Date.now() < until
  ) {
    await after(50);
  }
}
