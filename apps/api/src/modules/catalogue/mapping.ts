import type { CatalogueKind, CatalogueMapping } from '@portal/contracts';
import sanitizeHtml from 'sanitize-html';
import { sha256 } from '../../lib/secrets.ts';

/**
 * Turns one page of a site's catalogue answer into our items. The expected shape and the
 * mapping for sites whose names differ are in docs/creatives.md. Everything a site sends is
 * reduced to plain text here, bounded in length; the pages and feeds escape it again on output.
 */

export interface MappedItem {
  externalId: string;
  name: string;
  description: string;
  url: string;
  tags: string[];
  models: string[];
  imageSources: string[];
  trailerUrl: string | null;
  fov: number | null;
  projection: string | null;
  resolution: string | null;
  durationSeconds: number | null;
  publishedAt: Date | null;
}

export interface MappedPage {
  items: MappedItem[];
  /** Items the page listed that could not be used (no id, name or page address). */
  skipped: number;
  /** False when the page says it is the last (or is empty). */
  more: boolean;
}

export class CataloguePageError extends Error {}

/** A value at a dot path (`media.thumbs`) of an object. */
function at(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** Plain text from whatever a site sends: tags dropped, entities decoded, whitespace folded, bounded. */
export function plainText(value: unknown, max: number): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  const text = sanitizeHtml(String(value), { allowedTags: [], allowedAttributes: {}, nonTextTags: ['script', 'style', 'textarea', 'noscript', 'iframe'] });
  // sanitize-html leaves entities encoded: decode the few it produces so text is stored once, as text.
  const decoded = text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&');
  return decoded.replaceAll('\u0000', '').replace(/\s+/g, ' ').trim().slice(0, max);
}

