import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutboundUrl, isForbiddenAddress, isForbiddenName, parseAllowList, type Resolver, safeFetch } from './safe-fetch.ts';

describe('outbound address rules', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '100.100.100.200',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.251',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '::ffff:169.254.169.254',
    '::ffff:100.64.0.1',
    '::127.0.0.1',
    '64:ff9b::10.0.0.1',
    '[::1]',
    'not-an-address',
  ])('refuses %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '172.15.255.255', '100.128.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8'])(
    'allows the public address %s',
    (ip) => {
      expect(isForbiddenAddress(ip)).toBe(false);
    },
  );

  it('refuses names that only mean this machine or a cloud inside, before any lookup', () => {
    for (const name of ['localhost', 'LOCALHOST', 'app.localhost', 'localhost.', 'metadata.google.internal', 'metadata', 'db.internal', 'printer.local']) {
      expect(isForbiddenName(name)).toBe(true);
    }
    expect(isForbiddenName('tracker.example.com')).toBe(false);
  });

  it('reads the allow-list as exact host:port pairs', () => {
    expect(parseAllowList(' 127.0.0.1:8080, [::1]:9000 ,,')).toEqual(['127.0.0.1:8080', '[::1]:9000']);
    expect(parseAllowList(undefined)).toEqual([]);
  });
});

