import type { EmailType } from '@portal/contracts';

/**
 * The shipped template of every email type: what is sent until staff edit it in Global Settings,
 * Email templates, and what "Reset to default" brings back. Bodies are the rich-text editor's
 * HTML; `{{variables}}` are filled in (escaped) when the message is sent.
 */
const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');
const button = (label: string) => `<p><a href="{{link}}" target="_blank" rel="noopener noreferrer nofollow">${label}</a></p>`;

export const defaultTemplates: Record<EmailType, { subject: string; body: string }> = {
  activation: {
    subject: 'Activate your affiliate account',
    body: `<h2>Welcome, {{first_name}}!</h2>${p('Thanks for signing up. Activate your account to start promoting our sites. {{approval_note}}', 'The link is valid for 7 days.')}${button('Activate account')}`,
  },
  password_reset: {
    subject: 'Reset your password',
    body: `<h2>Hello {{first_name}},</h2>${p('We received a request to reset your password. The link is valid for one hour and works once.', 'If you did not ask for it, ignore this email: your password stays as it is.')}${button('Reset password')}`,
  },
  two_step_code: {
    subject: 'Your sign-in code: {{code}}',
    body: `<h2>Hello {{first_name}},</h2>${p('Your sign-in code is <strong>{{code}}</strong>.', 'It is valid for 10 minutes. If you did not try to sign in, change your password.')}`,
  },
  password_changed: {
    subject: 'Your password was changed',
    body: `<h2>Hello {{first_name}},</h2>${p('Your password was changed and every other session was signed out.', 'If this was not you, reset your password now and contact support at {{support_email}}.')}`,
  },
  staff_invite: {
    subject: 'You are invited to {{site_name}}',
    body: `<h2>Hello {{first_name}},</h2>${p('{{inviter}} invited you to the {{site_name}} staff as {{role}}.', 'Set your password to sign in. The link is valid for 7 days.')}${button('Set your password')}`,
  },
  contact_message: {
    subject: 'Contact Us: {{name}}',
    body: `<h2>Message from {{name}} ({{email}})</h2>${p('{{sender}}', '{{message}}')}`,
  },
  cap_alert: {
    subject: 'Cap at {{percent}}: {{offer}}',
    body: `<h2>A cap {{state}}</h2>${p('{{offer}}: {{cap}} has taken {{used}} of {{limit}} ({{percent}}).')}${button('Open the offer')}`,
  },
  new_signup: {
    subject: 'New sign-up: {{name}}',
    body: `<h2>A new affiliate signed up</h2>${p('{{name}} ({{email}}) signed up as affiliate #{{affiliate_id}}.')}${button('Open the affiliates list')}`,
  },
  signup_approved: {
    subject: 'Your affiliate account is approved',
    body: `<h2>Welcome aboard, {{first_name}}!</h2>${p('{{site_name}} approved your sign-up: your tracking links are ready.')}${button('Get your links')}`,
  },
  signup_rejected: {
    subject: 'Your affiliate sign-up was not approved',
    body: `<h2>Hello {{first_name}},</h2>${p('{{site_name}} did not approve your sign-up.', 'Reason: {{reason}}', 'If you think this is a mistake, write to {{support_email}}.')}`,
  },
  profile_info_rejected: {
    subject: 'Please correct your profile details',
    body: `<h2>Hello {{first_name}},</h2>${p('{{site_name}} reviewed the details in your profile and could not approve them.', 'Reason: {{reason}}', 'Correct them in your profile, save them, then send them back for review.')}${button('Correct your details')}`,
  },
  payout_approved: {
    subject: 'Your payout of {{amount}} is approved',
    body: `<h2>Hello {{first_name}},</h2>${p('Your payout of <strong>{{amount}}</strong> for {{period}} is approved and will be paid by {{method}}.')}${button('See your payouts')}`,
  },
  payout_paid: {
    subject: 'Your payout of {{amount}} is paid',
    body: `<h2>Hello {{first_name}},</h2>${p('We paid <strong>{{amount}}</strong> for {{period}} by {{method}}. The receipt and invoice are in your Payout History.')}${button('Open Payout History')}`,
  },
  appeal_received: {
    subject: 'Appeal of conversion #{{conversion_id}} by {{name}}',
    body: `<h2>An affiliate appealed a conversion</h2>${p('{{name}} ({{email}}, affiliate #{{affiliate_id}}) appealed conversion #{{conversion_id}}, held or rejected because: {{reason}}', 'Their message: {{message}}')}${button('Review it on the Fraud page')}`,
  },
  appeal_decided: {
    subject: 'Your appeal of conversion #{{conversion_id}}: {{decision}}',
    body: `<h2>Hello {{first_name}},</h2>${p('We looked at your appeal of conversion #{{conversion_id}}: it is {{decision}}.', '{{answer}}')}${button('Open the conversion log')}`,
  },
  payout_unmarked_paid: {
    subject: 'Correction: your payout for {{period}} is not paid yet',
    body: `<h2>Hello {{first_name}},</h2>${p('We wrote that your payout of <strong>{{amount}}</strong> for {{period}} was paid. It was marked paid by mistake and has not been paid yet: {{reason}}', 'It is back among the payouts to pay by {{method}}; we will write again when it is paid.')}${button('See your payouts')}`,
  },
  payout_rejected: {
    subject: 'Your payout for {{period}}: rejected',
    body: `<h2>Hello {{first_name}},</h2>${p('Your payout of <strong>{{amount}}</strong> for {{period}} was rejected: {{reason}}', 'The amount is back in your balance.')}${button('See your payouts')}`,
  },
  payout_returned: {
    subject: 'Your payment for {{period}} was returned by your bank',
    body: `<h2>Hello {{first_name}},</h2>${p('The payment of <strong>{{amount}}</strong> for {{period}} by {{method}} was returned by your bank: {{reason}}.', 'The amount is back in your balance and is paid again with your next payout. Please check your payment details and save them again.')}${button('Check your payment details')}`,
  },
  tax_form_submitted: {
    subject: 'Tax form to review: {{name}}',
    body: `<h2>A tax form is waiting for review</h2>${p('{{name}} ({{email}}, affiliate #{{affiliate_id}}) submitted a {{form_type}}.')}${button('Review the form')}`,
  },
  tax_form_accepted: {
    subject: 'Your tax form was accepted',
    body: `<h2>Hello {{first_name}},</h2>${p('Your {{form_type}} was reviewed and accepted. Nothing more is needed from you for it.')}${button('View your tax form')}`,
  },
  tax_form_declined: {
    subject: 'Your tax form {{outcome}}',
    body: `<h2>Hello {{first_name}},</h2>${p('We reviewed your {{form_type}}: {{reason}}', '{{next_step}}')}${button('Send a tax form')}`,
  },
  tax_document_ready: {
    subject: 'Your {{year}} Form {{form}} is ready',
    body: `<h2>Hello {{first_name}},</h2>${p('Your {{corrected}}Form {{form}} for {{year}} is ready. Download it from Payments, Payout History, Tax documents.')}${button('View your tax documents')}`,
  },
  tax_form_expiring: {
    subject: 'Your tax form expires soon',
    body: `<h2>Hello {{first_name}},</h2>${p('Your {{form_type}} is valid through {{last_day}}.', 'Send a new one before then so your payouts are not held.')}${button('Renew your tax form')}`,
  },
  tax_form_expired: {
    subject: 'Your tax form has expired',
    body: `<h2>Hello {{first_name}},</h2>${p('Your {{form_type}} has expired. Payouts are held until a new form is accepted.')}${button('Send a new tax form')}`,
  },
  news: {
    subject: 'News: {{title}}',
    body: `<h2>Hello {{first_name}},</h2>${p('There is news from the network: <strong>{{title}}</strong>.')}${button('Read it')}`,
  },
  announcement_digest: {
    subject: 'News digest from {{site_name}}: {{count}} new',
    body: `<h2>Hello {{first_name}},</h2>${p('Here is what is new:', '{{titles}}')}${button('Read the news')}`,
  },
  weekly_summary: {
    subject: 'Your week on {{site_name}}: {{earnings}} earned',
    body: `<h2>Hello {{first_name}},</h2>${p('Here is your week, {{week}} (Pacific time):', 'Clicks: <strong>{{clicks}}</strong> ({{unique_clicks}} unique)<br>Conversions: <strong>{{conversions}}</strong><br>Earnings: <strong>{{earnings}}</strong>', 'Your top offers:', '{{top_offers}}')}${button('Open your statistics')}`,
  },
};
