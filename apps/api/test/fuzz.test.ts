import { errorReplySchema } from '@portal/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { createCatalogue } from './support/tracking.ts';
import { bearer, createAffiliate, signIn } from './support/users.ts';

/**
 * Every operation of the API document, called with hostile input (bodies, queries, path
 * parameters, headers: huge strings, deep nesting, wrong types, unicode, prototype-pollution keys,
 * text that is not well-formed Unicode, control and text-direction characters, impossible days,
 * numbers past a bigint, addresses longer than their column), anonymously, as
 * an affiliate and as the owner: never a 5xx, and every 4xx in the one error shape.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Operation {
  method: Method;
  path: string;
  query: string[];
}

/**
 * Runs per operation: 20 on PostgreSQL, 5 on the embedded database. What the fuzz finds is in the
 * edge (parsers, schemas, error shape), the same code on both; the database's own refusals are
 * PostgreSQL's, which gets the full count. The deterministic sweeps run in full on both.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.TEST_DB === 'postgres' ? 20 : 5));
/** Fixed so a failure can be replayed; FUZZ_SEED picks another. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

let t: TestApp;
const mail = new MailCatcher();
let operations: Operation[];
let tokens: { affiliate: { access_token: string }; owner: { access_token: string } };
const failures: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start() }, (app) => {
    // Why a 5xx happened, for the failure message (the test log level is silent).
    app.addHook('onError', async (request, _reply, error) => {
      failures.push(`${request.method} ${request.url.slice(0, 200)}: ${error.stack?.split('\n').slice(0, 4).join(' | ')}`);
    });
  });
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      method: method.toUpperCase() as Method,
      path,
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    })),
  );
  const a = await createAffiliate(t.app);
  tokens = {
    affiliate: await signIn(t.app, mail, a.email, a.password),
    owner: await signIn(t.app, mail, 'owner@example.com', 'owner-password-1'),
  };
  // Something to find: real ids make the hostile bodies reach deeper than a 404.
  await createCatalogue(t.app, tokens.owner, { name: 'fuzzvr', payoutType: 'cpa', payout: 10 });
}, 60_000);
afterAll(async () => {
  await t.close();
  await mail.stop();
});

const nested = (depth: number, leaf: string, kind: 'array' | 'object') => (kind === 'array' ? `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`);

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    // Not well-formed: lone surrogates, high or low, alone, inside text, a pair reversed.
    '\uDC00',
    'a\uD800b',
    'end\uD83D',
    '\uDE00\uD83D',
    // Control and text-direction characters.
    'Dana\u202Eevil',
    '\u2066x\u2069',
    'bell\u0007',
    '\u001B[31mred',
    'next\u0085line',
    'del\u007F',
    'two\nlines\ttab\r',
    '💥🏳️‍🌈',
    'x'.repeat(100_000),
    '__proto__',
    'constructor',
    'prototype',
    '0x10',
    '1e3',
    ' 1',
    '-1',
    '0',
    '1.5',
    '99999999999999999999999',
    'NaN',
    'Infinity',
    'null',
    'true',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '=HYPERLINK("http://x","y")',
    '../../../etc/passwd',
    'http://169.254.169.254/latest/meta-data/',
    '%00',
    '%',
    '{{7*7}}',
  ),
);

const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileText,
    fc.integer(),
    fc.double(),
    fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -0, 2 ** 31, -(2 ** 31) - 1, 1e308),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileText, fc.constantFrom('id', 'email', 'password', 'name', 'amount', 'site_id', 'offer_id', 'ids', 'url')), tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** Bytes that are not UTF-8: a surrogate's encoding, stray continuation and lead bytes, an overlong form, past U+10FFFF. */
const notUtf8 = [[0xed, 0xa0, 0x80], [0xff], [0x80], [0xc3, 0x28], [0xe0, 0x80, 0x80], [0xf4, 0x90, 0x80, 0x80]];
const notUtf8Escapes = notUtf8.map((bytes) => bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''));