const resolverOf =
  (table: Record<string, string[]>): Resolver =>
  async (name) => {
    const answers = table[name];
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('checkOutboundUrl', () => {
  const resolve = resolverOf({
    'public.example': ['93.184.216.34'],
    'intranet.example': ['10.0.0.7'],
    'metadata.example': ['169.254.169.254'],
    'loopback6.example': ['::1'],
    'mixed.example': ['93.184.216.34', '192.168.0.5'],
    'mapped.example': ['::ffff:127.0.0.1'],
  });

  it('answers the address to connect to for a public name', async () => {
    expect(await checkOutboundUrl(new URL('https://public.example/x'), { resolve })).toEqual({ ok: true, address: '93.184.216.34', family: 4 });
  });

  it.each(['intranet.example', 'metadata.example', 'loopback6.example', 'mixed.example', 'mapped.example'])('refuses a name resolving to a private address (%s)', async (name) => {
    const check = await checkOutboundUrl(new URL(`http://${name}/cb`), { resolve });
    expect(check).toMatchObject({ ok: false, reason: 'refused' });
  });

  it.each(['http://127.0.0.1/', 'http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/', 'http://0x7f000001/', 'http://2130706433/', 'http://localhost:3000/'])(
    'refuses %s without a lookup',
    async (url) => {
      const check = await checkOutboundUrl(new URL(url), { resolve: () => Promise.reject(new Error('no lookup expected')) });
      expect(check).toMatchObject({ ok: false, reason: 'refused' });
    },
  );

  it('connects over IPv4 when a name has both families', async () => {
    const both = resolverOf({ 'dual.example': ['2606:4700:4700::1111', '93.184.216.34'] });
    expect(await checkOutboundUrl(new URL('https://dual.example/'), { resolve: both })).toEqual({ ok: true, address: '93.184.216.34', family: 4 });
  });

  it('refuses other schemes and tells an unknown name apart', async () => {
    expect(await checkOutboundUrl(new URL('ftp://public.example/'), { resolve })).toMatchObject({ ok: false, reason: 'refused' });
    expect(await checkOutboundUrl(new URL('http://nowhere.example/'), { resolve })).toMatchObject({ ok: false, reason: 'unresolved' });
  });

  it('exempts only the exact host:port pairs of the allow-list', async () => {
    const allow = new Set(['127.0.0.1:8080', 'intranet.example:80']);
    expect(await checkOutboundUrl(new URL('http://127.0.0.1:8080/'), { allow, resolve })).toMatchObject({ ok: true, address: '127.0.0.1' });
    expect(await checkOutboundUrl(new URL('http://127.0.0.1:8081/'), { allow, resolve })).toMatchObject({ ok: false, reason: 'refused' });
    expect(await checkOutboundUrl(new URL('http://intranet.example/'), { allow, resolve })).toMatchObject({ ok: true, address: '10.0.0.7' });
    expect(await checkOutboundUrl(new URL('https://intranet.example/'), { allow, resolve })).toMatchObject({ ok: false });
  });
});

describe('safeFetch against a local receiver', () => {
  let server: Server;
  let port = 0;
  const seen: Array<{ method: string; url: string; host: string; body: string; type: string }> = [];

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', host: req.headers.host ?? '', body: Buffer.concat(chunks).toString(), type: req.headers['content-type'] ?? '' });
        if (req.url?.startsWith('/big')) return res.end('x'.repeat(100_000));
        if (req.url?.startsWith('/redirect')) {
          res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
          return res.end('moved');
        }
        if (req.url?.startsWith('/slow')) return; // never answers
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('OK');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('refuses the receiver when it is not allow-listed, without connecting', async () => {
    const before = seen.length;
    const result = await safeFetch({ method: 'GET', url: `http://127.0.0.1:${port}/cb` });
    expect(result.outcome).toBe('refused');
    expect(seen.length).toBe(before);
  });

  it('sends a GET and keeps only the first bytes of the answer', async () => {
    const allow = new Set([`127.0.0.1:${port}`]);
    const ok = await safeFetch({ method: 'GET', url: `http://127.0.0.1:${port}/cb?a=1` }, { allow });
    expect(ok).toMatchObject({ outcome: 'response', status: 200, snippet: 'OK', address: '127.0.0.1' });
    const big = await safeFetch({ method: 'GET', url: `http://127.0.0.1:${port}/big` }, { allow });
    expect(big.outcome === 'response' && big.snippet.length).toBe(512);
  });

  it('sends a POST with a form body', async () => {
    const result = await safeFetch({ method: 'POST', url: `http://127.0.0.1:${port}/post`, form: 'cid=abc&payout=1.50' }, { allow: new Set([`127.0.0.1:${port}`]) });
    expect(result).toMatchObject({ outcome: 'response', status: 200 });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/post', body: 'cid=abc&payout=1.50', type: 'application/x-www-form-urlencoded' });
  });

  it('connects to the address it checked, with the original Host header, looking the name up once', async () => {
    let lookups = 0;
    // A rebinding name: public on the first answer, private on any later one.
    const resolve: Resolver = async () => (lookups++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.1', family: 4 }]);
    const result = await safeFetch({ method: 'GET', url: `http://receiver.test:${port}/pinned` }, { allow: new Set([`receiver.test:${port}`]), resolve });
    expect(result).toMatchObject({ outcome: 'response', status: 200 });
    expect(lookups).toBe(1);
    expect(seen.at(-1)).toMatchObject({ url: '/pinned', host: `receiver.test:${port}` });
  });

  it('does not follow redirects', async () => {
    const result = await safeFetch({ method: 'GET', url: `http://127.0.0.1:${port}/redirect` }, { allow: new Set([`127.0.0.1:${port}`]) });
    expect(result).toMatchObject({ outcome: 'response', status: 302, snippet: 'moved' });
    expect(seen.at(-1)?.url).toBe('/redirect');
  });

  it('gives up when the answer takes longer than the timeout', async () => {
    const started = Date.now();
    const result = await safeFetch({ method: 'GET', url: `http://127.0.0.1:${port}/slow`, timeoutMs: 300 }, { allow: new Set([`127.0.0.1:${port}`]) });
    expect(result.outcome).toBe('error');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports a refused connection as an error, not a refusal', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const result = await safeFetch({ method: 'GET', url: `http://127.0.0.1:${closedPort}/` }, { allow: new Set([`127.0.0.1:${closedPort}`]) });
    expect(result).toMatchObject({ outcome: 'error' });
    expect(result.outcome === 'error' && result.message).toMatch(/ECONNREFUSED/);
  });

  it('refuses what is not an http(s) URL', async () => {
    expect((await safeFetch({ method: 'GET', url: 'file:///etc/passwd' })).outcome).toBe('refused');
    expect((await safeFetch({ method: 'GET', url: 'not a url' })).outcome).toBe('refused');
  });
});
