import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { accounts, signIn } from './support/accounts.ts';
import { owner } from './support/env.ts';
import { waitForMail } from './support/mail.ts';
import { openSettingsSection } from './support/settings.ts';
import { goViaMenu, rememberCookieChoice } from './support/shell.ts';

// Global Settings (issue 15): one page of sections, a list at 1440 px and a select at 375 px,
// deep links, an SEO change the server writes into the page's HTML, and a template's test send.
test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page, context }) => {
  await rememberCookieChoice(context, baseURL);
  await signIn(page, accounts.owner);
});

test('Global Settings moves between sections and deep-links them', async ({ page }) => {
  await goViaMenu(page, 'Global Settings');
  await expect(page.getByRole('heading', { name: 'Global Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
  for (const name of ['Global email', 'Email notifications', 'Payment methods with banks', 'Maintenance']) {
    await openSettingsSection(page, name);
    await expect(page.getByRole('heading', { name: name === 'Payment methods with banks' ? 'Payment methods' : name, level: 2 })).toBeVisible();
  }
  await expect(page).toHaveURL(/\?section=maintenance$/);
  await page.goto('/settings?section=seo');
  await expect(page.getByRole('heading', { name: 'SEO', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Terms of Service' })).toBeVisible();
});

test('an SEO change is in the HTML the server sends, without JavaScript', async ({ page, request }, info) => {
  const title = `VR partner terms ${info.project.name} ${Date.now()} & more`;
  await page.goto('/settings?section=seo');
  const field = page.locator('#seo-terms-title');
  await field.fill(title);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated successfully')).toBeVisible();
  const html = await (await request.get('/terms-and-conditions')).text();
  expect(html).toContain(`<title>${title.replace('&', '&amp;')}</title>`);
});

test('a template’s test send arrives at the mailbox with the rendered subject', async ({ page }) => {
  await page.goto('/settings?section=email-templates');
  await expect(page.getByRole('heading', { name: 'Email templates', level: 2 })).toBeVisible();
  await expect(page.getByTestId('template-variables')).toContainText('{{link}}');
  const since = Date.now();
  await page.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText(`A test email has been sent to ${owner.email}`)).toBeVisible();
  const mail = await waitForMail(owner.email, /^Activate your affiliate account$/, since);
  expect(mail.text).toContain('/activate-account?token=preview');
});

test('Send test mails the draft being edited: the weekly statistics summary, unsaved', async ({ page }, info) => {
  await page.goto('/settings?section=email-templates');
  await page.getByRole('combobox', { name: 'Email' }).click();
  await page.getByRole('option', { name: 'Weekly statistics summary' }).click();
  await expect(page.getByTestId('template-variables')).toContainText('{{top_offers}}');
  await expect(page.getByTestId('template-variables')).toContainText('{{earnings}}');
  const subject = `Draft week ${info.project.name} {{earnings}} ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText(`A test email has been sent to ${owner.email}`)).toBeVisible();
  const mail = await waitForMail(owner.email, new RegExp(`^Draft week ${info.project.name} \\$1,482\\.50 `), since);
  expect(mail.text).toContain('NovaVR sale: $912.50');
  await page.screenshot({ path: `/tmp/h-emails-shots/weekly-summary-${info.project.name}.png`, fullPage: true });
  // Not saved: the template reloads with its default subject.
  await page.reload();
  await page.getByRole('combobox', { name: 'Email' }).click();
  await page.getByRole('option', { name: 'Weekly statistics summary' }).click();
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('Your week on {{site_name}}: {{earnings}} earned');
  // An unknown variable is refused on its field, as a save would.
  await page.getByRole('textbox', { name: 'Subject' }).fill('Hi {{password}}');
  await page.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText('Unknown variable: {{password}}').first()).toBeVisible();
});
