import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { click, createCatalogue } from './support/tracking.ts';
import { createAffiliate, createStaff, signIn } from './support/users.ts';

const root = resolve(import.meta.dirname, '../../..');
const example = join(root, 'examples/api-client');

type Operation = { operationId?: string; summary?: string; security?: unknown[]; parameters?: Array<{ name: string; in: string }>; responses: Record<string, { description: string }> };
type Document = { paths: Record<string, Record<string, Operation>>; tags: Array<{ name: string }> };

type ExampleClient = {
  signIn: (baseUrl: string, email: string, password: string) => Promise<unknown>;
  offers: (portal: unknown) => Promise<Array<{ id: number; name: string; payout: number }>>;
  trackingLink: (portal: unknown, offerId: number, sub1: string) => Promise<string>;
  reportSale: (baseUrl: string, siteKey: string, sale: { cid: string; amount: string; transactionId: string }) => Promise<unknown>;
};

let t: TestApp;
const mail = new MailCatcher();
let doc: Document;
let body: string;

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start() });
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`);
  body = res.body;
  doc = res.json();
});
afterAll(async () => {
  await t?.close();
  await mail.stop();
});

const operations = () => Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

describe('the API document', () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: body, absoluteRef: 'openapi.json', config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`)).toEqual([]);
  });

  it('names, describes and secures every operation, and lists the tags it uses', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op } of operations()) {
      expect(op.summary, `${method} ${path}`).toBeTruthy();
      expect(op.security, `${method} ${path}`).toBeDefined();
      expect(Object.values(op.responses).map((r) => r.description)).not.toContain('Default Response');
    }
    expect(doc.paths['/v1/authentication/logout']!.post!.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/v1/conversions']!.post!.security).toEqual([{ siteKey: [] }]);
    expect(doc.paths['/v2/authentication/login']!.post!.security).toEqual([]);
    expect(doc.tags.map((tag) => tag.name)).toEqual(expect.arrayContaining(['offers', 'conversions', 'authentication']));
  });

  it('lists the real parameters of the conversion URL', () => {
    const names = doc.paths['/v1/conversions']!.get!.parameters!.filter((p) => p.in === 'query').map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['key', 'cid', 'type', 'amount', 'currency', 'transaction_id']));
    expect(names).not.toContain('propertyNames');
  });

  it('generates a typed client that compiles and works: an affiliate takes a link, the site reports the sale', { timeout: 120_000 }, async () => {
    // openapi-typescript lives in the example's own folder: it needs the TypeScript 5 compiler API.
    const generator = (await import(pathToFileURL(join(example, 'node_modules/openapi-typescript/dist/index.mjs')).href)) as {
      default: (schema: object) => Promise<unknown>;
      astToString: (ast: unknown) => string;
    };
    writeFileSync(join(example, 'src/openapi.d.ts'), generator.astToString(await generator.default(doc)));
    const tsc = await promisify(execFile)(join(root, 'node_modules/.bin/tsc'), ['-p', example], { cwd: root }).catch((e: { stdout: string }) => e);
    expect(tsc.stdout).toBe('');

    const staffUser = await createStaff(t.app, ['offers']);
    const staff = await signIn(t.app, mail, staffUser.email, staffUser.password);
    const catalogue = await createCatalogue(t.app, staff, { name: 'clientvr', payoutType: 'cpa', payout: 12, goal: 'sale' });
    const affiliate = await createAffiliate(t.app);
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });

    // Loaded by address: its types come from the file generated just above.
    const client = (await import(pathToFileURL(join(example, 'src/client.ts')).href)) as ExampleClient;
    const portal = await client.signIn(baseUrl, affiliate.email, affiliate.password);
    expect(await client.offers(portal)).toContainEqual({ id: catalogue.offerId, name: 'clientvr cpa', payout: 12 });
    const link = await client.trackingLink(portal, catalogue.offerId, 'newsletter');
    const { cid } = await click(t.app, link);
    const sale = await client.reportSale(baseUrl, catalogue.apiKey, { cid: cid!, amount: '49.90', transactionId: 'order-1' });
    expect(sale).toMatchObject({ status: 'accepted', earning: 12 });
    await expect(client.reportSale(baseUrl, 'sk_wrong', { cid: cid!, amount: '1.00', transactionId: 'order-2' })).rejects.toThrow(/^unauthenticated: /);
  });
});
