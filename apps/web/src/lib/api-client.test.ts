import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authMessages } from '@portal/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alertError, ApiError, apiFile, apiRequest, isMaintenance, setApiBaseUrl, setMaintenance } from './api-client.ts';
import { currentNotifications } from './notifications.tsx';
import { getConfig } from './public-config.ts';
import { session } from './session.ts';

// A real HTTP server standing in for the API: the client is tested over the wire, not against a mocked fetch.
let server: Server;
let origin = '';
const calls: { path: string; auth: string | undefined; body: string }[] = [];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => resolve(data));
  });
}

function jwt(expSeconds: number): string {
  const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: '1', exp: expSeconds })}.signature`;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = req.url ?? '';
    calls.push({ path, auth: req.headers.authorization, body });
    const json = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (path === '/v1/clients/web/admin/refresh') {
      const { refresh_token } = JSON.parse(body) as { refresh_token: string };
      // Slow enough that parallel 401s pile up behind one refresh.
      await new Promise((r) => setTimeout(r, 50));
      if (refresh_token === 'refresh-1') return json(200, { data: { token_type: 'Bearer', access_token: 'access-2', refresh_token: 'refresh-2' } });
      return json(401, { error_code: 'refresh_token_invalid', message: authMessages.refreshInvalid });
    }
    if (path.startsWith('/v1/thing')) {
      if (req.headers.authorization === 'Bearer access-2') return json(200, { data: { ok: true } });
      return json(401, { error_code: 'unauthenticated', message: 'You need to sign in to do this.' });
    }
    if (path === '/v1/maintenance') return json(503, { error_code: 'system_is_under_maintenance', message: 'The site is under maintenance. Please try again later.' });
    if (path === '/v1/config') return json(200, { data: { maintenance: true, captcha: null, social_providers: [] } });
    if (path === '/v1/ok') return json(200, { data: { ok: true } });
    if (path === '/v1/file.pdf') {
      if (req.headers.authorization !== 'Bearer access-2') return json(401, { error_code: 'unauthenticated', message: 'You need to sign in to do this.' });
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="invoice.pdf"; filename*=UTF-8''invoice%202026-000042.pdf` });
      return res.end('%PDF-1.7 file');
    }
    if (path === '/v1/other.pdf') return json(404, { error_code: 'not_found', message: 'Payout not found.' });
    if (path === '/v1/code-one') return json(400, { error_code: '1', message: 'Silent' });
    return json(404, { error_code: 'not_found', message: 'There is no such API route.' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

beforeEach(() => {
  setApiBaseUrl(origin);
  calls.length = 0;
  localStorage.clear();
  sessionStorage.clear();
  session.reload();
  setMaintenance(false);
});

const refreshCalls = () => calls.filter((c) => c.path === '/v1/clients/web/admin/refresh');

describe('api client', () => {
  it('sends the stored token and shares one refresh between parallel 401s, storing the rotated pair', async () => {
    session.set({ access_token: 'access-1', refresh_token: 'refresh-1' });
    const replies = await Promise.all(Array.from({ length: 5 }, (_, i) => apiRequest<{ data: { ok: boolean } }>(`/v1/thing?i=${i}`)));
    expect(replies.every((r) => r.data.ok)).toBe(true);
    expect(refreshCalls()).toHaveLength(1);
    expect(calls.filter((c) => c.path.startsWith('/v1/thing') && c.auth === 'Bearer access-1')).toHaveLength(5);
    expect(calls.filter((c) => c.path.startsWith('/v1/thing') && c.auth === 'Bearer access-2')).toHaveLength(5);
    expect(session.get()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(localStorage.getItem('portal.refresh_token')).toBe('refresh-2');
  });

  it('refreshes before sending when the access token has expired', async () => {
    session.set({ access_token: jwt(Math.floor(Date.now() / 1000) - 60), refresh_token: 'refresh-1' });
    await apiRequest('/v1/thing');
    expect(calls.map((c) => c.path)).toEqual(['/v1/clients/web/admin/refresh', '/v1/thing']);
  });

  it('logs out and shows the server message when the refresh fails', async () => {
    session.set({ access_token: 'access-1', refresh_token: 'stolen' });
    const results = await Promise.allSettled([apiRequest('/v1/thing'), apiRequest('/v1/thing')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(refreshCalls()).toHaveLength(1);
    expect(session.get()).toBeNull();
    expect(localStorage.getItem('portal.access_token')).toBeNull();
    expect(currentNotifications().some((n) => n.message === authMessages.refreshInvalid)).toBe(true);
  });

  it("logs out with \"Time's up\" when there is no refresh token, without calling refresh", async () => {
    session.set({ access_token: 'access-1', refresh_token: '-' });
    await expect(apiRequest('/v1/thing')).rejects.toBeInstanceOf(ApiError);
    expect(refreshCalls()).toHaveLength(0);
    expect(session.get()).toBeNull();
    expect(currentNotifications().some((n) => n.message === authMessages.sessionExpired)).toBe(true);
  });

  it('turns maintenance on with the maintenance code, silences alerts, and turns it off after a success', async () => {
    await expect(apiRequest('/v1/maintenance')).rejects.toMatchObject({ status: 503, code: 'system_is_under_maintenance' });
    expect(isMaintenance()).toBe(true);
    const before = currentNotifications().length;
    alertError(new ApiError(500, 'internal_error', 'Something broke while in maintenance'));
    expect(currentNotifications().length).toBe(before);
    await apiRequest('/v1/ok');
    expect(isMaintenance()).toBe(false);
  });

  it('takes maintenance from the config reply, which the server answers during maintenance too', async () => {
    await getConfig();
    expect(isMaintenance()).toBe(true);
    await apiRequest('/v1/ok');
    expect(isMaintenance()).toBe(false);
  });

  it('suppresses alerts with code 1 and gives the network-failure message when nothing answers', async () => {
    const error = await apiRequest('/v1/code-one').catch((e: unknown) => e);
    const before = currentNotifications().length;
    alertError(error);
    expect(currentNotifications().length).toBe(before);

    setApiBaseUrl('http://127.0.0.1:1');
    const failure = await apiRequest('/v1/ok').catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 0, message: authMessages.networkError });
  });

  it('keeps an impersonated session in this tab only', () => {
    session.set({ access_token: 'own-access', refresh_token: 'own-refresh' });
    session.set({ access_token: 'imp-access', refresh_token: 'imp-refresh' }, { tabScoped: true });
    expect(session.get()).toMatchObject({ accessToken: 'imp-access', tabScoped: true });
    expect(localStorage.getItem('portal.access_token')).toBe('own-access');
    session.clear();
    expect(session.get()).toBeNull();
    expect(localStorage.getItem('portal.access_token')).toBe('own-access');
  });

  it('downloads a file with the same token refresh, under the name the server gives, and reports a refusal as an error', async () => {
    session.set({ access_token: 'access-1', refresh_token: 'refresh-1' });
    const file = await apiFile('/v1/file.pdf');
    expect(file.fileName).toBe('invoice 2026-000042.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7 file');
    expect(refreshCalls()).toHaveLength(1);
    const refused = await apiFile('/v1/other.pdf').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 404, message: 'Payout not found.' });
  });
});