/** A body as sent on the wire: JSON of hostile values, raw prototype-pollution text, nesting thousands deep, broken JSON, bytes that are not UTF-8. */
const hostileBody = fc.oneof(
  fc.constantFrom(...notUtf8).map((bytes) => Buffer.concat([Buffer.from('{"name":"a'), Buffer.from(bytes), Buffer.from('b","email":"x@example.com"}')])),
  hostileJson.map((v) => JSON.stringify(v) ?? 'null'),
  fc.constantFrom(
    '{"__proto__":{"isAdmin":true,"is_client":false}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"a":1,"__proto__":null}',
    '[{"__proto__":{"x":1}}]',
    '{"email":{"__proto__":{"toString":1}}}',
    '{',
    '{"a":}',
    '"just a string"',
    '12345678901234567890',
    'null',
    '',
  ),
  fc.integer({ min: 2, max: 8000 }).chain((depth) => fc.constantFrom(nested(depth, '1', 'array'), nested(depth, '"x"', 'object'), nested(depth, '{"__proto__":{}}', 'array'))),
  fc.constantFrom(`{"name":"${'y'.repeat(900_000)}"}`, `[${'1,'.repeat(200_000)}1]`),
);

const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', '');

const hostileHeaders = fc.record(
  {
    'user-agent': hostileText,
    'accept-language': hostileText,
    'x-forwarded-for': hostileText,
    accept: fc.constantFrom('*/*', 'text/html', 'application/xml', 'x'.repeat(5000)),
    cookie: hostileText,
    'if-none-match': hostileText,
  },
  { requiredKeys: [] },
);

