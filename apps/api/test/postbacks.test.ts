import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postbackMacros, postbackMessages, validationMessages as m } from '@portal/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { DatabaseConfig } from '../src/config.ts';
import { jobs, offers, postbackDeliveries, postbacks, sites } from '../src/db/schema/index.ts';
import { type ConversionForPostback, enqueuePostbacksForConversion } from '../src/modules/postbacks/enqueue.ts';
import { createTestApp, freshDatabase, testConfig, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { click, createCatalogue, trackingLink } from './support/tracking.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

// Names the tests make resolve to chosen addresses (a public one, a private one, one that changes).
const dns = vi.hoisted(() => ({ names: new Map<string, string[]>() }));
vi.mock('node:dns/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:dns/promises')>();
  const lookup = (async (name: string, options?: object) => {
    const answers = dns.names.get(name.toLowerCase());
    if (answers) return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    return real.lookup(name, { ...options, all: true });
  }) as typeof real.lookup;
  return { ...real, lookup, default: { ...real, lookup } };
});

interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  host: string;
  body: string;
  contentType: string;
}

/** A local HTTP server standing in for an affiliate's tracker: records requests, answers as told. */
class Receiver {
  readonly requests: Received[] = [];
  /** Status to answer per request number (0-based) on a path prefix; 200 "OK" otherwise. */
  failFirst = new Map<string, number>();
  private readonly server: Server;
  port = 0;

  constructor() {
    this.server = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://receiver');
        this.requests.push({
          method: req.method ?? '',
          path: url.pathname,
          query: url.searchParams,
          host: req.headers.host ?? '',
          body: Buffer.concat(chunks).toString(),
          contentType: req.headers['content-type'] ?? '',
        });
        const failures = this.failFirst.get(url.pathname) ?? 0;
        const seen = this.requests.filter((r) => r.path === url.pathname).length;
        if (seen <= failures) {
          res.writeHead(500, { 'content-type': 'text/plain' });
          return res.end(`not yet (${seen})`);
        }
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(`OK ${url.pathname}`);
      });
    });
  }

  async start(): Promise<number> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.port = (this.server.address() as AddressInfo).port;
    return this.port;
  }

  on(path: string): Received[] {
    return this.requests.filter((r) => r.path === path);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }
}

