import { authMessages, type ErrorCode, errorReplySchema, errorMessages, tokensReplySchema } from '@portal/contracts';
import { isMaintenance, setMaintenanceFlag, useMaintenance } from './maintenance.ts';
import { notify, setAlertsSuppressed } from './notify.ts';
import { isAccessTokenExpired, session } from './session.ts';

/** SPEC.md section 9: request timeout. */
export const REQUEST_TIMEOUT_MS = 1_800_000;
const REFRESH_PATH = '/v1/clients/web/admin/refresh';
const MAINTENANCE: ErrorCode = 'system_is_under_maintenance';
/** `error_code` of a request that got no answer (network failure or timeout). */
export const NETWORK_ERROR = 'network_error';

/** An API error reply (`{error_code, message, errors?}`), or a request that got no reply (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: Record<string, string[]> | undefined;
  /** Seconds from a 429's Retry-After header. */
  readonly retryAfter: number | undefined;

  constructor(status: number, code: string, message: string, errors?: Record<string, string[]>, retryAfter?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.retryAfter = retryAfter;
  }
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Send the stored access token (default true). */
  auth?: boolean;
  /** On a 401, refresh once and retry (default true; off for logout). */
  refresh?: boolean;
  signal?: AbortSignal;
  /** This reply says nothing about maintenance: its success leaves the flag as it is (GET /v1/config sets it itself). */
  keepMaintenance?: boolean;
}

// ---- maintenance flag (SPEC.md section 4): on with the maintenance code, off after any success ----

/** Sets the flag; all alerts are suppressed while maintenance is on (SPEC.md section 8). */
export function setMaintenance(value: boolean): void {
  setAlertsSuppressed(value);
  setMaintenanceFlag(value);
}

export { isMaintenance, useMaintenance };

// ---- alerts (SPEC.md section 8) ----

/** Shows an error alert for a failed call: code 1 is silent, maintenance silences everything, aborted calls say nothing. */
export function alertError(error: unknown): void {
  if (isMaintenance()) return;
  if (error instanceof ApiError) {
    if (error.code === '1') return;
    notify.error(error.message);
    return;
  }
  if (error instanceof DOMException && error.name === 'AbortError') return;
  notify.error(authMessages.networkError);
}

// ---- session end ----

/** Logs the user out locally and says why (the profile cache follows the token store). */
export function endSession(message?: string): void {
  session.clear();
  if (message) alertError(new ApiError(401, 'unauthenticated', message));
}

// ---- transport ----

let baseUrl = '';

