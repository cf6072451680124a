import { EDITOR_PALETTE, isUrlEntry } from '@portal/contracts';
import sanitizeHtml from 'sanitize-html';

const ALIGN = [/^(left|center|right|justify)$/];
const COLOR = [new RegExp(`^(${EDITOR_PALETTE.join('|')})$`, 'i')];

/**
 * Exactly what the rich-text editor produces (SPEC.md section 9): paragraphs and headings 1 to 3
 * with an alignment, bold, italic, strike, lists, hard breaks, links that pass the url-entry
 * rule, and text coloured from the 8-colour palette. Anything else is dropped.
 */
const VARIABLE_LINK = /^\{\{\s*[a-zA-Z0-9_]+\s*\}\}$/;
/** Set while an email template is cleaned: its links may be a `{{variable}}` the server fills in. */
let allowVariableLinks = false;

const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h1', 'h2', 'h3', 'strong', 'em', 's', 'ul', 'ol', 'li', 'br', 'a', 'span'],
  allowedAttributes: {
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
    ol: ['start'],
    a: ['href', 'target', 'rel'],
    span: ['style'],
  },
  allowedStyles: {
    p: { 'text-align': ALIGN },
    h1: { 'text-align': ALIGN },
    h2: { 'text-align': ALIGN },
    h3: { 'text-align': ALIGN },
    span: { color: COLOR },
  },
  allowedSchemes: ['http', 'https', 'ftp'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links always open in a new tab and never pass the opener or ranking on.
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      const attrs: Record<string, string> = { target: '_blank', rel: 'noopener noreferrer nofollow' };
      if ((isUrlEntry(href) && href !== '') || (allowVariableLinks && VARIABLE_LINK.test(href))) attrs.href = href;
      return { tagName, attribs: attrs };
    },
    ol: (tagName, attribs) => {
      const attrs: Record<string, string> = {};
      if (attribs.start && /^\d{1,6}$/.test(attribs.start)) attrs.start = attribs.start;
      return { tagName, attribs: attrs };
    },
  },
  // A span left with no colour is noise.
  exclusiveFilter: (frame) => frame.tag === 'span' && !frame.attribs.style && frame.text === '',
};

/** Sanitise rich text before it is stored; run on every write of editor HTML. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}

/** An email template's body: the editor's HTML, where a link may also be exactly one `{{variable}}` (`{{link}}`). */
export function sanitizeTemplateHtml(html: string): string {
  allowVariableLinks = true;
  try {
    return sanitizeHtml(html, options);
  } finally {
    allowVariableLinks = false;
  }
}
