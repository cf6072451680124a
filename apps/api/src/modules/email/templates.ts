/**
 * Default email templates, HTML plus text. A later feature stores edited versions in the
 * database; these stay the defaults.
 */
export interface Rendered {
  subject: string;
  html: string;
  text: string;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escape(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escape(action.url)}" style="background:#8b5cf6;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escape(action.label)}</a></p><p style="margin:0 0 16px;color:#666;font-size:13px">Or open this link: ${escape(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,Arial,sans-serif;color:#222;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escape(title)}</h1>${body}${button}<p style="color:#888;font-size:12px">VR Affiliate Network</p></body></html>`;
}

function text(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  return [title, '', ...paragraphs, ...(action ? ['', `${action.label}: ${action.url}`] : []), '', 'VR Affiliate Network'].join('\n');
}

function render(subject: string, title: string, paragraphs: string[], action?: { label: string; url: string }): Rendered {
  return { subject, html: layout(title, paragraphs, action), text: text(title, paragraphs, action) };
}

export const templates = {
  activation: (name: string, url: string) =>
    render('Activate your affiliate account', `Welcome, ${name}!`, ['Thanks for signing up. Activate your account to start promoting our sites.', 'The link is valid for 7 days.'], {
      label: 'Activate account',
      url,
    }),
  passwordReset: (name: string, url: string) =>
    render('Reset your password', `Hello ${name},`, ['We received a request to reset your password. The link is valid for one hour and works once.', 'If you did not ask for it, ignore this email: your password stays as it is.'], {
      label: 'Reset password',
      url,
    }),
  twoStepCode: (name: string, code: string) =>
    render(`Your sign-in code: ${code}`, `Hello ${name},`, [`Your sign-in code is ${code}.`, 'It is valid for 10 minutes. If you did not try to sign in, change your password.']),
  contact: (name: string, email: string, message: string, affiliateId: number | null) =>
    render(`Contact Us: ${name}`, `Message from ${name} <${email}>`, [
      affiliateId ? `Affiliate #${affiliateId}` : 'Visitor (not signed in)',
      ...message.split(/\n{2,}/),
    ]),
  passwordChanged: (name: string) =>
    render('Your password was changed', `Hello ${name},`, ['Your password was changed and every other session was signed out.', 'If this was not you, reset your password now and contact support.']),
};
