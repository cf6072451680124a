import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type UploadRule, uploadMimeTypes } from '@portal/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sanitizeHtml from 'sanitize-html';
import sharp, { type Metadata } from 'sharp';

export type UploadCheck =
  | { ok: true; ext: string; mime: string; bytes: Uint8Array; image?: ImageSize }
  | { ok: false; reason: 'empty' | 'too_large' | 'type' | 'unsafe_svg' | 'too_many_pixels' | 'undecodable' };

/** Width and height of an image in pixels. */
export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The most pixels an uploaded image may have, all frames of an animation counted (docs/creatives.md):
 * 40 megapixels, 8000 x 5000. A small file may declare any size in its header, and every browser
 * that shows it, and our own resizing, would decode that many pixels.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;

/** Formats that are decoded on upload (SVG is drawing instructions: its declared size is checked). */
const RASTER = new Set(['png', 'jpg', 'gif', 'webp']);

/** Extensions that name the same content: a .jpeg upload is stored as jpg. */
const SAME_AS: Record<string, string> = { jpeg: 'jpg' };
const canonical = (ext: string) => SAME_AS[ext] ?? ext;

/**
 * Checks an upload against a field's rule by its content: the size, then the type from the
 * magic bytes (SVG, being text, by parsing). The client's name and MIME type are never read;
 * the caller stores the file under its own name with the extension returned here.
 * SVG comes back sanitised (no script, handlers, foreign objects or outside references).
 */
export async function checkUpload(bytes: Uint8Array, rule: UploadRule): Promise<UploadCheck> {
  if (bytes.byteLength === 0) return { ok: false, reason: 'empty' };
  if (bytes.byteLength > rule.maxBytes) return { ok: false, reason: 'too_large' };
  const allowed = new Set(rule.extensions.map(canonical));

  const detected = await fileTypeFromBuffer(bytes);
  if (detected && detected.ext !== 'xml') {
    const ext = canonical(detected.ext);
    if (!allowed.has(ext)) return { ok: false, reason: 'type' };
    const ok = { ok: true, ext, mime: uploadMimeTypes[ext] ?? detected.mime, bytes } as const;
    if (!RASTER.has(ext)) return ok;
    const decoded = await decodeImage(bytes);
    return 'reason' in decoded ? { ok: false, reason: decoded.reason } : { ...ok, image: decoded };
  }
  if (!allowed.has('svg') || !looksLikeSvg(bytes)) return { ok: false, reason: 'type' };
  const clean = sanitizeSvg(new TextDecoder('utf-8', { fatal: false }).decode(bytes));
  if (!clean) return { ok: false, reason: 'unsafe_svg' };
  const out = new TextEncoder().encode(clean);
  if (out.byteLength > rule.maxBytes) return { ok: false, reason: 'too_large' };
  const declared = svgDeclaredSize(out);
  if (declared && declared.width * declared.height > IMAGE_MAX_PIXELS) return { ok: false, reason: 'too_many_pixels' };
  return { ok: true, ext: 'svg', mime: 'image/svg+xml', bytes: out, ...(declared && sensible(declared) ? { image: roundSize(declared) } : {}) };
}

/**
 * Decodes every pixel of an image (all frames of an animation), refusing one over
 * IMAGE_MAX_PIXELS before decoding (the header is read first) and one whose data does not decode
 * (cut short, corrupt). The size returned is the one decoded: one frame's width and height (for a
 * GIF, its screen's when larger).
 */
export async function decodeImage(bytes: Uint8Array): Promise<ImageSize | { reason: 'too_many_pixels' | 'undecodable' }> {
  const open = () => sharp(bytes, { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS, animated: true, sequentialRead: true });
  let meta: Metadata;
  try {
    meta = await open().metadata();
  } catch (e) {
    return { reason: /pixel limit/i.test(String(e)) ? 'too_many_pixels' : 'undecodable' };
  }
  const frame = frameSize(meta, bytes);
  if (!frame) return { reason: 'undecodable' };
  if (frame.width * frame.height * (meta.pages ?? 1) > IMAGE_MAX_PIXELS) return { reason: 'too_many_pixels' };
  try {
    // Every pixel decoded and dropped as it comes, a strip at a time: never held whole in memory.
    await pipeline(open().raw(), new Writable({ write: (_chunk, _encoding, done) => done() }));
  } catch (e) {
    return { reason: /pixel limit/i.test(String(e)) ? 'too_many_pixels' : 'undecodable' };
  }
  return frame;
}