/** Polls until `check` answers something truthy, or fails after `ms`. */
async function eventually<T>(check: () => Promise<T | undefined | null | false>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

type Tokens = { access_token: string };

async function seedOffer(app: FastifyInstance, name: string): Promise<number> {
  const [site] = await app.db.insert(sites).values({ name: `site-${name}-${Date.now()}`, displayName: name, url: 'https://site.example' }).returning();
  const [offer] = await app.db.insert(offers).values({ siteId: site!.id, name, payoutType: 'cpa', defaultPayout: 2500 }).returning();
  return offer!.id;
}

let conversionSeq = 5000;
function conversion(affiliateId: number, offerId: number, over: Partial<ConversionForPostback> = {}): ConversionForPostback {
  conversionSeq++;
  return {
    conversionId: conversionSeq,
    affiliateId,
    offerId,
    campaignId: null,
    type: 'sale',
    cid: 'C0FFEE42',
    payoutCents: 1234,
    amountCents: 4999,
    currency: 'USD',
    transactionId: `tx-${conversionSeq}`,
    subs: { sub1: 'a b&c', sub2: 'ü', sub3: null, sub4: null, sub5: null },
    createdAt: new Date('2025-01-02T03:04:05Z'),
    ...over,
  };
}

const fire = (app: FastifyInstance, c: ConversionForPostback) => app.db.transaction((tx) => enqueuePostbacksForConversion(tx, c));
const deliveryRow = async (app: FastifyInstance, id: number) => (await app.db.select().from(postbackDeliveries).where(eq(postbackDeliveries.id, id)))[0]!;
const settled = (app: FastifyInstance, id: number) =>
  eventually(async () => {
    const d = await deliveryRow(app, id);
    return d.status !== 'pending' ? d : undefined;
  });

describe('postbacks', () => {
  let t: TestApp;
  const mail = new MailCatcher();
  const receiver = new Receiver();
  let closedPort = 0;
  let base = '';
  let alice: Tokens;
  let bob: Tokens;
  let staff: Tokens;
  let aliceId = 0;
  let bobId = 0;
  let offerA = 0;
  let offerB = 0;

  beforeAll(async () => {
    const port = await receiver.start();
    base = `http://127.0.0.1:${port}`;
    // A port nothing listens on and that is not allow-listed.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    t = await createTestApp({ SMTP_URL: await mail.start(), OUTBOUND_ALLOW: `127.0.0.1:${port}`, JOBS_POLL_MS: '50', POSTBACK_RETRY_BASE_MS: '40' });
    const a = await createAffiliate(t.app);
    const b = await createAffiliate(t.app);
    const s = await createStaff(t.app, ['offers', 'affiliates']);
    aliceId = a.id;
    bobId = b.id;
    [alice, bob, staff] = await Promise.all([signIn(t.app, mail, a.email, a.password), signIn(t.app, mail, b.email, b.password), signIn(t.app, mail, s.email, s.password)]);
    offerA = await seedOffer(t.app, 'Offer A');
    offerB = await seedOffer(t.app, 'Offer B');
    dns.names.set('tracker.example.com', ['93.184.216.34']);
    dns.names.set('intranet.example.com', ['10.20.30.40']);
    dns.names.set('metadata.example.com', ['169.254.169.254']);
    dns.names.set('loopback6.example.com', ['::1']);
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
    await receiver.stop();
  });

  const api = (tokens: Tokens | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: tokens ? bearer(tokens) : {}, ...(payload ? { payload } : {}) });
  const create = async (tokens: Tokens, body: object) => {
    const res = await api(tokens, 'POST', '/v1/postbacks', body);
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: number };
  };

  describe('API', () => {
    it('lists the macros shown beside the form, each with a description', async () => {
      const res = await api(alice, 'GET', '/v1/postbacks/macros');
      expect(res.statusCode).toBe(200);
      const macros = res.json().data as Array<{ macro: string; description: string }>;
      expect(macros.map((x) => x.macro)).toEqual(expect.arrayContaining(['{cid}', '{pid}', '{sub1}', '{sub5}', '{goal}', '{payout}', '{amount}', '{currency}', '{transaction_id}', '{conversion_id}', '{campaign_id}', '{timestamp}']));
      expect(macros).toHaveLength(postbackMacros.length);
      expect(macros.every((x) => x.description.length > 5)).toBe(true);
    });

    it('is for affiliates only', async () => {
      for (const [method, url] of [
        ['GET', '/v1/postbacks'],
        ['POST', '/v1/postbacks'],
        ['GET', '/v1/postbacks/macros'],
        ['GET', '/v1/postbacks/deliveries'],
        ['PUT', '/v1/postbacks/1'],
        ['DELETE', '/v1/postbacks/1'],
        ['POST', '/v1/postbacks/1/test'],
      ] as const) {
        expect((await api(undefined, method, url, method === 'POST' || method === 'PUT' ? {} : undefined)).statusCode, `${method} ${url}`).toBe(401);
        const asStaff = await api(staff, method, url, method === 'POST' || method === 'PUT' ? {} : undefined);
        expect(asStaff.statusCode).toBe(403);
        expect(asStaff.json()).toMatchObject({ error_code: 'forbidden' });
      }
    });

    it('answers each field with its SPEC message', async () => {
      const empty = await api(alice, 'POST', '/v1/postbacks', {});
      expect(empty.statusCode).toBe(422);
      expect(empty.json()).toMatchObject({ error_code: 'validation_failed', errors: { goal: [m.required], type: [m.required], url: [m.required] } });

      const wrong = await api(alice, 'POST', '/v1/postbacks', { goal: 'install', type: 'offer', method: 'PATCH', url: 'tracker.example.com/cb', cid: 'click id' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toMatchObject({ goal: [m.invalid], method: [m.invalid], url: [m.url], cid: [m.invalid] });

      const noOffer = await api(alice, 'POST', '/v1/postbacks', { goal: 'sale', type: 'offer', url: 'https://tracker.example.com/cb' });
      expect(noOffer.json().errors).toEqual({ offer_id: [m.required] });
      const unknownOffer = await api(alice, 'POST', '/v1/postbacks', { goal: 'sale', type: 'offer', offer_id: 999_999, url: 'https://tracker.example.com/cb' });
      expect(unknownOffer.statusCode).toBe(422);
      expect(unknownOffer.json().errors).toEqual({ offer_id: [postbackMessages.unknownOffer] });

      for (const url of ['ftp://tracker.example.com/cb', 'https://', 'javascript:alert(1)', '/relative/cb', 'https://tracker example.com/']) {
        const res = await api(alice, 'POST', '/v1/postbacks', { goal: 'sale', type: 'global', url });
        expect(res.json().errors).toEqual({ url: [m.url] });
      }
      const macroHost = await api(alice, 'POST', '/v1/postbacks', { goal: 'sale', type: 'global', url: 'https://{sub1}.example.com/cb' });
      expect(macroHost.json().errors).toEqual({ url: [postbackMessages.macroInHost] });
    });

    it('refuses private and local addresses at save time, also names resolving to them', async () => {
      for (const url of [
        `http://127.0.0.1:${closedPort}/cb`,
        'http://10.0.0.1/cb',
        'http://169.254.169.254/latest/meta-data/',
        'http://[::1]/cb',
        'http://[::ffff:127.0.0.1]/cb',
        'http://localhost/cb',
        'http://metadata.google.internal/computeMetadata/v1/',
        'https://intranet.example.com/cb',
        'https://metadata.example.com/cb',
        'https://loopback6.example.com/cb',
      ]) {
        const res = await api(alice, 'POST', '/v1/postbacks', { goal: 'sale', type: 'global', url });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({ url: [postbackMessages.privateUrl] });
      }
      expect(await t.app.db.select().from(postbacks).where(eq(postbacks.affiliateId, aliceId))).toHaveLength(0);
    });

    it('creates, lists, reads, updates and deletes the own postbacks', async () => {
      const created = await api(alice, 'POST', '/v1/postbacks', {
        goal: 'sale',
        type: 'offer',
        offer_id: offerA,
        method: 'GET',
        url: '  https://tracker.example.com/cb?click={cid}&amount={payout}  ',
        cid: 'clickid',
        pid: '',
        sub1: 's1',
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        message: postbackMessages.created,
        data: { goal: 'sale', type: 'offer', offer_id: offerA, method: 'GET', url: 'https://tracker.example.com/cb?click={cid}&amount={payout}', cid: 'clickid', pid: '', sub1: 's1', sub2: '' },
      });
      const id = created.json().data.id as number;
      const global = await create(alice, { goal: 'all', type: 'global', offer_id: offerB, url: 'https://tracker.example.com/all' });
      expect((await api(alice, 'GET', `/v1/postbacks/${global.id}`)).json().data).toMatchObject({ offer_id: null, method: 'GET' });

      const list = await api(alice, 'GET', '/v1/postbacks?per_page=1');
      expect(list.json()).toMatchObject({ meta: { total: 2, page: 1, per_page: 1 } });
      expect(list.json().data).toHaveLength(1);

      const updated = await api(alice, 'PUT', `/v1/postbacks/${id}`, { goal: 'signup', type: 'global', method: 'POST', url: 'https://tracker.example.com/v2?c={cid}' });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({ message: postbackMessages.updated, data: { goal: 'signup', type: 'global', offer_id: null, method: 'POST', cid: '', sub1: '' } });
      const badUpdate = await api(alice, 'PUT', `/v1/postbacks/${id}`, { goal: 'signup', type: 'global', url: 'http://10.0.0.1/' });
      expect(badUpdate.json().errors).toEqual({ url: [postbackMessages.privateUrl] });

      const deleted = await api(alice, 'DELETE', `/v1/postbacks/${id}`);
      expect(deleted.json()).toEqual({ data: { message: postbackMessages.deleted } });
      expect((await api(alice, 'GET', `/v1/postbacks/${id}`)).statusCode).toBe(404);
      expect((await api(alice, 'DELETE', `/v1/postbacks/${id}`)).statusCode).toBe(404);
      await api(alice, 'DELETE', `/v1/postbacks/${global.id}`);
    });

    it("never shows or changes another affiliate's postbacks or deliveries", async () => {
      const mine = await create(alice, { goal: 'all', type: 'global', url: `${base}/alice-only?c={cid}` });
      const [delivery] = await fire(t.app, conversion(aliceId, offerA));
      await settled(t.app, delivery!);

      const list = await api(bob, 'GET', '/v1/postbacks');
      expect(list.json()).toMatchObject({ data: [], meta: { total: 0 } });
      for (const [method, url, payload] of [
        ['GET', `/v1/postbacks/${mine.id}`, undefined],
        ['PUT', `/v1/postbacks/${mine.id}`, { goal: 'sale', type: 'global', url: 'https://tracker.example.com/stolen' }],
        ['DELETE', `/v1/postbacks/${mine.id}`, undefined],
        ['POST', `/v1/postbacks/${mine.id}/test`, undefined],
        ['GET', `/v1/postbacks/deliveries?postback_id=${mine.id}`, undefined],
      ] as const) {
        const res = await api(bob, method, url, payload);
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('alice-only');
      }
      const bobsLog = await api(bob, 'GET', '/v1/postbacks/deliveries');
      expect(bobsLog.json()).toMatchObject({ data: [], meta: { total: 0 } });
      // Alice's postback is untouched and still hers.
      expect((await api(alice, 'GET', `/v1/postbacks/${mine.id}`)).json().data.url).toBe(`${base}/alice-only?c={cid}`);
      const alicesLog = await api(alice, 'GET', `/v1/postbacks/deliveries?postback_id=${mine.id}`);
      expect(alicesLog.json().meta.total).toBe(1);
      // Bob's conversion does not fire Alice's postback.
      expect(await fire(t.app, conversion(bobId, offerA))).toEqual([]);
      await api(alice, 'DELETE', `/v1/postbacks/${mine.id}`);
    });
  });

  describe('delivery', () => {
    it("reaches the affiliate's server from a site's report, through both conversion forms and a refund", async () => {
      const catalogue = await createCatalogue(t.app, staff, { name: `pbsite${Date.now().toString(36)}`, payoutType: 'cpa', payout: 9.5, goal: 'sale' });
      const c = await createAffiliate(t.app);
      const carol = await signIn(t.app, mail, c.email, c.password);
      await create(carol, { goal: 'all', type: 'global', url: `${base}/from-site?click={cid}&tx={transaction_id}&goal={goal}&payout={payout}` });
      const link = await trackingLink(t.app, carol, catalogue.offerId);
      const { cid } = await click(t.app, link.url);
      expect(cid).toBeTruthy();

      const key = { authorization: `Bearer ${catalogue.apiKey}` };
      const sale = await t.app.inject({ method: 'POST', url: '/v1/conversions', headers: key, payload: { cid, type: 'sale', amount: '30.00', transaction_id: 'site-sale-1' } });
      const rebill = await t.app.inject({ method: 'GET', url: `/v1/conversions?key=${catalogue.apiKey}&cid=${cid}&type=rebill&amount=30.00&transaction_id=site-rebill-1` });
      const refund = await t.app.inject({ method: 'GET', url: `/v1/conversions?key=${catalogue.apiKey}&cid=${cid}&type=refund&transaction_id=site-refund-1&original_transaction_id=site-sale-1` });
      const ids = [sale, rebill, refund].map((res) => {
        expect({ status: res.statusCode, body: res.body }).toMatchObject({ status: 200 });
        expect(res.json().data.status).toBe('accepted');
        return res.json().data.conversion_id as number;
      });

      // One delivery per conversion, each with its job, each delivered to the receiver.
      const rows = await eventually(async () => {
        const found = await t.app.db.select().from(postbackDeliveries).where(inArray(postbackDeliveries.conversionId, ids));
        return found.length === 3 && found.every((d) => d.status === 'delivered') ? found : undefined;
      });
      expect(rows.map((d) => d.affiliateId)).toEqual([c.id, c.id, c.id]);
      const jobRows = (await t.app.db.select().from(jobs)).filter((j) => rows.some((d) => d.id === (j.payload as { delivery_id: number }).delivery_id));
      expect(jobRows).toHaveLength(3);
      const calls = receiver.on('/from-site');
      expect(calls.map((r) => [r.query.get('click'), r.query.get('tx'), r.query.get('goal'), r.query.get('payout')]).sort()).toEqual(
        [
          [cid, 'site-sale-1', 'sale', '9.50'],
          [cid, 'site-rebill-1', 'rebill', '0.00'],
          [cid, 'site-refund-1', 'refund', '-9.50'],
        ].sort(),
      );
    });

    it('retries until the receiver answers 200, with macros encoded and parameters appended', async () => {
      receiver.failFirst.set('/retry', 2);
      const p = await create(alice, {
        goal: 'sale',
        type: 'offer',
        offer_id: offerA,
        url: `${base}/retry?click={cid}&payout={payout}&amount={amount}&s1={sub1}&tx={transaction_id}&g={goal}&cur={currency}&ts={timestamp}&camp={campaign_id}&x={unknown}`,
        cid: 'clickid',
        pid: 'offer',
        sub1: 'subone',
        sub2: 'subtwo',
      });
      // Removed however the test ends, so a failure here does not show up in the next tests.
      onTestFinished(async () => {
        await api(alice, 'DELETE', `/v1/postbacks/${p.id}`);
      });
      const c = conversion(aliceId, offerA, { payoutCents: -1205 });
      const [id] = await fire(t.app, c);
      const d = await settled(t.app, id!);
      expect(d).toMatchObject({ status: 'delivered', attempts: 3, httpStatus: 200, responseSnippet: 'OK /retry', lastError: null, postbackId: p.id, conversionId: c.conversionId, isTest: false });
      expect(d.durationMs).toBeGreaterThanOrEqual(0);
      const calls = receiver.on('/retry');
      expect(calls).toHaveLength(3);
      const q = calls[2]!.query;
      expect(Object.fromEntries(q)).toMatchObject({
        click: 'C0FFEE42',
        payout: '-12.05',
        amount: '49.99',
        s1: 'a b&c',
        tx: c.transactionId,
        g: 'sale',
        cur: 'USD',
        ts: String(Date.parse('2025-01-02T03:04:05Z') / 1000),
        camp: '',
        clickid: 'C0FFEE42',
        offer: String(offerA),
        subone: 'a b&c',
        subtwo: 'ü',
      });
      expect(q.get('x')).toBe('{unknown}');
      expect(d.url).toContain('s1=a%20b%26c');
      const [job] = await t.app.db.select().from(jobs).where(eq(jobs.kind, 'postback.deliver')).orderBy(jobs.id).then((rows) => rows.filter((r) => (r.payload as { delivery_id: number }).delivery_id === id));
      expect(job).toMatchObject({ attempts: 3, lastError: null });
      expect(job!.doneAt).not.toBeNull();
      expect(job!.expiresAt!.getTime() - job!.createdAt.getTime()).toBeGreaterThan(23 * 3_600_000);

      const log = await api(alice, 'GET', `/v1/postbacks/deliveries?postback_id=${p.id}`);
      expect(log.json().data[0]).toMatchObject({ id, status: 'delivered', attempts: 3, http_status: 200, response_snippet: 'OK /retry', is_test: false, method: 'GET' });
    });

    it('sends a POST postback with the parameters as a form body', async () => {
      const p = await create(alice, { goal: 'all', type: 'global', method: 'POST', url: `${base}/post?click={cid}&payout={payout}`, sub1: 'sub1' });
      const [id] = await fire(t.app, conversion(aliceId, offerB, { type: 'signup', payoutCents: 250 }));
      expect(await settled(t.app, id!)).toMatchObject({ status: 'delivered', attempts: 1, method: 'POST' });
      const call = receiver.on('/post').at(-1)!;
      expect(call).toMatchObject({ method: 'POST', contentType: 'application/x-www-form-urlencoded', host: `127.0.0.1:${receiver.port}` });
      expect(call.query.size).toBe(0);
      expect(Object.fromEntries(new URLSearchParams(call.body))).toEqual({ click: 'C0FFEE42', payout: '2.50', sub1: 'a b&c' });
      await api(alice, 'DELETE', `/v1/postbacks/${p.id}`);
    });

    it('fires only the postbacks matching the goal and offer', async () => {
      const saleA = await create(alice, { goal: 'sale', type: 'offer', offer_id: offerA, url: `${base}/m-sale-a` });
      const signupAll = await create(alice, { goal: 'signup', type: 'global', url: `${base}/m-signup` });
      const anyAll = await create(alice, { goal: 'all', type: 'global', url: `${base}/m-all` });
      const deliveries = async (ids: number[]) =>
        (await t.app.db.select().from(postbackDeliveries).where(inArray(postbackDeliveries.id, ids))).map((d) => d.postbackId).sort();
      expect(await deliveries(await fire(t.app, conversion(aliceId, offerA)))).toEqual([saleA.id, anyAll.id].sort());
      expect(await deliveries(await fire(t.app, conversion(aliceId, offerB)))).toEqual([anyAll.id]);
      expect(await deliveries(await fire(t.app, conversion(aliceId, offerB, { type: 'signup' })))).toEqual([signupAll.id, anyAll.id].sort());
      expect(await deliveries(await fire(t.app, conversion(aliceId, offerA, { type: 'chargeback', payoutCents: -2500 })))).toEqual([anyAll.id]);
      for (const p of [saleA, signupAll, anyAll]) await api(alice, 'DELETE', `/v1/postbacks/${p.id}`);
    });

    it('sends postbacks falling due together once each, and records each with its own answer', async () => {
      receiver.failFirst.set('/many-fail', 1_000);
      const ok = await create(alice, { goal: 'all', type: 'global', url: `${base}/many?tx={transaction_id}` });
      const failing = await create(alice, { goal: 'all', type: 'global', url: `${base}/many-fail?tx={transaction_id}` });
      onTestFinished(async () => {
        for (const p of [ok, failing]) await api(alice, 'DELETE', `/v1/postbacks/${p.id}`);
      });
      const sent = Array.from({ length: 20 }, () => conversion(aliceId, offerA));
      const ids = (await Promise.all(sent.map((c) => fire(t.app, c)))).flat();
      expect(ids).toHaveLength(40);
      const rows = await Promise.all(ids.map((id) => eventually(async () => {
        const d = await deliveryRow(t.app, id);
        return d.attempts > 0 ? d : undefined;
      })));
      const of = (postbackId: number) => rows.filter((d) => d.postbackId === postbackId);
      expect(of(ok.id).map((d) => [d.status, d.attempts, d.httpStatus, d.responseSnippet, d.lastError])).toEqual(sent.map(() => ['delivered', 1, 200, 'OK /many', null]));
      for (const d of of(failing.id)) expect(d).toMatchObject({ status: 'pending', httpStatus: 500, responseSnippet: expect.stringMatching(/^not yet/), lastError: 'HTTP 500' });
      // Each conversion's postback reached the receiver once, with its own transaction id.
      expect(receiver.on('/many').map((r) => r.query.get('tx')).sort()).toEqual(sent.map((c) => c.transactionId).sort());
    });

    it('refuses private addresses at send time, without retrying, also a name that now resolves to one', async () => {
      // Saved while the name was public; it resolves to a private address by the time of sending.
      dns.names.set('rebind.example.com', ['93.184.216.34']);
      const rebind = await create(bob, { goal: 'all', type: 'global', url: 'http://rebind.example.com/cb?c={cid}' });
      dns.names.set('rebind.example.com', ['10.0.0.9']);
      // Rows the API would refuse, as if saved under older rules.
      const urls = [`http://127.0.0.1:${closedPort}/cb`, 'http://10.0.0.1/cb', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/cb', 'http://localhost/cb', 'https://intranet.example.com/cb'];
      await t.app.db.insert(postbacks).values(urls.map((url) => ({ affiliateId: bobId, goal: 'all', type: 'global', method: 'GET', url })));
      const ids = await fire(t.app, conversion(bobId, offerA));
      expect(ids).toHaveLength(urls.length + 1);
      for (const id of ids) {
        const d = await settled(t.app, id);
        expect(d).toMatchObject({ status: 'refused', attempts: 1, httpStatus: null });
        expect(d.lastError).toMatch(/private|local|reserved/);
      }
      // The queue marks a job done just after its delivery row settles.
      const jobRows = async () => (await t.app.db.select().from(jobs)).filter((j) => ids.includes((j.payload as { delivery_id: number }).delivery_id));
      await eventually(async () => (await jobRows()).every((j) => j.doneAt !== null));
      expect((await jobRows()).map((j) => j.attempts)).toEqual(ids.map(() => 1));
      await api(bob, 'DELETE', `/v1/postbacks/${rebind.id}`);
      await t.app.db.delete(postbacks).where(eq(postbacks.affiliateId, bobId));
    });

    it('stops the pending deliveries of a deleted postback and keeps them in the log', async () => {
      receiver.failFirst.set('/deleted', 1_000);
      const p = await create(alice, { goal: 'all', type: 'global', url: `${base}/deleted` });
      const [id] = await fire(t.app, conversion(aliceId, offerA));
      await eventually(async () => (await deliveryRow(t.app, id!)).attempts >= 1);
      await api(alice, 'DELETE', `/v1/postbacks/${p.id}`);
      const d = await deliveryRow(t.app, id!);
      expect(d).toMatchObject({ status: 'failed', postbackId: null, lastError: 'The postback was deleted before delivery.' });
      const log = await api(alice, 'GET', '/v1/postbacks/deliveries?status=failed');
      expect(log.json().data.map((x: { id: number }) => x.id)).toContain(id);
    });
  });

  describe('send test', () => {
    it('fires once now with sample values and answers the request and the answer', async () => {
      const p = await create(alice, { goal: 'all', type: 'offer', offer_id: offerB, url: `${base}/test-get?c={cid}&p={payout}&g={goal}&o={pid}`, sub1: 's1' });
      const res = await api(alice, 'POST', `/v1/postbacks/${p.id}/test`);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ status: 'delivered', request: { method: 'GET', body: null }, response: { status: 200, body: 'OK /test-get' }, error: null });
      expect(data.request.url).toMatch(new RegExp(`^${base}/test-get\\?c=TEST[0-9a-f]+&p=12.50&g=sale&o=${offerB}&s1=test_sub1$`));
      expect(data.response.duration_ms).toBeGreaterThanOrEqual(0);
      expect(receiver.on('/test-get')).toHaveLength(1);
      const log = await api(alice, 'GET', `/v1/postbacks/deliveries?postback_id=${p.id}`);
      expect(log.json().data[0]).toMatchObject({ id: data.delivery_id, is_test: true, status: 'delivered', attempts: 1, http_status: 200, conversion_id: null });
      await api(alice, 'DELETE', `/v1/postbacks/${p.id}`);
    });

    it('shows a POST request body, a failing answer and a refusal', async () => {
      receiver.failFirst.set('/test-fail', 1);
      const post = await create(alice, { goal: 'sale', type: 'global', method: 'POST', url: `${base}/test-fail?c={cid}` });
      const failed = (await api(alice, 'POST', `/v1/postbacks/${post.id}/test`)).json().data;
      expect(failed).toMatchObject({ status: 'failed', request: { method: 'POST', url: `${base}/test-fail` }, response: { status: 500, body: 'not yet (1)' }, error: 'HTTP 500' });
      expect(failed.request.body).toMatch(/^c=TEST[0-9a-f]+$/);

      const [refusedRow] = await t.app.db.insert(postbacks).values({ affiliateId: aliceId, goal: 'all', type: 'global', method: 'GET', url: 'http://169.254.169.254/latest/meta-data/' }).returning();
      const refused = (await api(alice, 'POST', `/v1/postbacks/${refusedRow!.id}/test`)).json().data;
      expect(refused).toMatchObject({ status: 'refused', response: null, request: { method: 'GET', url: 'http://169.254.169.254/latest/meta-data/' } });
      expect(refused.error).toMatch(/169\.254\.169\.254/);
      // No retry follows a test.
      await new Promise((r) => setTimeout(r, 200));
      expect(receiver.on('/test-fail')).toHaveLength(1);
      await api(alice, 'DELETE', `/v1/postbacks/${post.id}`);
      await api(alice, 'DELETE', `/v1/postbacks/${refusedRow!.id}`);
    });
  });
});

