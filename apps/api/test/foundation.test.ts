import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createTestApp, type TestApp } from './helpers.ts';

// A route with a body, so the error handler is exercised the way real routes use it.
const echoRoute: FastifyPluginAsyncZod = async (app) => {
  app.post('/v1/echo', { schema: { body: z.object({ email: z.email('This field must be a email.'), name: z.string().min(2) }) } }, (req) => ({
    data: req.body,
  }));
};

describe('health, errors and the API surface', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, (app) => void app.register(echoRoute));
  });
  afterAll(() => t.close());

  it('answers /health after a database round trip', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown API route with the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error_code: 'not_found', message: 'There is no such API route.' });
  });

  it('answers malformed JSON with 400 and a clear message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/echo', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error_code: 'bad_request', message: 'The request body is not valid JSON.' });
  });

  it('answers a body over the size limit with 413', async () => {
    const big = JSON.stringify({ email: 'a@b.co', name: 'x'.repeat(1024 * 1024 + 10) });
    const res = await t.app.inject({ method: 'POST', url: '/v1/echo', headers: { 'content-type': 'application/json' }, payload: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().error_code).toBe('payload_too_large');
  });

  it('answers a wrong content type with 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/echo', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error_code: 'unsupported_media_type', message: 'This content type is not supported.' });
  });

  it('answers invalid fields with 422 and the messages per field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/echo', payload: { email: 'nope', name: 'x' } });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.error_code).toBe('validation_failed');
    expect(body.errors.email).toEqual(['This field must be a email.']);
    expect(body.errors.name).toHaveLength(1);
  });

  it('wraps success as {data}', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/echo', payload: { email: 'a@b.co', name: 'Al' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { email: 'a@b.co', name: 'Al' } });
  });

  it('publishes the OpenAPI document and its browser', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toMatch(/^3\./);
    expect(Object.keys(doc.json().paths)).toContain('/health');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers 503 from /health when the database stops answering', async () => {
    const other = await createTestApp();
    await other.app.inject({ method: 'GET', url: '/health' });
    // Close the connection underneath the running app.
    const client = (other.app.db as unknown as { $client: { close?: () => Promise<void>; end?: () => Promise<void> } }).$client;
    await (client.close ? client.close() : client.end?.());
    const res = await other.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error_code).toBe('service_unavailable');
    await other.app.close().catch(() => {});
  });
});

describe('serving the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(() => t.close());

  it('returns index.html, never cached, for any app route', async () => {
    for (const url of ['/', '/dashboard', '/no-such-page?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with long-lived cache headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps API paths and missing files as real 404s', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/v2/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error_code).toBe('not_found');
  });
});

describe('compressed assets', () => {
  let t: TestApp;
  const js = 'console.log("a fairly long line of javascript that compresses well");\n'.repeat(50);
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-1.js'), js);
    writeFileSync(join(dist, 'assets', 'app-1.js.br'), brotliCompressSync(js));
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(() => t.close());

  it('sends the Brotli copy to browsers that accept it, the plain file to others', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });
});