/**
 * One frame's size. A GIF's frames sit on its logical screen, which browsers paint whole, while our
 * decoder sizes a frame by its image when the screen looks wrong: the larger of the two counts.
 */
function frameSize(meta: Metadata, bytes: Uint8Array): ImageSize | undefined {
  const height = meta.pageHeight ?? meta.height;
  if (!meta.width || !height) return undefined;
  if (meta.format !== 'gif' || bytes.byteLength < 10) return { width: meta.width, height };
  return { width: Math.max(meta.width, bytes[6]! | (bytes[7]! << 8)), height: Math.max(height, bytes[8]! | (bytes[9]! << 8)) };
}

/**
 * The size of a stored image: a raster image's from its header (every stored raster image was
 * decoded on upload, so the header tells the truth), an SVG's from its root element.
 */
export async function imageSize(bytes: Uint8Array, ext: string): Promise<ImageSize | undefined> {
  if (ext === 'svg') {
    const declared = svgDeclaredSize(bytes);
    return declared && sensible(declared) ? roundSize(declared) : undefined;
  }
  if (!RASTER.has(ext)) return undefined;
  try {
    return frameSize(await sharp(bytes, { animated: true, limitInputPixels: IMAGE_MAX_PIXELS }).metadata(), bytes);
  } catch {
    return undefined;
  }
}

const sensible = (s: ImageSize) => s.width > 0 && s.height > 0 && s.width < 100_000 && s.height < 100_000;
const roundSize = (s: ImageSize): ImageSize => ({ width: Math.round(s.width), height: Math.round(s.height) });

/** A CSS number (sign, fraction, exponent) and its unit, as SVG reads `width`, `height` and `viewBox`. */
const CSS_LENGTH = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(px|in|cm|mm|q|pt|pc|em|rem|ex|%)?\s*$/i;
/** CSS pixels per unit (96 per inch; em and rem at the default 16 px font, ex half of it). */
const PX_PER: Readonly<Record<string, number>> = { px: 1, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, q: 96 / 101.6, pt: 96 / 72, pc: 16, em: 16, rem: 16, ex: 8 };

/**
 * A length in CSS pixels: unitless is pixels, a percentage is of `base` (the view box's side, the
 * size the image has of its own). Undefined when it is not a length CSS reads, negative, or a
 * percentage without a base (the renderer then takes the size from the view box).
 */
export function svgLength(value: string | undefined, base?: number): number | undefined {
  const match = value === undefined ? null : CSS_LENGTH.exec(value);
  if (!match) return undefined;
  const n = Number(match[1]);
  const unit = (match[2] ?? 'px').toLowerCase();
  if (!Number.isFinite(n) || n < 0) return undefined;
  if (unit === '%') return base === undefined ? undefined : (base * n) / 100;
  return n * PX_PER[unit]!;
}

/**
 * The size an SVG is drawn at, in pixels, read as a renderer reads it: `width` and `height` as CSS
 * lengths with units and exponents (`2e4`, `200in`, `50%`), the view box's four CSS numbers, one
 * side alone scaled by the view box's proportions. Undefined when it declares no size at all.
 */
function svgDeclaredSize(b: Uint8Array): ImageSize | undefined {
  const head = new TextDecoder().decode(b.subarray(0, 4096));
  const root = /<svg\b[^>]*>/i.exec(head)?.[0];
  if (!root) return undefined;
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*(["'])([^"']*)\\1`, 'i').exec(root)?.[2];
  const numbers = attr('viewBox')?.trim().split(/[\s,]+/).map((v) => svgLength(v === '' ? undefined : v.replace(/^-/, '')));
  const box = numbers?.length === 4 && numbers[2]! > 0 && numbers[3]! > 0 ? { width: numbers[2]!, height: numbers[3]! } : undefined;
  const w = svgLength(attr('width'), box?.width);
  const h = svgLength(attr('height'), box?.height);
  if (w !== undefined && h !== undefined) return { width: w, height: h };
  if (box && w !== undefined) return { width: w, height: (w * box.height) / box.width };
  if (box && h !== undefined) return { width: (h * box.width) / box.height, height: h };
  if (box) return box;
  // One side alone, no view box: the other is the replaced element's default (300 by 150).
  if (w !== undefined || h !== undefined) return { width: w ?? 300, height: h ?? 150 };
  return undefined;
}

/** True when the text's root element is <svg>, after an optional BOM, XML declaration, comments and doctype. */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 4096));
  } catch {
    return false;
  }
  const head = text
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^>]*\?>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)+/, '')
    .replace(/^\s*<!DOCTYPE\s+svg[^>[]*(\[[\s\S]*?\])?\s*>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)+/, '')
    .trimStart();
  return /^<svg[\s>]/.test(head);
}

