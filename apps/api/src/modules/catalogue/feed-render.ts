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

function xmlItem(it: FeedItem): string {
  return [
    '<item>',
    el('id', it.id),
    el('kind', it.kind),
    el('site', it.site),
    el('name', it.name),
    el('description', it.description),
    el('link', it.link),
    el('image', it.image),
    `<images>${it.images.map((im) => `<image card="${xmlEscape(im.card)}" large="${xmlEscape(im.large)}"/>`).join('')}</images>`,
    el('trailer_url', it.trailer_url),
    `<tags>${it.tags.map((t) => el('tag', t)).join('')}</tags>`,
    `<models>${it.models.map((m) => el('model', m)).join('')}</models>`,
    el('fov', it.fov),
    el('projection', it.projection),
    el('resolution', it.resolution),
    el('duration_seconds', it.duration_seconds),
    el('published_at', it.published_at),
    el('updated_at', it.updated_at),
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
