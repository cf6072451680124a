import { EMAIL_VARIABLE_PATTERN } from '@portal/contracts';

export interface Rendered {
  subject: string;
  html: string;
  text: string;
}

export type EmailVars = Record<string, string | number | null | undefined>;

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const value = (vars: EmailVars, name: string) => String(vars[name] ?? '');

/** The body's variables, escaped (line breaks kept as <br>): a person's name or message never becomes markup. */
export const fillHtml = (body: string, vars: EmailVars) => body.replace(EMAIL_VARIABLE_PATTERN, (_, name: string) => escapeHtml(value(vars, name)).replace(/\r?\n/g, '<br>'));

/** The subject is a header: variables go in as text on one line. */
export const fillSubject = (subject: string, vars: EmailVars) =>
  subject
    .replace(EMAIL_VARIABLE_PATTERN, (_, name: string) => value(vars, name))
    .replace(/[\r\n]+/g, ' ')
    .trim();

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The plain-text part: paragraphs on their own lines, a link as "text: address". */
export function htmlToText(html: string): string {
  return html
    .replace(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) => {
      const text = label.replace(/<[^>]+>/g, '').trim();
      return text && text !== href ? `${text}: ${href}` : href;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h1|h2|h3|li)>/gi, '\n\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => entities[e] ?? '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The frame around every body: the network's look and the footer text from Global email. */
export function layout(bodyHtml: string, footer: string): string {
  const foot = footer ? `<p style="color:#888;font-size:12px;margin-top:32px">${escapeHtml(footer).replace(/\r?\n/g, '<br>')}</p>` : '';
  return `<!doctype html><html><body style="font-family:system-ui,Arial,sans-serif;color:#222;max-width:560px;margin:0 auto;padding:24px">${bodyHtml}${foot}</body></html>`;
}

/** Renders a template with its variables; links in the body (`{{link}}`) stay links, with their address escaped. */
export function renderTemplate(template: { subject: string; body: string }, vars: EmailVars, footer: string): Rendered {
  const body = fillHtml(template.body, vars);
  return {
    subject: fillSubject(template.subject, vars),
    html: layout(body, footer),
    text: [htmlToText(body), footer].filter(Boolean).join('\n\n'),
  };
}
