import { NETWORK_TIME_ZONE } from '@portal/contracts';
import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { accounts, signIn, signUp } from './support/accounts.ts';
import { dataOf, staffSession } from './support/api.ts';
import { goViaMenu, rememberCookieChoice } from './support/shell.ts';

// What a network's first week ran into (issue 28, items 1 to 5), as the people who met it see it.
test.describe.configure({ mode: 'serial' });

const pendingMessage = 'Your account is waiting for approval by the network. Tracking links are available once it is approved.';
let staff: APIRequestContext;

test.beforeAll(async () => {
  staff = await staffSession();
});
test.afterAll(async () => {
  // Whatever happened above, the network is left open and named as before.
  await staff.put('/v1/settings/maintenance', { data: { enabled: false } });
  await staff.put('/v1/settings/network-details', { data: { name: 'VR Affiliate Network', address: '', email: '', tax_id: '', invoice_footer: '' } });
  await staff.dispose();
});

test('a sign-up waiting for approval is told on the dashboard, in the top bar and when a link is refused', async ({ page, context }, info) => {
  test.setTimeout(90_000);
  await rememberCookieChoice(context, baseURL);
  const who = { name: 'Pending', email: `pending-${info.project.name}-${Date.now()}@example.com`, password: 'pending-pass-2026' };
  await signUp(page, who);

  const notice = page.getByTestId('awaiting-approval');
  await expect(notice).toContainText('Your account is waiting for approval');
  await expect(notice).toContainText('Tracking links, banner codes and campaigns are available once it is approved');

  const chip = page.getByRole('note', { name: 'Not eligible for payouts' });
  await chip.hover();
  await expect(page.getByRole('tooltip')).toContainText('Your sign-up is waiting for approval by the network');

  await goViaMenu(page, 'Offers');
  await page.getByRole('combobox', { name: 'Site' }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Get link' }).first().click();
  await expect(page.getByText(pendingMessage)).toBeVisible();
  await expect(page.getByText('Error for get offer link!')).toHaveCount(0);
});

test('maintenance: staff keep every page by address and on reload with a banner; visitors get the home page, /signup included', async ({ page, context, browser }) => {
  test.setTimeout(90_000);
  await rememberCookieChoice(context, baseURL);
  await signIn(page, accounts.owner);
  await dataOf(await staff.put('/v1/settings/maintenance', { data: { enabled: true } }));
  try {
    await page.goto('/affiliates');
    // The list's first load may be slow on a busy machine: the heading shows once the page is in.
    await expect(page.getByRole('heading', { name: 'Affiliates', level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('staff-maintenance-banner')).toContainText('Maintenance mode is on');
    await page.reload();
    await expect(page).toHaveURL(/\/affiliates$/);
    await expect(page.getByRole('heading', { name: 'Affiliates', level: 1 })).toBeVisible({ timeout: 20_000 });
    await page.goto('/settings?section=maintenance');
    await expect(page).toHaveURL(/\/settings\?section=maintenance$/);
    await expect(page.getByRole('heading', { name: 'Maintenance', level: 2 })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('staff-maintenance-banner')).toBeVisible();

    const visitor = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
    await rememberCookieChoice(visitor, baseURL);
    const home = await visitor.newPage();
    await home.goto('/signup');
    await expect(home).toHaveURL(`${baseURL}/`);
    await expect(home.getByText('The site is under maintenance. Please try again later.')).toBeVisible();
    await expect(home.getByRole('button', { name: 'Create account' })).toHaveCount(0);
    await visitor.close();
  } finally {
    await staff.put('/v1/settings/maintenance', { data: { enabled: false } });
  }
});

test('network details: saved in Global Settings, the app goes by the name', async ({ page, context }, info) => {
  test.skip(info.project.name !== 'desktop', 'one save of the network’s details is enough; the section is looked at on both widths in the screenshots');
  test.setTimeout(60_000);
  await rememberCookieChoice(context, baseURL);
  await signIn(page, accounts.owner);
  await page.goto('/settings?section=network-details');
  await expect(page.getByRole('heading', { name: 'Network details', level: 2 })).toBeVisible({ timeout: 20_000 });
  const name = `Harbour VR Partners ${Date.now()}`;
  await page.getByLabel('Network name').fill(name);
  await page.getByLabel('Address').fill('5 Harbour Road\nLimassol 3036, Cyprus');
  await page.getByLabel('Tax ID').fill('CY10239876X');
  await page.getByLabel('Invoice footer').fill('Registered in Cyprus, HE 401234.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Tax ID')).toHaveValue('CY10239876X', { timeout: 20_000 });
  await expect(page).toHaveTitle(`Global Settings · ${name}`);
  await expect(page.getByText(`© ${new Date().getFullYear()} ${name}. All rights reserved.`)).toBeVisible();
});

test('when am I paid: each release date of the rolling hold with its amount, as the server counts it, and a hold lengthened by chargebacks', async ({ page, context }, testInfo) => {
  await rememberCookieChoice(context, baseURL);
  await signIn(page, accounts.affiliate);
  const token = await page.evaluate(() => localStorage.getItem('portal.access_token'));
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  const check = await dataOf<{ releases: { date: string; amount: number; next_payout: boolean }[]; pending_hold: number; hold_days: number; risk_hold_days: number }>(
    await api.get('/v1/payouts/when-paid'),
  );
  await api.dispose();
  const list = page.getByTestId('when-paid');
  await expect(list).toBeVisible();
  const money = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  if (check.releases.length === 0) await expect(list).toContainText('No earnings waiting out the hold period');
  for (const r of check.releases) {
    const day = new Date(r.date).toLocaleDateString('en-US', { timeZone: NETWORK_TIME_ZONE, month: 'short', day: 'numeric', year: 'numeric' });
    await expect(list.getByText(`${day}: ${money(r.amount)}, in ${r.next_payout ? 'the next' : 'a later'} payout`)).toBeVisible();
  }
  await expect(list).not.toContainText('of recent earnings is released on');
  // The demo affiliate's chargebacks (over 2% in 90 days) lengthen the hold by the Fraud settings' risk holds, and the checklist says so.
  expect(check.risk_hold_days).toBeGreaterThan(0);
  await expect(list).toContainText(`Your hold is ${check.risk_hold_days} days longer while your chargebacks over 90 days are high: ${check.hold_days} days in all.`);
  await page.screenshot({ path: testInfo.outputPath(`when-paid-${testInfo.project.name}.png`), fullPage: true });
});
