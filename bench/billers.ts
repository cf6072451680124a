// Biller postbacks (issue 26, Speed and proof).
//   npm run bench:billers [-- --seconds=10 --connections=50 --affiliates=100]
// Starts the full app on PostgreSQL (a bench_<random> database, dropped afterwards) pinned to core 0,
// the job worker off, and gives its site one account at each biller (CCBill, Epoch, Segpay, Verotel;
// "the site reports too" on, so the site's own POST /v1/conversions stays open for the comparison).
// Then autocannon, from this process on core 1, with 50 connections, a mix across the four billers
// in their own formats (docs/billers.md): 60% new sales with the click id, 30% rebills of this run's
// subscriptions without it, 10% refunds of this run's sales (those sent at least 200 requests
// earlier, so answered). The same mix, in the same run, against:
//   - a bare node:http server that parses the same queries and form bodies and answers OK;
//   - the app's POST /v1/conversions (sale, rebill with the sale's click id, refund by transaction id).
// Prints events/s, p50/p99, the ratios, and checks that every acknowledged biller post became exactly
// one logged event and every accepted event one conversion.
// Then the billers' mix again at half of the rate its measured run reached (autocannon's overallRate, a
// fresh mix, 10 connections), which is where the p99 goal is set: the latency of a server with room to spare.
// Goal: at least 0.9 of the events a second of POST /v1/conversions, p99 under 50 ms at half of the
// saturating rate. Reports, never gates.
import { createHash, randomBytes } from 'node:crypto';
import { encryptValue } from '../apps/api/src/lib/field-crypto.ts';
import { verotelSignature } from '../apps/api/src/modules/billers/formats/verotel.ts';
import { appOnNewDatabase, type CpuPerRequest, cpuLine, fmt, goalLine, type LoadOptions, type LoadResult, measuredLoad, numberOption, runBenchmark, startBare } from './support/common.ts';
import { seedClicks, seedNetwork } from './support/seed.ts';
import { statsDay } from '../apps/api/src/lib/days.ts';

const SECONDS = numberOption('seconds', 10, 120);
const WARMUP_SECONDS = numberOption('warmup', 3, 30);
const CONNECTIONS = numberOption('connections', 50, 500);
const AFFILIATES = numberOption('affiliates', 100, 10_000);
const CLICKS = 20_000;
const GOAL_P99_MS = 50;
/** The half-rate run's connections: enough for its rate, few enough that its fixed count of requests (20 a connection at least) fits its seconds. */
const HALF_CONNECTIONS = 10;
/** Biller posts at least this share of the conversions rate, same run. */
const GOAL_SHARE = 0.9;
/** A refund or rebill names a sale sent at least this many requests earlier (with 50 connections, long answered). */
const LAG = 200;
const billers = ['ccbill', 'epoch', 'segpay', 'verotel'] as const;
type Biller = (typeof billers)[number];

const SEGPAY_TOKEN = `tok_${randomBytes(12).toString('hex')}`;
const VEROTEL_KEY = randomBytes(15).toString('base64url');

interface Request {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}
interface SaleRef {
  biller: Biller;
  sub: string;
  tx: string;
  cid: string;
  at: number;
}

