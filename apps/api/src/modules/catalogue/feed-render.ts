import type { CatalogueKind, FeedFormat, FeedItem } from '@portal/contracts';

/** Feed bodies in JSON, XML and RSS 2.0. Every text is escaped for XML; characters XML cannot carry are dropped. */

export interface FeedPage {
  total: number;
  start: number;
  limit: number;
  items: FeedItem[];
}

// Control characters other than tab, newline and carriage return are not allowed in XML 1.0.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function xmlEscape(value: string | number): string {
  return String(value)
    .replace(NOT_XML, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

const el = (name: string, value: string | number | null) => (value === null || value === '' ? '' : `<${name}>${xmlEscape(value)}</${name}>`);

/** The item's fields that are one text or number, each written as the element of its own name. */
type ScalarField = { [K in keyof FeedItem]: FeedItem[K] extends string | number | null ? K : never }[keyof FeedItem];
const fields = (it: FeedItem, names: ScalarField[]) => names.map((name) => el(name, it[name])).join('');

function xmlItem(it: FeedItem): string {
  return [
    '<item>',
    fields(it, ['id', 'kind', 'site', 'name', 'description', 'link', 'image']),
    `<images>${it.images.map((im) => `<image card="${xmlEscape(im.card)}" large="${xmlEscape(im.large)}"/>`).join('')}</images>`,
    el('trailer_url', it.trailer_url),
    `<tags>${it.tags.map((t) => el('tag', t)).join('')}</tags>`,
    `<models>${it.models.map((m) => el('model', m)).join('')}</models>`,
    fields(it, ['fov', 'projection', 'resolution', 'duration_seconds', 'published_at', 'updated_at']),
    '</item>',
  ].join('');
}

function rssItem(it: FeedItem): string {
  const date = new Date(it.published_at ?? it.updated_at).toUTCString();
  return [
    '<item>',
    el('title', it.name),
    el('link', it.link),
    `<guid isPermaLink="false">${xmlEscape(it.id)}</guid>`,
    el('pubDate', date),
    el('description', it.description),
    it.image ? `<enclosure url="${xmlEscape(it.image)}" type="image/webp" length="0"/>` : '',
    ...it.tags.map((t) => el('category', t)),
    '</item>',
  ].join('');
}

export function renderFeed(format: FeedFormat, kind: CatalogueKind, page: FeedPage, publicUrl: string): string {
  if (format === 'json') return JSON.stringify(page);
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
  if (format === 'xml') {
    return `${head}<feed kind="${kind}" total="${page.total}" start="${page.start}" limit="${page.limit}">${page.items.map(xmlItem).join('')}</feed>\n`;
  }
  const title = kind === 'scene' ? 'Newest VR scenes' : 'Newest VR models';
  return `${head}<rss version="2.0"><channel>${el('title', title)}${el('link', publicUrl)}${el('description', `${title}: ${page.total} in all, from ${page.start + 1}.`)}${page.items.map(rssItem).join('')}</channel></rss>\n`;
}
