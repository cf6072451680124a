import { type UploadRule, uploadMimeTypes } from '@portal/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sanitizeHtml from 'sanitize-html';

export type UploadCheck =
  | { ok: true; ext: string; mime: string; bytes: Uint8Array }
  | { ok: false; reason: 'empty' | 'too_large' | 'type' | 'unsafe_svg' };

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
    return allowed.has(ext) ? { ok: true, ext, mime: uploadMimeTypes[ext] ?? detected.mime, bytes } : { ok: false, reason: 'type' };
  }
  if (!allowed.has('svg') || !looksLikeSvg(bytes)) return { ok: false, reason: 'type' };
  const clean = sanitizeSvg(new TextDecoder('utf-8', { fatal: false }).decode(bytes));
  if (!clean) return { ok: false, reason: 'unsafe_svg' };
  const out = new TextEncoder().encode(clean);
  return out.byteLength > rule.maxBytes ? { ok: false, reason: 'too_large' } : { ok: true, ext: 'svg', mime: 'image/svg+xml', bytes: out };
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