const form = (path: string, fields: Record<string, string>): Request => ({
  method: 'POST',
  path,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
const get = (path: string, fields: Record<string, string>): Request => ({ method: 'GET', path: `${path}?${new URLSearchParams(fields).toString()}` });
const verotel = (path: string, fields: Record<string, string>) => {
  const q = { shopID: '68849', type: 'subscription', ...fields };
  return get(path, { ...q, signature: verotelSignature(VEROTEL_KEY, q) });
};
const now = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

/** Each biller's posts, shaped like its documented samples (the test suites' shapes, trimmed). */
const posts: Record<Biller, { sale(p: string, s: SaleRef): Request; rebill(p: string, s: SaleRef, tx: string): Request; refund(p: string, s: SaleRef, tx: string): Request }> = {
  ccbill: {
    sale: (p, s) =>
      form(`${p}?eventType=NewSaleSuccess&eventGroupType=Subscription`, {
        subscriptionId: s.sub,
        transactionId: s.tx,
        clientAccnum: '900100',
        clientSubacc: '0000',
        timestamp: now(),
        billedInitialPrice: '29.99',
        billedCurrencyCode: '840',
        accountingInitialPrice: '29.99',
        accountingCurrencyCode: '840',
        'X-cid': s.cid,
      }),
    rebill: (p, s, tx) =>
      form(`${p}?eventType=RenewalSuccess&eventGroupType=Subscription`, { subscriptionId: s.sub, transactionId: tx, timestamp: now(), billedAmount: '29.99', billedCurrencyCode: '840', accountingAmount: '29.99', accountingCurrencyCode: '840' }),
    // CCBill names the sale taken back; the event's own id is made from it, so it carries the run's prefix too.
    refund: (p, s) => form(`${p}?eventType=Refund&eventGroupType=Subscription`, { subscriptionId: s.sub, transactionId: s.tx, timestamp: now(), amount: '29.99', currencyCode: '840', reason: 'Customer Refunded' }),
  },
  epoch: {
    sale: (p, s) => get(p, { ans: 'Y123456|OK', transaction_id: s.tx, member_id: s.sub, amount: '29.99', currency: 'USD', pi_code: 'bench', reseller: 'a', cid: s.cid }),
    rebill: (p, s, tx) => form(p, { ets_transaction_id: tx, ets_member_idx: s.sub, ets_transaction_type: 'N', ets_transaction_date: now(), ets_pi_code: 'bench', ets_reseller_code: 'a', ets_transaction_amount: '29.99', ets_payment_type: 'A' }),
    refund: (p, s, tx) =>
      form(p, { ets_transaction_id: tx, ets_member_idx: s.sub, ets_transaction_type: 'C', ets_transaction_date: now(), ets_pi_code: 'bench', ets_reseller_code: 'a', ets_transaction_amount: '-29.99', ets_ref_trans_ids: s.tx }),
  },
  segpay: {
    sale: (p, s) => get(p, { action: 'Auth', stage: 'Initial', approved: 'Yes', trantype: 'sale', purchaseid: s.sub, tranid: s.tx, price: '29.99', currencycode: 'USD', cid: s.cid, token: SEGPAY_TOKEN }),
    rebill: (p, s, tx) => get(p, { action: 'Auth', stage: 'Rebill', approved: 'Yes', trantype: 'sale', purchaseid: s.sub, tranid: tx, price: '29.99', currencycode: 'USD', token: SEGPAY_TOKEN }),
    refund: (p, s, tx) =>
      get(p, { action: 'Auth', stage: 'Initial', approved: 'Yes', trantype: 'credit', purchaseid: s.sub, tranid: tx, relatedtranid: s.tx, price: '-29.99', currencycode: 'USD', token: SEGPAY_TOKEN }),
  },
  verotel: {
    // Verotel's posts in euros: a foreign currency converted at the day's rate.
    sale: (p, s) => verotel(p, { event: 'initial', saleID: s.sub, transactionID: s.tx, priceAmount: '27.50', priceCurrency: 'EUR', paymentMethod: 'CC', custom1: s.cid }),
    rebill: (p, s, tx) => verotel(p, { event: 'rebill', saleID: s.sub, transactionID: tx, priceAmount: '27.50', priceCurrency: 'EUR', paymentMethod: 'CC' }),
    refund: (p, s, tx) => verotel(p, { event: 'credit', saleID: s.sub, transactionID: tx, parentID: s.tx, priceAmount: '27.50', priceCurrency: 'EUR' }),
  },
};

/**
 * The mix of one run: every id carries the run's prefix. Rebills and refunds name sales of the same
 * run sent at least LAG requests earlier; a sale is refunded at most once.
 */
class Mix {
  private n = 0;
  private readonly sales: SaleRef[] = [];
  private readonly refundable: SaleRef[] = [];
  private readonly prefix: string;
  private readonly cids: string[];
  counts = { sale: 0, rebill: 0, refund: 0 };
  constructor(prefix: string, cids: string[]) {
    this.prefix = prefix;
    this.cids = cids;
  }

  next(): { kind: 'sale' | 'rebill' | 'refund'; sale: SaleRef; tx: string } {
    const n = ++this.n;
    const tx = `${this.prefix}${n}`;
    const ready = this.sales.length > 0 && n - this.sales[0]!.at > LAG;
    const roll = Math.random();
    if (ready && roll < 0.1) {
      const i = this.refundable.findIndex((s) => n - s.at > LAG);
      if (i >= 0) {
        this.counts.refund++;
        return { kind: 'refund', sale: this.refundable.splice(i, 1)[0]!, tx };
      }
    }
    if (ready && roll < 0.4) {
      const answered = this.sales.filter((s) => n - s.at > LAG);
      this.counts.rebill++;
      return { kind: 'rebill', sale: answered[Math.floor(Math.random() * answered.length)]!, tx };
    }
    const sale: SaleRef = { biller: billers[n % billers.length]!, sub: `${this.prefix}s${n}`, tx, cid: this.cids[n % this.cids.length]!, at: n };
    this.sales.push(sale);
    if (this.sales.length > 20_000) this.sales.shift();
    this.refundable.push(sale);
    this.counts.sale++;
    return { kind: 'sale', sale, tx };
  }
}

function billerLoad(url: string, paths: Record<Biller, string>, mix: Mix): LoadOptions {
  return {
    url,
    connections: CONNECTIONS,
    timeout: 10,
    requests: [
      {
        setupRequest: (req) => {
          const { kind, sale, tx } = mix.next();
          const b = posts[sale.biller];
          const r = kind === 'sale' ? b.sale(paths[sale.biller], sale) : kind === 'rebill' ? b.rebill(paths[sale.biller], sale, tx) : b.refund(paths[sale.biller], sale, tx);
          return { ...req, ...r, headers: r.headers ?? {} };
        },
      },
    ],
  };
}

function conversionLoad(url: string, apiKey: string, mix: Mix): LoadOptions {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` };
  let reports = 0;
  return {
    url,
    connections: CONNECTIONS,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: '/v1/conversions',
        setupRequest: (req) => {
          const { kind, sale, tx } = mix.next();
          // A quarter in euros, as Verotel's quarter of the biller posts.
          const euros = ++reports % 4 === 0;
          const body =
            kind === 'refund'
              ? { type: 'refund', transaction_id: tx, original_transaction_id: sale.tx }
              : { cid: sale.cid, type: kind, amount: euros ? 27.5 : 29.99, currency: euros ? 'EUR' : 'USD', transaction_id: tx };
          return { ...req, headers, body: JSON.stringify(body) };
        },
      },
    ],
  };
}

const line = (name: string, r: LoadResult) =>
  `  ${name.padEnd(12)} ${fmt(r.rps).padStart(8)} /s   p50 ${fmt(r.p50)} ms   p99 ${fmt(r.p99)} ms   ${fmt(r.requests)} requests in ${fmt(r.seconds, 1)} s` +
  `   (2xx ${fmt(r.status2xx)}, other ${fmt(r.non2xx)}, errors ${fmt(r.errors)}, timeouts ${fmt(r.timeouts)})${r.cut ? '  CUT at the time bound' : ''}`;

async function main(): Promise<void> {
  const title = 'Billers: postbacks of CCBill, Epoch, Segpay and Verotel into the full app on PostgreSQL, vs a bare node:http parser and vs POST /v1/conversions, same mix, same run';
  const load = `load: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up (not counted), then about ${SECONDS} s measured per server; 60% sales, 30% rebills, 10% refunds; ${AFFILIATES} affiliates; job worker off`;
  const fieldKey = randomBytes(32);
  await appOnNewDatabase(title, load, { JOBS_WORKER: '0', TAX_FORM_KEY: fieldKey.toString('hex') }, async (app, db) => {
    const network = await seedNetwork(db, { affiliates: AFFILIATES, offers: 2, postbacks: true });
    // Revshare clicks only: every sale, rebill and refund moves an earning.
    const cids = (await seedClicks(db, network, CLICKS)).filter((c) => c.offer === 1).map((c) => c.cid);
    console.log(`seeded ${fmt(cids.length)} revshare clicks`);
    // As a network runs it (issue 34): screening rules of every kind (flag, never reached), the
    // euro's rate of today, and a hard conversion cap (never reached) on both offers.
    const rules: Array<[string, number]> = [
      ['min_seconds', 1], ['max_seconds', 30 * 86_400], ['visitor_per_hour', 1_000], ['first_conversions', 1],
      ['chargeback_ratio_30', 99], ['chargeback_ratio_90', 99], ['refund_ratio_30', 99], ['refund_ratio_90', 99],
    ];
    for (const [rule, value] of rules) await db.query(`insert into fraud_rules (offer_id, rule, value, action) values (null, $1, $2, 'flag')`, [rule, value]);
    await db.query(`insert into exchange_rates (currency, day, rate, source, updated_at) values ('EUR', $1, '1.0850000000', 'ecb', now())`, [statsDay(new Date())]);
    for (const offerId of network.offerIds) await db.query(`insert into caps (offer_id, metric, period, "limit", mode) values ($1, 'conversions', 'month', 1000000000, 'hard')`, [offerId]);
    console.log('screening rules on (flag), Verotel and a quarter of the site reports in EUR, a hard conversion cap on both offers');

    // One account per biller, as the accounts module stores them: the key and the secret encrypted with the field key.
    const paths = {} as Record<Biller, string>;
    const secrets: Partial<Record<Biller, string>> = { segpay: SEGPAY_TOKEN, verotel: VEROTEL_KEY };
    for (const biller of billers) {
      const key = randomBytes(24).toString('base64url');
      await db.query(
        `insert into biller_accounts (site_id, biller, account_key_encrypted, account_key_hash, secret_encrypted, passthrough_field, site_reports_too)
         values ($1, $2, $3, $4, $5, $6, true)`,
        [
          network.siteId,
          biller,
          encryptValue(fieldKey, key, `biller-account:${network.siteId}:key`),
          createHash('sha256').update(key).digest('hex'),
          secrets[biller] ? encryptValue(fieldKey, secrets[biller], `biller-account:${network.siteId}:secret`) : null,
          biller === 'verotel' ? 'custom1' : 'cid',
        ],
      );
      paths[biller] = `/billers/${biller}/${key}`;
    }

    const tag = randomBytes(3).toString('hex');
    const letter = { bare: 'x', billers: 'b', conversions: 'c' } as const;
    const mixOf = (server: keyof typeof letter, run: 'measured' | 'warmup') => new Mix(`${letter[server]}${run === 'measured' ? 'm' : 'w'}${tag}-`, cids);
    const bare = await startBare('biller');
    const runs: Record<'bare' | 'billers' | 'conversions', { measured: LoadResult; mix: Mix; cpu: CpuPerRequest }> = {} as never;
    for (const server of ['bare', 'billers', 'conversions'] as const) {
      console.log(`${server} ...`);
      const target = server === 'bare' ? bare : app;
      const measuredMix = mixOf(server, 'measured');
      const loadOf = (mix: Mix) => (server === 'conversions' ? conversionLoad(target.url, network.apiKey, mix) : billerLoad(target.url, paths, mix));
      const r = await measuredLoad(loadOf(measuredMix), loadOf(mixOf(server, 'warmup')), SECONDS, WARMUP_SECONDS, target.child);
      runs[server] = { measured: r.measured, mix: measuredMix, cpu: r.cpu };
    }
    // Half of the billers' saturating rate, a fresh mix: the p99 goal's load.
    const halfRate = Math.max(1, Math.round(runs.billers.measured.rps / 2));
    console.log(`billers at half rate (${fmt(halfRate)}/s) ...`);
    const halfMix = new Mix(`bh${tag}-`, cids);
    const half = await measuredLoad(
      { ...billerLoad(app.url, paths, halfMix), connections: HALF_CONNECTIONS, overallRate: halfRate },
      { ...billerLoad(app.url, paths, new Mix(`bhw${tag}-`, cids)), connections: HALF_CONNECTIONS, overallRate: halfRate },
      SECONDS,
      Math.min(WARMUP_SECONDS, 2),
      app.child,
    );
    const b = runs.bare.measured;
    const a = runs.billers.measured;
    const c = runs.conversions.measured;
    console.log('\nresults (measured runs)');
    console.log(line('bare', b));
    console.log(line('billers', a));
    console.log(line('conversions', c));
    console.log(line('billers ½', half.measured));
    for (const server of ['bare', 'billers', 'conversions'] as const) console.log(cpuLine(server, runs[server].cpu));
    console.log(cpuLine('billers ½', half.cpu));
    console.log(`  mix of the billers run: ${fmt(runs.billers.mix.counts.sale)} sales, ${fmt(runs.billers.mix.counts.rebill)} rebills, ${fmt(runs.billers.mix.counts.refund)} refunds`);
    console.log(`  ratio billers / bare: ${fmt(a.rps / b.rps, 2)}   billers / conversions: ${fmt(a.rps / c.rps, 2)}`);

    // Every id of the billers' measured run carries `bm<tag>-` (CCBill's refunds name it inside their own id).
    const like = `%bm${tag}-%`;
    const events = (
      await db.query<{ status: string; biller: string; n: string }>(`select status, biller, count(*) n from biller_events where transaction_id like $1 group by 1, 2 order by 1, 2`, [like])
    ).rows;
    const [conv] = (
      await db.query<{ n: string; distinct_events: string }>(
        `select (select count(*) from conversions where transaction_id like $1 and biller_account_id is not null) n,
                (select count(distinct conversion_id) from biller_events where transaction_id like $1 and status = 'accepted') distinct_events`,
        [like],
      )
    ).rows;
    const total = events.reduce((s, e) => s + Number(e.n), 0);
    const accepted = events.filter((e) => e.status === 'accepted').reduce((s, e) => s + Number(e.n), 0);
    const byBiller = billers.map((bl) => `${bl} ${fmt(events.filter((e) => e.biller === bl).reduce((s, e) => s + Number(e.n), 0))}`).join(', ');
    const ok = total === a.status2xx && a.non2xx === 0 && accepted === total && Number(conv!.n) === accepted && Number(conv!.distinct_events) === accepted && !a.cut;
    console.log('\ncheck: every biller post acknowledged is one event in the log, and every accepted event one conversion');
    console.log(`  acknowledged ${fmt(a.status2xx)} (refused ${fmt(a.non2xx)})   events logged ${fmt(total)} (${byBiller})   accepted ${fmt(accepted)}   conversions ${fmt(Number(conv!.n))}   ${ok ? 'PASS' : 'FAIL'}`);
    for (const e of events.filter((x) => x.status !== 'accepted')) console.log(`  not accepted: ${fmt(Number(e.n))} ${e.biller} ${e.status}`);

    console.log('\ngoals');
    console.log(goalLine(`>= ${GOAL_SHARE} of POST /v1/conversions events/s`, a.rps >= GOAL_SHARE * c.rps, `${fmt(a.rps)}/s vs ${fmt(c.rps)}/s (${fmt(a.rps / c.rps, 2)})`));
    console.log(
      goalLine(
        `p99 < ${GOAL_P99_MS} ms at half the saturating rate`,
        half.measured.p99 < GOAL_P99_MS && half.measured.non2xx === 0 && half.measured.errors === 0,
        `${fmt(half.measured.rps)}/s: p50 ${fmt(half.measured.p50)} ms, p99 ${fmt(half.measured.p99)} ms (saturated: p99 ${fmt(a.p99)} ms)`,
      ),
    );
  });
}

runBenchmark(main);