/** Percent-encodes every byte of the text's UTF-8 (a lone surrogate included, which encodeURIComponent refuses). */
const encode = (text: string): string => [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

/** Path parameters: an id that exists, one that does not, or hostile text. */
const pathParam = fc.oneof(
  fc.constantFrom('1', '2', '999999', '2147483648', '0', '-1', '0x1', '1e3', '%20', '..', '%2e%2e', '%00', '%E0%A4%A', ...notUtf8Escapes),
  hostileText.map((s) => encode(s.slice(0, 300))),
);

const credentials = fc.constantFrom<'none' | 'garbage' | 'affiliate' | 'owner'>('none', 'garbage', 'affiliate', 'owner');

/** Calls that would end the test's own sessions or switch the whole site off. */
const signedInSkip = /logout|sessions|maintenance|tokens|password|two-step/;

/** A query text: percent-encoded UTF-8, or escapes that are not UTF-8 at all. */
const queryText = fc.oneof({ weight: 4, arbitrary: hostileText.map(encode) }, { weight: 1, arbitrary: fc.constantFrom(...notUtf8Escapes).map((e) => `a${e}b`) });

function queryString(pairs: [string, string][]): string {
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

describe('JSON nested thousands deep', () => {
  it('is a 400 in the error shape, before anything walks it', async () => {
    for (const body of [nested(5000, '1', 'array'), nested(5000, '"x"', 'object'), nested(100_000, '1', 'array')]) {
      for (const url of ['/v1/register', '/v2/authentication/login', '/v1/campaigns']) {
        const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...bearer(tokens.affiliate) }, payload: body });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error_code: 'bad_request', message: 'The request body is nested too deeply.' });
      }
    }
  });

  it('leaves ordinary nesting and brackets inside text alone', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v2/authentication/login', payload: { email: '[[[[{{{{'.repeat(100), password: [[[['x']]]] } });
    expect(res.statusCode).toBe(422);
  });
});

describe('text that is not well-formed Unicode, on every operation', () => {
  it('is a 400 in the error shape in a query, a path parameter and a JSON body, before anything else reads it', async () => {
    const invalid = { error_code: 'bad_request', message: 'The request holds text that is not valid Unicode.' };
    const wrong: string[] = [];
    for (const op of operations) {
      const tries: { what: string; url: string; body?: string }[] = [{ what: 'query', url: `${op.path.replace(/\{[^}]+\}/g, '1')}?zz=a%ED%A0%80b` }];
      if (op.path.includes('{')) tries.push({ what: 'path', url: op.path.replace(/\{[^}]+\}/g, '%ED%A0%80') });
      if (op.method !== 'GET') tries.push({ what: 'body', url: op.path.replace(/\{[^}]+\}/g, '1'), body: '{"name":"a\\ud800","email":"\\udc00@example.com","items":["\\ud83d"]}' });
      for (const attempt of tries) {
        // As a caller the route allows: the owner, or an affiliate on the affiliates' own routes.
        const send = (who: { access_token: string }) =>
          t.app.inject({
            method: op.method,
            url: attempt.url,
            headers: { ...bearer(who), ...(attempt.body ? { 'content-type': 'application/json' } : {}) },
            ...(attempt.body ? { payload: attempt.body } : {}),
          });
        let res = await send(tokens.owner);
        if (res.statusCode === 403) res = await send(tokens.affiliate);
        if (res.statusCode !== 400 || JSON.stringify(res.json()) !== JSON.stringify(invalid)) wrong.push(`${op.method} ${op.path} (${attempt.what}): ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('control and text-direction characters in every field of a body never cause a 5xx', async () => {
    const fields = ['name', 'first_name', 'display_name', 'company', 'account_holder', 'reason', 'message', 'title', 'description', 'subject', 'body', 'url', 'email', 'search'];
    const bad = ['Dana\u202Eevil', '\u2066x\u2069', 'bell\u0007', 'next\u0085line', 'two\nlines\ttab'];
    let refused = 0;
    for (const op of operations) {
      if (op.method === 'GET' || op.method === 'DELETE' || signedInSkip.test(op.path)) continue;
      for (const [i, value] of bad.entries()) {
        const who = i % 2 ? tokens.affiliate : tokens.owner;
        const res = await t.app.inject({ method: op.method, url: op.path.replace(/\{[^}]+\}/g, '1'), headers: bearer(who), payload: Object.fromEntries(fields.map((f) => [f, value])) });
        if (res.statusCode >= 500) throw new Error(`5xx: ${op.method} ${op.path}: ${res.body.slice(0, 300)} ${failures.join(' || ')}`);
        if (res.statusCode >= 400 && !errorReplySchema.strict().safeParse(res.json()).success) throw new Error(`not the error shape: ${op.method} ${op.path}: ${res.body.slice(0, 300)}`);
        if (res.statusCode === 422 && JSON.stringify(res.json().errors ?? {}).includes('must not contain control characters')) refused++;
      }
    }
    // The names among those fields were refused on their field.
    expect(refused).toBeGreaterThan(20);
  }, 120_000);
});

describe('well-formed input out of reach, on every operation', () => {
  /** Days no calendar has, a year past what the server can step over, numbers past a bigint, addresses past their column. */
  const impossibleDays = ['2026-02-30', '2026-13-45', '9999-12-31'];
  const hugeNumbers = ['99999999999999999999', '1e308'];
  const longUrl = `https://fuzzvr.example/${'a'.repeat(2049)}`;
  const dayParam = /(^|_)(from|to|day|date)$/;
  const urlFields = ['url', 'deep_url', 'destination_url', 'fallback_url', 'models_api_url', 'scenes_api_url', 'announcement_url', 'default_fallback_url'];
  const numberFields = ['amount', 'amount_min', 'payout', 'default_payout', 'hold_days', 'minutes', 'rate', 'id', 'offer_id', 'site_id'];
  const dayFields = ['from', 'to', 'day', 'paid_on'];
  /** Bodies holding every shape at once: long addresses, huge numbers (as text and as JSON numbers), impossible days. */
  const bodies = [
    { url: longUrl, number: hugeNumbers[0], day: impossibleDays[0] },
    { url: longUrl, number: 1e308, day: impossibleDays[2] },
  ].map((v) => Object.fromEntries([...urlFields.map((f) => [f, v.url]), ...numberFields.map((f) => [f, v.number]), ...dayFields.map((f) => [f, v.day])]));

  /** As a caller the route allows: the owner, or an affiliate on the affiliates' own routes. */
  async function call(method: Method, url: string, body?: object) {
    const send = (who: { access_token: string }) => t.app.inject({ method, url, headers: bearer(who), ...(body ? { payload: body } : {}) });
    const res = await send(tokens.owner);
    return res.statusCode === 403 ? send(tokens.affiliate) : res;
  }

  it('never answers 5xx; an impossible day in a day parameter is a 422 on it', async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      if (signedInSkip.test(op.path)) continue;
      const path = op.path.replace(/\{[^}]+\}/g, '1');
      const tries: { url: string; body?: object; day?: string }[] = [];
      for (const name of op.query) {
        for (const value of dayParam.test(name) ? impossibleDays : hugeNumbers) tries.push({ url: `${path}?${name}=${encodeURIComponent(value)}`, day: dayParam.test(name) ? name : undefined });
      }
      if (op.method !== 'GET' && op.method !== 'DELETE') {
        for (const body of bodies) tries.push({ url: path, body });
      }
      for (const attempt of tries) {
        failures.length = 0;
        const res = await call(op.method, attempt.url, attempt.body);
        const where = `${op.method} ${attempt.url.slice(0, 120)}: ${res.statusCode} ${res.body.slice(0, 200)} ${failures.join(' || ')}`;
        if (res.statusCode >= 500) wrong.push(`5xx: ${where}`);
        else if (res.statusCode >= 400 && !errorReplySchema.strict().safeParse(res.json()).success) wrong.push(`not the error shape: ${where}`);
        else if (attempt.day && ![401, 403, 404].includes(res.statusCode) && !(res.statusCode === 422 && res.json().errors?.[attempt.day])) wrong.push(`not a 422 on ${attempt.day}: ${where}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 600_000);
});

describe('hostile input on every operation', () => {
  it('never answers 5xx, and every error has the one shape', async () => {
    expect(operations.length).toBeGreaterThan(60);
    const started = Date.now();
    let calls = 0;
    for (const op of operations) {
      await fc.assert(
        fc.asyncProperty(
          credentials,
          fc.array(fc.tuple(fc.oneof(fc.constantFrom(...(op.query.length ? op.query : ['q'])), queryText), queryText), { maxLength: 5 }),
          pathParam,
          fc.option(hostileBody, { nil: undefined }),
          contentType,
          hostileHeaders,
          async (who, query, param, body, type, headers) => {
            if (who !== 'none' && who !== 'garbage' && signedInSkip.test(op.path)) who = 'none';
            const auth = who === 'none' ? {} : who === 'garbage' ? { authorization: 'Bearer x.y.z' } : bearer(tokens[who]);
            const path = op.path.replace(/\{[^}]+\}/g, param);
            const qs = queryString(query);
            failures.length = 0;
            calls++;
            const res = await t.app.inject({
              method: op.method,
              url: `${path}${qs ? `?${qs}` : ''}`,
              headers: { ...headers, ...auth, ...(body !== undefined && type ? { 'content-type': type } : {}) },
              ...(body !== undefined && op.method !== 'GET' ? { payload: body } : {}),
            });
            const where = `${op.method} ${op.path} as ${who}: ${res.statusCode} ${res.body.slice(0, 300)} ${failures.join(' || ')}`;
            // Thrown rather than expected, so fast-check stops at the first bad reply and names it.
            if (res.statusCode >= 500) throw new Error(`5xx: ${where}`);
            if (res.statusCode >= 400) {
              if (!String(res.headers['content-type']).startsWith('application/json')) throw new Error(`not JSON: ${where}`);
              if (!errorReplySchema.strict().safeParse(res.json()).success) throw new Error(`not the error shape: ${where}`);
            }
          },
        ),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
    // eslint-disable-next-line no-console
    console.info(`fuzz: ${calls} calls over ${operations.length} operations in ${Date.now() - started} ms`);
  }, 120_000);
});