/** Absolute API origin; the web app is served from the API's origin, so it stays '' there. Tests point it at their server. */
export function setApiBaseUrl(url: string): void {
  baseUrl = url.replace(/\/+$/, '');
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const qs = params.toString();
  return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

async function send(path: string, options: RequestOptions, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const multipart = typeof FormData !== 'undefined' && options.body instanceof FormData;
  // A file sent as it is (a bank's answer): its own type, or bytes.
  const raw = typeof Blob !== 'undefined' && options.body instanceof Blob;
  // FormData sets its own multipart boundary.
  if (raw) headers['content-type'] = (options.body as Blob).type || 'application/octet-stream';
  else if (options.body !== undefined && !multipart) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  try {
    return await fetch(apiUrl(path, options.query), {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : multipart || raw ? (options.body as FormData | Blob) : JSON.stringify(options.body),
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
  } catch (error) {
    // The caller's own cancel stays an AbortError; a timeout or a network failure is the SPEC message.
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR, authMessages.networkError);
  }
}

async function toApiError(res: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  const parsed = errorReplySchema.safeParse(body);
  const retry = Number(res.headers.get('retry-after'));
  const retryAfter = Number.isFinite(retry) && retry > 0 ? retry : undefined;
  if (!parsed.success) {
    return new ApiError(res.status, res.status >= 500 ? 'internal_error' : 'bad_request', res.status >= 500 ? errorMessages.internal : authMessages.networkError, undefined, retryAfter);
  }
  const { error_code, message, errors } = parsed.data;
  return new ApiError(res.status, error_code, message, errors, retryAfter);
}

async function handle<T>(res: Response, keepMaintenance = false): Promise<T> {
  if (!res.ok) {
    const error = await toApiError(res);
    if (error.code === MAINTENANCE) setMaintenance(true);
    throw error;
  }
  if (!keepMaintenance) setMaintenance(false);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

// ---- refresh: one at a time, shared by every request that needs it ----

let refreshing: Promise<string> | undefined;

/**
 * Exchanges the stored refresh token for a new pair (the server rotates it: the new one is stored).
 * Parallel callers share one call. Without a refresh token, or on failure, the user is logged out.
 */
export function refreshSession(): Promise<string> {
  refreshing ??= withRefreshLock(doRefresh).finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

// Tabs of one browser share the localStorage session: a Web Lock keeps two tabs from presenting
// the same refresh token (the second would look like reuse and revoke the session family).
async function withRefreshLock(fn: (startedWith: string | undefined) => Promise<string>): Promise<string> {
  const startedWith = session.get()?.refreshToken;
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return fn(startedWith);
  return locks.request('portal-token-refresh', () => fn(startedWith));
}

async function doRefresh(startedWith: string | undefined): Promise<string> {
  session.reload();
  const current = session.get();
  // Another tab refreshed while this one waited for the lock: use its tokens.
  if (current && startedWith && current.refreshToken !== startedWith && !current.tabScoped) return current.accessToken;
  const refreshToken = current?.refreshToken;
  if (!refreshToken || refreshToken === '-') {
    endSession(authMessages.sessionExpired);
    throw new ApiError(401, 'refresh_token_invalid', authMessages.sessionExpired);
  }
  const res = await send(REFRESH_PATH, { method: 'POST', body: { refresh_token: refreshToken } }, undefined);
  if (!res.ok) {
    const error = await toApiError(res);
    if (error.code === MAINTENANCE) {
      setMaintenance(true);
      throw error;
    }
    if (res.status < 500 && res.status !== 429) endSession(error.message);
    throw error;
  }
  setMaintenance(false);
  const pair = tokensReplySchema.parse(await res.json()).data;
  session.set(pair);
  return pair.access_token;
}

/** The access token to send: refreshed first when its `exp` has passed. */
async function accessToken(): Promise<string | undefined> {
  const current = session.get();
  if (!current) return undefined;
  if (isAccessTokenExpired(current.accessToken)) return refreshSession();
  return current.accessToken;
}

/** Sends with the stored token; on a 401, refreshes once and retries. */
async function sendAuthorised(path: string, options: RequestOptions): Promise<Response> {
  const auth = options.auth ?? true;
  const token = auth ? await accessToken() : undefined;
  const res = await send(path, options, token);
  if (res.status === 401 && auth && token && (options.refresh ?? true)) {
    await res.body?.cancel();
    const latest = session.get()?.accessToken;
    // A parallel request already refreshed: retry with its token instead of refreshing again.
    const next = latest && latest !== token ? latest : await refreshSession();
    const retried = await send(path, options, next);
    if (retried.status === 401) {
      const error = await toApiError(retried);
      endSession(error.message);
      throw error;
    }
    return retried;
  }
  return res;
}

/** The one way the web app calls the API. Resolves to the parsed JSON reply; rejects with ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return handle<T>(await sendAuthorised(path, options), options.keepMaintenance);
}

/** A file the API makes (PDF, CSV), with the name its Content-Disposition gives, through the same token, refresh and errors. */
export async function apiFile(path: string, options: RequestOptions = {}): Promise<{ blob: Blob; fileName: string | undefined }> {
  const res = await sendAuthorised(path, options);
  if (!res.ok) {
    const error = await toApiError(res);
    if (error.code === MAINTENANCE) setMaintenance(true);
    throw error;
  }
  if (!options.keepMaintenance) setMaintenance(false);
  const disposition = res.headers.get('content-disposition') ?? '';
  // RFC 6266: the UTF-8 `filename*` wins over the plain `filename` fallback.
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return { blob: await res.blob(), fileName: encoded ? decodeURIComponent(encoded) : plain };
}