describe('postbacks across a restart', () => {
  const receiver = new Receiver();
  let database: { config: DatabaseConfig; drop: () => Promise<void> };
  let dataDir = '';
  afterAll(async () => {
    await receiver.stop();
    await database.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no queued delivery when the server stops before sending', { timeout: 90_000 }, async () => {
    const port = await receiver.start();
    // On the embedded database: files on disk, as in production; on PostgreSQL: one database for both runs.
    if (process.env.TEST_DB === 'postgres') database = await freshDatabase();
    else {
      dataDir = mkdtempSync(join(tmpdir(), 'pglite-postbacks-'));
      database = { config: { kind: 'pglite', dir: dataDir }, drop: async () => {} };
    }
    const env = { OUTBOUND_ALLOW: `127.0.0.1:${port}`, JOBS_POLL_MS: '50', POSTBACK_RETRY_BASE_MS: '40' };
    // An instance whose worker is off: it records and queues, and stops before any send.
    const first = await buildApp({ ...testConfig({ ...env, JOBS_WORKER: '0' }), database: database.config });
    await first.ready();
    const affiliate = await createAffiliate(first);
    const offerId = await seedOffer(first, 'Restart Offer');
    await first.db.insert(postbacks).values([
      { affiliateId: affiliate.id, goal: 'all', type: 'global', method: 'GET', url: `http://127.0.0.1:${port}/after-restart?c={cid}` },
      { affiliateId: affiliate.id, goal: 'sale', type: 'offer', offerId, method: 'POST', url: `http://127.0.0.1:${port}/after-restart-post` },
    ]);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(...(await fire(first, conversion(affiliate.id, offerId, { cid: `RESTART${i}` }))));
    // One more job as a worker left it when its process died mid-send: claimed, lease not yet run out.
    const [crashed] = await fire(first, conversion(affiliate.id, offerId, { type: 'signup', cid: 'CRASHED' }));
    await first.db.update(jobs).set({ attempts: 1, lockedUntil: new Date(Date.now() + 300) }).where(eq(jobs.payload, { delivery_id: crashed! }));
    await new Promise((r) => setTimeout(r, 150));
    expect(receiver.requests).toHaveLength(0);
    await first.close();

    const second = await buildApp({ ...testConfig(env), database: database.config });
    await second.ready();
    try {
      for (const id of [...ids, crashed!]) expect((await settled(second, id)).status).toBe('delivered');
      expect(ids).toHaveLength(10);
      expect(receiver.on('/after-restart')).toHaveLength(6);
      expect(receiver.on('/after-restart-post')).toHaveLength(5);
      expect(new Set(receiver.on('/after-restart').map((r) => r.query.get('c')))).toEqual(new Set(['RESTART0', 'RESTART1', 'RESTART2', 'RESTART3', 'RESTART4', 'CRASHED']));
      const [crashedJob] = await second.db.select().from(jobs).where(eq(jobs.payload, { delivery_id: crashed! }));
      expect(crashedJob!.attempts).toBe(2);
    } finally {
      await second.close();
    }
  });
});
