import type { DeliveryStatus, PostbackMethod } from '@portal/contracts';
import type { Db } from '../../db/client.ts';
import { runStatement, type Statement } from '../../db/raw.ts';
import { Batcher, isDataError } from '../../lib/batcher.ts';
import { type OutboundPolicy, type SafeResponse, safeFetch } from '../../lib/safe-fetch.ts';
import type { JobDefinition } from '../jobs/index.ts';
import { splitForMethod } from './build-url.ts';

export const POSTBACK_JOB = 'postback.deliver';
/** Retries stop 24 hours after the first try. */
export const POSTBACK_RETRY_WINDOW_MS = 24 * 3_600_000;
const RETRY_CAP_MS = 3_600_000;
const SEND_TIMEOUT_MS = 5000;
const SNIPPET_BYTES = 512;

export interface PostbackJobPayload {
  delivery_id: number;
}

/** Sends one postback request: GET as it is, POST with the query as its form body. */
export function sendPostback(method: PostbackMethod, url: string, policy: OutboundPolicy): Promise<SafeResponse> {
  const { target, body } = splitForMethod(method, url);
  return safeFetch({ method, url: target, form: body ?? undefined, timeoutMs: SEND_TIMEOUT_MS, maxBytes: SNIPPET_BYTES }, policy);
}

const is2xx = (status: number) => status >= 200 && status < 300;

/** What one attempt means for the delivery: delivered, refused (never retried), or not yet. */
export function outcomeOf(result: SafeResponse): { status: DeliveryStatus | 'retry'; httpStatus: number | null; snippet: string | null; error: string | null } {
  if (result.outcome === 'refused') return { status: 'refused', httpStatus: null, snippet: null, error: result.message };
  if (result.outcome === 'error') return { status: 'retry', httpStatus: null, snippet: null, error: result.message };
  if (is2xx(result.status)) return { status: 'delivered', httpStatus: result.status, snippet: result.snippet, error: null };
  return { status: 'retry', httpStatus: result.status, snippet: result.snippet, error: `HTTP ${result.status}` };
}

/**
 * A delivery's two statements, written by hand and prepared once per connection, as the job
 * queue's (docs/benchmarks.md, "Postbacks under load"), each shared by the deliveries that reach
 * it together (a group commit): the worker runs many at once, and one statement for each
 * delivery was most of its round trips. A delivery alone takes the one-row form (`writeOne`,
 * lib/batcher.ts). Only a delivery still `pending` is sent or updated.
 */
const pendingDelivery: Statement = {
  name: 'postback_delivery_pending',
  text: `SELECT id, method, url FROM postback_deliveries WHERE id = $1::int AND status = 'pending'`,
};
const pendingDeliveries: Statement = {
  name: 'postback_deliveries_pending',
  text: `SELECT id, method, url FROM postback_deliveries WHERE id = ANY($1::int[]) AND status = 'pending'`,
};
const recordAttempt: Statement = {
  name: 'postback_delivery_attempt',
  text: `UPDATE postback_deliveries
SET status = $2::varchar, attempts = attempts + 1, http_status = $3::int, duration_ms = $4::int, response_snippet = $5::varchar, last_error = $6::varchar, last_attempt_at = now()
WHERE id = $1::int AND status = 'pending'`,
};
const recordAttempts: Statement = {
  name: 'postback_delivery_attempts',
  text: `UPDATE postback_deliveries d
SET status = a.status, attempts = d.attempts + 1, http_status = a.http_status, duration_ms = a.duration_ms, response_snippet = a.snippet, last_error = a.error, last_attempt_at = now()
FROM unnest($1::int[], $2::varchar[], $3::int[], $4::int[], $5::varchar[], $6::varchar[]) AS a(id, status, http_status, duration_ms, snippet, error)
WHERE d.id = a.id AND d.status = 'pending'`,
};

type Delivery = { id: number; method: string; url: string };
type Attempt = { id: number; status: DeliveryStatus; httpStatus: number | null; durationMs: number; snippet: string | null; error: string | null };

/** The job that delivers a logged postback, retried with backoff for 24 hours. */
export function postbackJob(db: Db, policy: OutboundPolicy, retryBaseMs: number, maxInFlight = 1): JobDefinition<PostbackJobPayload> {
  const deliveries = new Batcher<number, Delivery | undefined>(
    async (ids) => {
      const rows = await runStatement<Delivery>(db, pendingDeliveries, [ids]);
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      return ids.map((id) => byId.get(id));
    },
    { maxInFlight, maxBatch: 1000, writeOne: async (id) => (await runStatement<Delivery>(db, pendingDelivery, [id]))[0] },
  );
  // A text the column refuses cannot happen (each is cut to its length), but would fail alone.
  const attempts = new Batcher<Attempt, undefined>(
    async (items) => {
      const col = <K extends keyof Attempt>(k: K) => items.map((i) => i[k]);
      await runStatement(db, recordAttempts, [col('id'), col('status'), col('httpStatus'), col('durationMs'), col('snippet'), col('error')]);
      return items.map(() => undefined);
    },
    {
      maxInFlight,
      maxBatch: 1000,
      isItemError: isDataError,
      writeOne: async (a) => void (await runStatement(db, recordAttempt, [a.id, a.status, a.httpStatus, a.durationMs, a.snippet, a.error])),
    },
  );
  return {
    backoff: { baseMs: retryBaseMs, capMs: RETRY_CAP_MS },
    async handle(payload, ctx) {
      const delivery = await deliveries.submit(Number(payload.delivery_id));
      // Already settled (a repeat after a lost acknowledgement) or gone: nothing to send twice.
      if (!delivery) return;
      const result = await sendPostback(delivery.method as PostbackMethod, delivery.url, policy);
      const o = outcomeOf(result);
      const status: DeliveryStatus = o.status === 'retry' ? (ctx.final ? 'failed' : 'pending') : o.status;
      await attempts.submit({ id: delivery.id, status, httpStatus: o.httpStatus, durationMs: result.durationMs, snippet: o.snippet, error: o.error?.slice(0, 512) ?? null });
      if (o.status === 'retry') throw new Error(o.error ?? 'not delivered');
    },
  };
}