const SVG_TAGS = [
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'textPath', 'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern', 'filter',
  'feGaussianBlur', 'feOffset', 'feBlend', 'feColorMatrix', 'feComposite', 'feFlood', 'feMerge', 'feMergeNode', 'feMorphology',
  'feDropShadow', 'marker',
];

const SVG_ATTRIBUTES = [
  'id', 'class', 'xmlns', 'xmlns:xlink', 'version', 'viewBox', 'preserveAspectRatio', 'width', 'height', 'x', 'y', 'x1', 'y1',
  'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'd', 'points', 'pathLength', 'transform', 'fill', 'fill-opacity', 'fill-rule', 'stroke',
  'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset',
  'stroke-opacity', 'opacity', 'clip-path', 'clip-rule', 'mask', 'filter', 'color', 'display', 'visibility', 'offset',
  'stop-color', 'stop-opacity', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'fx', 'fy', 'fr', 'patternUnits',
  'patternContentUnits', 'patternTransform', 'maskUnits', 'maskContentUnits', 'clipPathUnits', 'filterUnits',
  'primitiveUnits', 'in', 'in2', 'result', 'stdDeviation', 'dx', 'dy', 'mode', 'operator', 'k1', 'k2', 'k3', 'k4', 'values',
  'type', 'flood-color', 'flood-opacity', 'radius', 'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor',
  'dominant-baseline', 'letter-spacing', 'startOffset', 'markerWidth', 'markerHeight', 'refX', 'refY', 'orient',
  'markerUnits', 'href', 'xlink:href', 'style',
];

// Paint and geometry values only; url() may point only inside the document.
const SAFE_CSS_VALUE = /^(?:(?!url\s*\(|expression|javascript:|@import|\\)[^;{}<>])*$|^url\(\s*['"]?#[\w-]+['"]?\s*\)$/i;
const CSS_PROPERTIES = ['fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'stroke-opacity', 'stroke-dasharray', 'opacity', 'stop-color', 'stop-opacity', 'font-family', 'font-size', 'font-weight', 'display', 'visibility', 'clip-path', 'mask', 'filter', 'mix-blend-mode', 'isolation', 'color'];
const INTERNAL_REF = /^#[\w.:-]+$/;
const URL_VALUE = /url\s*\(/i;

/** Attributes that may hold a url(): only url(#id) is kept. */
function keepAttribute(name: string, value: string): boolean {
  if (name === 'href' || name === 'xlink:href') return INTERNAL_REF.test(value.trim());
  if (URL_VALUE.test(value)) return /^\s*url\(\s*['"]?#[\w.:-]+['"]?\s*\)\s*$/i.test(value);
  return true;
}

const svgOptions: sanitizeHtml.IOptions = {
  allowedTags: SVG_TAGS,
  allowedAttributes: { '*': SVG_ATTRIBUTES },
  allowedStyles: { '*': Object.fromEntries(CSS_PROPERTIES.map((p) => [p, [SAFE_CSS_VALUE]])) },
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: [],
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'foreignObject', 'textarea', 'option', 'noscript', 'iframe', 'title'],
  parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false, recognizeSelfClosing: true, decodeEntities: true },
  transformTags: {
    '*': (tagName, attribs) => ({
      tagName,
      attribs: Object.fromEntries(Object.entries(attribs).filter(([name, value]) => keepAttribute(name, value))),
    }),
  },
};

/**
 * Sanitises SVG text to drawing elements only. Returns undefined when nothing drawable is left
 * or the document declares entities (a sign of an entity-expansion attack, never of a logo).
 */
export function sanitizeSvg(svg: string): string | undefined {
  if (/<!ENTITY/i.test(svg)) return undefined;
  // XML keeps case, so <SCRIPT> would escape nonTextTags: name such elements in lower case first.
  const named = svg.replace(/<(\/?)(script|style|foreignobject|iframe|noscript)\b/gi, (_, slash: string, tag: string) => `<${slash}${tag.toLowerCase() === 'foreignobject' ? 'foreignObject' : tag.toLowerCase()}`);
  const clean = sanitizeHtml(named, svgOptions).trim();
  return /^<svg[\s>]/.test(clean) ? clean : undefined;
}
