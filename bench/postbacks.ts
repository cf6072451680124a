// Postbacks under load (issue 39): how long from a conversion to its postback at the affiliate's server.
//   npm run bench:postbacks [-- --rate=1000 --seconds=10 --warmup=2 --affiliates=100]
// A local receiver (node:http in this process, 127.0.0.1) stands for the affiliates' servers and
// records when each postback arrives; every affiliate has one global postback pointing at it with
// the conversion's transaction id in the address (`?tx={transaction_id}`). Conversions are sent at
// a fixed rate (open loop: each at its planned moment, whatever the answers before it), and each
// one's planned moment is matched to its postback's arrival.
// The app runs on PostgreSQL (a bench_<random> database, dropped afterwards) pinned to core 0 with
// its job worker on, as a single instance runs in production; this process (sender and receiver)
// on core 1. Baseline in the same run: a bare node:http server on the same core that answers the
// conversion and at once sends its postback the way the app does (a new connection, closed after
// the answer), with no database.
// Prints deliveries, p50/p95/p99 from conversion to arrival, where the time goes (the conversion's
// answer, then the wait for the job worker and the send), lost deliveries (accepted conversions
// whose postback never arrived), CPU per conversion, and the achieved rates against the target.
// Goal: p95 <= 50 ms at 1,000 conversions a second, none lost. Reports, never gates.
import { randomBytes } from 'node:crypto';
import { Agent, createServer, type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { appOnNewDatabase, cpuNow, fmt, goalLine, HOST, numberOption, onCleanup, percentile, runBenchmark, startBare } from './support/common.ts';
import { seedClicks, seedNetwork } from './support/seed.ts';

const RATE = numberOption('rate', 1000, 5000);
const SECONDS = numberOption('seconds', 10, 120, { fraction: true });
const WARMUP_SECONDS = numberOption('warmup', 2, 30, { fraction: true });
const AFFILIATES = numberOption('affiliates', 100, 10_000);
/** How long the postbacks still due are waited for with none arriving (longer than the first retry's 30 s). */
const DRAIN_SECONDS = numberOption('drain', 40, 300);
const CLICKS = 20_000;
const GOAL_P95_MS = 50;
const GOAL_RATE = 1000;

// ---- the receiver: the affiliates' servers ----

interface Receiver {
  url: string;
  /** Transaction id -> arrival (performance.now() of this process). */
  arrivals: Map<string, number>;
  duplicates: number;
}

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: '', arrivals: new Map(), duplicates: 0 };
  const server = createServer((req, res) => {
    const at = performance.now();
    const tx = new URL(req.url ?? '/', 'http://receiver').searchParams.get('tx');
    if (tx) {
      if (receiver.arrivals.has(tx)) receiver.duplicates++;
      else receiver.arrivals.set(tx, at);
    }
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': 2 }).end('OK');
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  onCleanup(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  receiver.url = `http://${HOST}:${(server.address() as AddressInfo).port}/pb`;
  return receiver;
}

// ---- the sender: conversions at a fixed rate ----

interface Sent {
  tx: string;
  /** The planned moment (performance.now()): a late send counts against the server, not the sender. */
  plannedAt: number;
  answeredAt: number;
  httpStatus: number;
  /** The conversion's status in the answer (accepted, duplicate, ...), or the error. */
  status: string;
}

interface Click {
  cid: string;
  cpa: boolean;
}

async function sendAtRate(base: string, apiKey: string, clicks: Click[], prefix: string, rate: number, seconds: number): Promise<{ sent: Sent[]; startedAt: number; lastPlannedAt: number }> {
  const total = Math.max(1, Math.round(rate * seconds));
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const target = new URL('/v1/conversions', base);
  const sent: Sent[] = [];
  const startedAt = performance.now() + 5;
  let next = 0;
  let open = 0;
  /** The run's time bound passed: the requests still open are dropped. */
  let cut = false;
  const fire = (n: number) => {
    const click = clicks[n % clicks.length]!;
    const tx = `${prefix}${n}`;
    const body = JSON.stringify(click.cpa ? { cid: click.cid, type: 'signup', transaction_id: tx } : { cid: click.cid, type: 'sale', amount: 29.99, currency: 'USD', transaction_id: tx });
    const record: Sent = { tx, plannedAt: startedAt + (n * 1000) / rate, answeredAt: Number.NaN, httpStatus: 0, status: 'no answer' };
    sent.push(record);
    open++;
    const settle = (httpStatus: number, status: string) => {
      if (!Number.isNaN(record.answeredAt)) return;
      record.answeredAt = performance.now();
      record.httpStatus = httpStatus;
      record.status = status;
      open--;
    };
    const req = request(
      target,
      { method: 'POST', agent, timeout: 10_000, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${apiKey}` } },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let status = `HTTP ${res.statusCode}`;
          try {
            status = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data?: { status?: string } }).data?.status ?? status;
          } catch {
            // not JSON: the HTTP status stands
          }
          settle(res.statusCode ?? 0, status);
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (err) => settle(0, cut ? 'no answer within the time bound' : `error: ${err.message}`));
    req.end(body);
  };
  await new Promise<void>((resolve) => {
    const bound = startedAt + (seconds * 3 + 15) * 1000;
    const tick = () => {
      const now = performance.now();
      const due = Math.min(total, Math.max(0, Math.floor(((now - startedAt) * rate) / 1000) + 1));
      while (next < due) fire(next++);
      cut = now > bound;
      if ((next >= total && open === 0) || cut) resolve();
      else setTimeout(tick, 1);
    };
    setTimeout(tick, 5);
  });
  agent.destroy();
  return { sent, startedAt, lastPlannedAt: startedAt + ((total - 1) * 1000) / rate };
}

/** Waits until every accepted conversion's postback arrived, or `DRAIN_SECONDS` passed with none arriving. */
async function drain(receiver: Receiver, sent: Sent[]): Promise<void> {
  const awaited = sent.filter((s) => s.status === 'accepted');
  let seen = -1;
  let quietSince = performance.now();
  for (;;) {
    const arrived = awaited.reduce((n, s) => n + (receiver.arrivals.has(s.tx) ? 1 : 0), 0);
    if (arrived === awaited.length) return;
    if (arrived !== seen) {
      seen = arrived;
      quietSince = performance.now();
    }
    if (performance.now() - quietSince > DRAIN_SECONDS * 1000) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface RunFigures {
  sent: number;
  accepted: number;
  otherStatuses: Map<string, number>;
  delivered: number;
  lost: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  answerP50: number;
  answerP95: number;
  afterAnswerP50: number;
  afterAnswerP95: number;
  /** Conversions answered per second of the sending window. */
  answeredRate: number;
  /** Postbacks arrived per second, from the first planned send to the last arrival. */
  deliveredRate: number;
  cpuServerUs: number;
  cpuPostgresUs: number;
}

/**
 * A warm-up, then the measured run of `send`, each waited for until its postbacks arrived. `written(prefix)`
 * answers how many conversions of the run the server recorded (answered or not): the CPU is per one of them.
 */
async function measure(
  receiver: Receiver,
  server: Parameters<typeof cpuNow>[0],
  send: (prefix: string, seconds: number) => ReturnType<typeof sendAtRate>,
  prefix: string,
  written: (prefix: string, sent: number) => Promise<number>,
): Promise<RunFigures> {
  // Warm-up: not counted, its postbacks waited for.
  const warm = await send(`w${prefix}`, WARMUP_SECONDS);
  await drain(receiver, warm.sent);
  const before = cpuNow(server);
  const run = await send(`m${prefix}`, SECONDS);
  await drain(receiver, run.sent);
  const after = cpuNow(server);
  const accepted = run.sent.filter((s) => s.status === 'accepted');
  const otherStatuses = new Map<string, number>();
  for (const s of run.sent) if (s.status !== 'accepted') otherStatuses.set(s.status, (otherStatuses.get(s.status) ?? 0) + 1);
  const latencies: number[] = [];
  const answers: number[] = [];
  const afterAnswers: number[] = [];
  let lastArrival = run.startedAt;
  for (const s of accepted) {
    answers.push(s.answeredAt - s.plannedAt);
    const at = receiver.arrivals.get(s.tx);
    if (at === undefined) continue;
    latencies.push(at - s.plannedAt);
    afterAnswers.push(at - s.answeredAt);
    lastArrival = Math.max(lastArrival, at);
  }
  const sorted = (xs: number[]) => xs.sort((a, b) => a - b);
  sorted(latencies);
  sorted(answers);
  sorted(afterAnswers);
  const lastAnswer = Math.max(...run.sent.map((s) => (Number.isNaN(s.answeredAt) ? 0 : s.answeredAt)));
  const n = (await written(`m${prefix}`, run.sent.length)) || Number.NaN;
  return {
    sent: run.sent.length,
    accepted: accepted.length,
    otherStatuses,
    delivered: latencies.length,
    lost: accepted.length - latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    answerP50: percentile(answers, 50),
    answerP95: percentile(answers, 95),
    afterAnswerP50: percentile(afterAnswers, 50),
    afterAnswerP95: percentile(afterAnswers, 95),
    answeredRate: run.sent.length / Math.max(0.001, (Math.max(lastAnswer, run.lastPlannedAt) - run.startedAt) / 1000),
    deliveredRate: latencies.length / Math.max(0.001, (lastArrival - run.startedAt) / 1000),
    cpuServerUs: ((after.server - before.server) / n) * 1e6,
    cpuPostgresUs: ((after.postgres - before.postgres) / n) * 1e6,
  };
}

const ms = (v: number) => (Number.isNaN(v) ? 'n/a' : `${fmt(v, v < 10 ? 1 : 0)} ms`);

function lines(name: string, r: RunFigures, withPostgres: boolean): string[] {
  const other = [...r.otherStatuses].map(([s, k]) => `${fmt(k)} ${s}`).join(', ');
  return [
    `  ${name.padEnd(6)} delivered ${fmt(r.delivered)} of ${fmt(r.accepted)} accepted (${fmt(r.sent)} sent${other ? `; ${other}` : ''}), lost ${fmt(r.lost)}`,
    `         conversion -> postback arrived: p50 ${ms(r.p50)}   p95 ${ms(r.p95)}   p99 ${ms(r.p99)}   max ${ms(r.max)}`,
    `         of which the conversion's answer: p50 ${ms(r.answerP50)}, p95 ${ms(r.answerP95)}; answer -> arrival: p50 ${ms(r.afterAnswerP50)}, p95 ${ms(r.afterAnswerP95)}`,
    `         rates: conversions answered ${fmt(r.answeredRate)}/s, postbacks delivered ${fmt(r.deliveredRate)}/s; delivered / target ${fmt(r.deliveredRate / RATE, 2)}`,
    `         CPU per conversion ${withPostgres ? 'recorded' : 'sent'}: server ${fmt(r.cpuServerUs)} µs${withPostgres ? `, PostgreSQL ${fmt(r.cpuPostgresUs)} µs` : ''}`,
  ];
}

async function main(): Promise<void> {
  const receiver = await startReceiver();
  const pollMs = process.env.JOBS_POLL_MS ?? '500 (default)';
  const title = 'Postbacks under load: conversions at a fixed rate to the full app on PostgreSQL (job worker on), each postback timed to its arrival at a local receiver; vs a bare node:http server that sends the postback at once, same load, same run';
  const load = `load: ${fmt(RATE)} conversions/s, ${WARMUP_SECONDS} s warm-up (not counted), then ${SECONDS} s measured; ${AFFILIATES} affiliates with a global postback each, ${fmt(CLICKS)} clicks; JOBS_POLL_MS ${pollMs}; receiver ${receiver.url}`;
  const port = new URL(receiver.url).port;
  await appOnNewDatabase(title, load, { OUTBOUND_ALLOW: `${HOST}:${port}` }, async (app, db) => {
    const network = await seedNetwork(db, { affiliates: AFFILIATES, offers: 2, postbacks: true });
    await db.query(`update postbacks set url = $1`, [`${receiver.url}?tx={transaction_id}&payout={payout}`]);
    const rows = await seedClicks(db, network, CLICKS);
    console.log(`seeded ${fmt(rows.length)} clicks`);
    const clicks: Click[] = rows.map((r) => ({ cid: r.cid, cpa: r.offer === 0 }));
    const tag = randomBytes(3).toString('hex');

    console.log('\nbare node:http ...');
    const bare = await startBare('postback', 0, [receiver.url]);
    const b = await measure(receiver, bare.child, (prefix, seconds) => sendAtRate(bare.url, network.apiKey, clicks, prefix, RATE, seconds), `b${tag}-`, async (_, sent) => sent);
    console.log('app ...');
    const recorded = async (prefix: string) => Number((await db.query<{ n: string }>(`select count(*) n from conversions where transaction_id like $1`, [`${prefix}%`])).rows[0]!.n);
    const a = await measure(receiver, app.child, (prefix, seconds) => sendAtRate(app.url, network.apiKey, clicks, prefix, RATE, seconds), `${tag}-`, recorded);

    // The app's own record of the measured deliveries: its status, attempts and send time.
    const [rec] = (
      await db.query<{ delivered: string; pending: string; failed: string; retried: string; waiting: string; error: string | null; send_p50: number | null; send_p95: number | null }>(
        `select count(*) filter (where d.status = 'delivered') delivered, count(*) filter (where d.status = 'pending') pending,
                count(*) filter (where d.status = 'pending' and d.attempts > 0) waiting, mode() within group (order by d.last_error) error,
                count(*) filter (where d.status not in ('delivered', 'pending')) failed, count(*) filter (where d.attempts > 1) retried,
                percentile_disc(0.5) within group (order by d.duration_ms) send_p50, percentile_disc(0.95) within group (order by d.duration_ms) send_p95
           from postback_deliveries d join conversions c on c.id = d.conversion_id where c.transaction_id like $1`,
        [`m${tag}-%`],
      )
    ).rows;

    console.log('\nresults (measured runs)');
    for (const l of lines('bare', b, false)) console.log(l);
    for (const l of lines('app', a, true)) console.log(l);
    console.log(`  ratio app / bare: p95 ${fmt(a.p95 / b.p95, 1)}x, p50 ${fmt(a.p50 / b.p50, 1)}x`);
    console.log(
      `  the app's log of these deliveries: ${fmt(Number(rec!.delivered))} delivered, ${fmt(Number(rec!.pending))} pending, ${fmt(Number(rec!.failed))} failed, ${fmt(Number(rec!.retried))} retried; its send (lookup, connect, answer) p50 ${ms(rec!.send_p50 ?? Number.NaN)}, p95 ${ms(rec!.send_p95 ?? Number.NaN)}`,
    );
    if (Number(rec!.waiting)) console.log(`  still pending after an error, waiting for their retry: ${fmt(Number(rec!.waiting))} (most common error: ${rec!.error ?? 'none'})`);
    if (receiver.duplicates) console.log(`  postbacks that arrived twice: ${fmt(receiver.duplicates)}`);

    console.log('\ngoals');
    const met = a.p95 <= GOAL_P95_MS && a.lost === 0 && RATE >= GOAL_RATE && a.deliveredRate >= RATE * 0.95;
    console.log(goalLine(`postback p95 <= ${GOAL_P95_MS} ms at ${fmt(GOAL_RATE)} conversions/s, none lost`, met, `p95 ${ms(a.p95)} at ${fmt(RATE)}/s sent, ${fmt(a.deliveredRate)}/s delivered, ${fmt(a.lost)} lost`));
  });
}

runBenchmark(main);