/** An absolute http(s) address, resolved against the page's address; anything else is dropped. */
export function httpUrl(value: unknown, base: string): string | null {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 2048) return null;
  try {
    const u = new URL(value.trim(), base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

function stringList(value: unknown, max: number, itemMax: number): string[] {
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const out: string[] = [];
  for (const v of raw) {
    const name = plainText(typeof v === 'object' && v !== null ? ((v as Record<string, unknown>).name ?? (v as Record<string, unknown>).title) : v, itemMax);
    if (name && !out.includes(name)) out.push(name);
    if (out.length >= max) break;
  }
  return out;
}

function imageList(value: unknown, base: string): string[] {
  const raw = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  const out: string[] = [];
  for (const v of raw) {
    const src = typeof v === 'object' && v !== null ? ((v as Record<string, unknown>).url ?? (v as Record<string, unknown>).src) : v;
    const url = httpUrl(src, base);
    if (url && !out.includes(url)) out.push(url);
    if (out.length >= 6) break;
  }
  return out;
}

function toNumber(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.replace(/[^0-9.]/g, '')) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

function fovOf(value: unknown): number | null {
  const n = toNumber(value);
  return n === 180 || n === 360 ? n : null;
}

/** Seconds from a number of seconds, or "hh:mm:ss" / "mm:ss". */
function durationOf(value: unknown): number | null {
  if (typeof value === 'string' && /^\d{1,3}(:\d{1,2}){1,2}$/.test(value.trim())) {
    return value
      .trim()
      .split(':')
      .reduce((sum, part) => sum * 60 + Number(part), 0);
  }
  const n = toNumber(value);
  return n !== null && n >= 0 && n < 1_000_000 ? Math.round(n) : null;
}

function dateOf(value: unknown): Date | null {
  if (typeof value === 'number') {
    const d = new Date(value < 1e12 ? value * 1000 : value);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  if (typeof value !== 'string' || value.trim() === '') return null;
  const d = new Date(value.trim());
  return Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1990 || d.getUTCFullYear() > 2200 ? null : d;
}

const shortText = (v: unknown) => plainText(v, 32) || null;

/** Reads our field `name` through the site's mapping, then the usual places. */
function field(item: unknown, mapping: CatalogueMapping, name: keyof CatalogueMapping, ...fallbacks: string[]): unknown {
  const mapped = mapping[name];
  if (mapped) return at(item, mapped);
  for (const path of [name, ...fallbacks]) {
    const v = at(item, path);
    if (v !== undefined && v !== null) return v;
  }
  return undefined;
}

/** Maps one item; undefined when it lacks an id, a name or a page address. */
export function mapItem(item: unknown, kind: CatalogueKind, mapping: CatalogueMapping, base: string): MappedItem | undefined {
  if (item === null || typeof item !== 'object') return undefined;
  const rawId = field(item, mapping, 'id', 'external_id', 'slug');
  const externalId = typeof rawId === 'number' || typeof rawId === 'string' ? plainText(String(rawId), 128) : '';
  const name = plainText(kind === 'scene' ? (field(item, mapping, 'title', 'name') ?? field(item, mapping, 'name')) : (field(item, mapping, 'name', 'title') ?? field(item, mapping, 'title')), 300);
  const url = httpUrl(field(item, mapping, 'url', 'link', 'page_url'), base);
  if (!externalId || !name || !url) return undefined;
  const images = imageList(field(item, mapping, 'images', 'thumbnails'), base);
  if (!images.length) images.push(...imageList(field(item, mapping, 'image', 'thumbnail', 'cover'), base));
  return {
    externalId,
    name,
    description: plainText(field(item, mapping, 'description', 'bio', 'summary'), 5000),
    url,
    tags: stringList(field(item, mapping, 'tags', 'categories'), 30, 60),
    models: stringList(field(item, mapping, 'models', 'performers', 'pornstars'), 20, 120),
    imageSources: images,
    trailerUrl: httpUrl(field(item, mapping, 'trailer_url', 'trailer', 'vr.trailer_url'), base),
    fov: fovOf(field(item, mapping, 'fov', 'vr.fov', 'degrees', 'vr.degrees')),
    projection: shortText(field(item, mapping, 'projection', 'vr.projection')),
    resolution: shortText(field(item, mapping, 'resolution', 'vr.resolution')),
    durationSeconds: durationOf(field(item, mapping, 'duration', 'vr.duration', 'duration_seconds', 'length')),
    publishedAt: dateOf(field(item, mapping, 'published_at', 'release_date', 'date', 'created_at')),
  };
}

/**
 * One page of a catalogue answer: a list, or an object holding it (`data`, `items`, `results`,
 * or the mapping's `items` path). Paging ends on an empty page, or when the answer says so
 * (`next_page` null, `has_more` false, `page` >= `last_page`/`pages`/`total_pages`).
 */
export function mapPage(body: unknown, kind: CatalogueKind, mapping: CatalogueMapping, base: string, page: number): MappedPage {
  let list: unknown;
  if (Array.isArray(body)) list = body;
  else if (body && typeof body === 'object') {
    list = mapping.items ? at(body, mapping.items) : (at(body, 'data') ?? at(body, 'items') ?? at(body, 'results') ?? at(body, kind === 'scene' ? 'scenes' : 'models'));
  }
  if (!Array.isArray(list)) throw new CataloguePageError('The answer holds no list of items.');
  const items: MappedItem[] = [];
  let skipped = 0;
  for (const raw of list) {
    const m = mapItem(raw, kind, mapping, base);
    if (m) items.push(m);
    else skipped++;
  }
  let more = list.length > 0;
  if (more && body && typeof body === 'object' && !Array.isArray(body)) {
    const b = body as Record<string, unknown>;
    const meta = (typeof b.meta === 'object' && b.meta !== null ? b.meta : b) as Record<string, unknown>;
    if ('next_page' in meta && (meta.next_page === null || meta.next_page === false)) more = false;
    if ('has_more' in meta && meta.has_more === false) more = false;
    const last = toNumber(meta.last_page ?? meta.pages ?? meta.total_pages);
    if (last !== null && page >= last) more = false;
  }
  return { items, skipped, more };
}

/** What decides whether an item changed: every mapped field. */
export function contentHashOf(m: MappedItem): string {
  return sha256(JSON.stringify([m.name, m.description, m.url, m.tags, m.models, m.imageSources, m.trailerUrl, m.fov, m.projection, m.resolution, m.durationSeconds, m.publishedAt?.toISOString() ?? null]));
}

/** The page's address: the site's URL with `page` (or the mapping's `page_param`) set. */
export function pageUrl(apiUrl: string, page: number, mapping: CatalogueMapping): string {
  const u = new URL(apiUrl);
  u.searchParams.set(mapping.page_param ?? 'page', String(page));
  return u.toString();
}
