import { NETWORK_TIME_ZONE } from '@portal/contracts';
import { readFileSync } from 'node:fs';
import { expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { accounts, signIn, signUp } from './support/accounts.ts';
import { post, staffSession } from './support/api.ts';
import { openSettingsSection } from './support/settings.ts';
import { goViaMenu, logOut, rememberCookieChoice } from './support/shell.ts';

// The money path as people meet it (issue 12): staff take the demo affiliate's payout from to approve
// to paid with the bulk actions; the affiliate finds it paid in Payout History and downloads its invoice;
// an affiliate who signed up through another's referral link makes a sale, and the referrer earns 5 %.
test.describe.configure({ mode: 'serial' });

// The money path runs once, at the desktop width; the last test looks at both pages at both widths
// (on a phone each payout is a card with its actions in reach).

const stamp = Date.now();
const demo = accounts.affiliate;

/** The one payout row of the demo affiliate in the current section of /payouts. */
function demoRow(page: Page) {
  return page.getByRole('row').filter({ hasText: demo.name });
}

let payoutAmount = '';

test.describe('the money path', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 1024, 'the money path runs at the desktop width');

  test('staff take the demo affiliate’s payout from to approve to paid with the bulk actions', async ({ page, context }) => {
    test.setTimeout(180_000);
    await rememberCookieChoice(context, baseURL);
    await signIn(page, accounts.owner);

    // Global Settings: the network's bank that will pay.
    const bankName = `E2E Bank ${stamp}`;
    await goViaMenu(page, 'Global Settings');
    await openSettingsSection(page, 'Payment methods with banks');
    const banks = page.getByRole('region', { name: 'Banks' });
    await banks.getByRole('button', { name: 'Add bank' }).click();
    const bankForm = page.getByRole('dialog', { name: 'Add bank' });
    await bankForm.getByLabel('Name').fill(bankName);
    await bankForm.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await bankForm.getByLabel('SWIFT/BIC').fill('COBADEFFXXX');
    await bankForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Created successfully')).toBeVisible();
    await expect(banks.getByRole('row', { name: new RegExp(bankName) })).toContainText('DE89 3704 0044 0532 0130 00');

    await goViaMenu(page, 'Payouts');
    await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();
    await expect(page.getByText('In the new billing system payments are counted from 01 September 2024')).toBeVisible();
    for (const tab of ['To approve', 'To pay', 'History']) await expect(page.getByRole('tab', { name: tab })).toBeVisible();

    // To approve, narrowed to the demo affiliate: one payout, the totals say so.
    await page.getByRole('textbox', { name: 'Affiliate', exact: true }).fill(demo.email);
    await expect(page).toHaveURL(/affiliate=/);
    const table = page.getByRole('table', { name: 'Payouts: To approve' });
    await expect(table.getByRole('row').filter({ hasText: demo.name })).toHaveCount(1);
    const row = demoRow(page);
    payoutAmount = (await row.getByRole('cell').nth(3).innerText()).trim();
    expect(payoutAmount).toMatch(/^\$[\d,]+\.\d{2}$/);
    await expect(page.getByTestId('payouts-totals')).toHaveText(`1 payout, ${payoutAmount}`);

    // Its statement: every ledger row behind it, adding up to the amount.
    await row.getByRole('button', { name: 'Statement', exact: true }).click();
    const statement = page.getByRole('dialog');
    await expect(statement.getByRole('heading', { level: 2 })).toContainText('Statement of payout #');
    await expect(statement.getByTestId('statement-total')).toHaveText(payoutAmount);
    await statement.getByRole('button', { name: 'Close' }).click();

    // Select it and approve the selection: the progress ends with the row's own result.
    await row.getByRole('checkbox').check();
    await expect(page.getByTestId('payouts-totals')).toHaveText(`1 selected, ${payoutAmount}`);
    await page.getByRole('button', { name: 'Approve selected' }).click();
    const bulk = page.getByRole('dialog', { name: 'Approve payouts' });
    await expect(bulk.getByTestId('bulk-status')).toHaveText('1 done, 0 failed');
    await expect(bulk.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expect(bulk.getByRole('listitem')).toContainText('Done');
    await bulk.getByRole('button', { name: 'Close' }).click();
    await expect(table.getByRole('row').filter({ hasText: demo.name })).toHaveCount(0);

    // To pay: choose the paying bank, then mark it paid in bulk.
    await page.getByRole('tab', { name: 'To pay' }).click();
    const toPay = page.getByRole('table', { name: 'Payouts: To pay' });
    await expect(toPay.getByRole('row').filter({ hasText: demo.name })).toHaveCount(1);
    await demoRow(page).getByRole('button', { name: 'Change bank' }).click();
    const bankDialog = page.getByRole('dialog', { name: 'Change bank' });
    await bankDialog.getByRole('combobox', { name: 'Bank' }).click();
    await page.getByRole('option', { name: bankName }).click();
    await bankDialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Bank updated successfully')).toBeVisible();
    await expect(demoRow(page)).toContainText(bankName);

    await demoRow(page).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Mark selected paid' }).click();
    // Nothing is paid in one click: the dialog asks for the payment's reference and the date paid (today, never later).
    const confirm = page.getByRole('dialog', { name: 'Mark payout paid' });
    await confirm.getByRole('button', { name: 'Mark paid' }).click();
    await expect(confirm.getByText('This field is required')).toBeVisible();
    await confirm.getByLabel('Payment reference').fill(`E2E-BATCH-${stamp}`);
    await confirm.getByRole('button', { name: 'Mark paid' }).click();
    const paying = page.getByRole('dialog', { name: 'Mark payouts paid' });
    await expect(paying.getByTestId('bulk-status')).toHaveText('1 done, 0 failed');
    await paying.getByRole('button', { name: 'Close' }).click();
    await expect(toPay.getByRole('row').filter({ hasText: demo.name })).toHaveCount(0);

    // History: paid today.
    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('table', { name: 'Payouts: History' });
    const today = new Date().toLocaleDateString('en-US', { timeZone: NETWORK_TIME_ZONE, month: 'short', day: 'numeric', year: 'numeric' });
    const paid = history.getByRole('row').filter({ hasText: today }).filter({ hasText: payoutAmount });
    await expect(paid).toHaveCount(1);
    await expect(paid).toContainText('Paid');

    // Paid by mistake: back to "to pay" with a reason, which the payout's history keeps; then paid once more, alone.
    await paid.getByRole('button', { name: 'Unmark paid' }).click();
    const unmark = page.getByRole('dialog', { name: 'Unmark paid' });
    await unmark.getByLabel('Reason').fill('The bank returned the transfer');
    await unmark.getByRole('button', { name: 'Unmark paid' }).click();
    await expect(page.getByText('Payout returned to "to pay"')).toBeVisible();
    await page.getByRole('tab', { name: 'To pay' }).click();
    const back = toPay.getByRole('row').filter({ hasText: demo.name });
    await expect(back).toHaveCount(1);
    await back.getByRole('button', { name: 'Statement', exact: true }).click();
    const history2 = page.getByRole('dialog').getByTestId('payout-history');
    await expect(history2.getByRole('listitem').last()).toContainText('Paid → To pay');
    await expect(history2.getByRole('listitem').last()).toContainText('The bank returned the transfer');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await back.getByRole('button', { name: 'Mark paid' }).click();
    const single = page.getByRole('dialog', { name: 'Mark payout paid' });
    await expect(single).toContainText(today);
    await single.getByLabel('Payment reference').fill(`E2E-${stamp}`);
    await single.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByText('Payout marked as paid successfully')).toBeVisible();
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(history.getByRole('row').filter({ hasText: today }).filter({ hasText: payoutAmount })).toHaveCount(1);
  });

  test('the affiliate finds the payout paid in Payout History and downloads its invoice', async ({ page, context }) => {
    test.setTimeout(60_000);
    await rememberCookieChoice(context, baseURL);
    await signIn(page, demo);
    await goViaMenu(page, 'Payments');
    await expect(page.getByRole('heading', { name: 'Payout History', level: 1 })).toBeVisible();
    await expect(page.getByText('View history and download receipts and invoices')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payment details' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'When am I paid?' })).toBeVisible();

    const today = new Date().toLocaleDateString('en-US', { timeZone: NETWORK_TIME_ZONE, month: 'short', day: 'numeric', year: 'numeric' });
    const row = page.getByRole('table', { name: 'Payout history' }).getByRole('row').filter({ hasText: today }).filter({ hasText: payoutAmount });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Paid');
    await expect(row.getByRole('button', { name: /^Receipt for / })).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /^Invoice for / }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The statement CSV adds up to the payout, to the cent.
    const [csvDownload] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /^Statement CSV for / }).click()]);
    const lines = readFileSync(await csvDownload.path(), 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    const header = lines[0]!.split(',');
    const amountAt = header.indexOf('amount');
    expect(amountAt).toBeGreaterThanOrEqual(0);
    const cents = lines.slice(1).reduce((sum, line) => sum + Math.round(Number(line.split(',')[amountAt]) * 100), 0);
    expect(cents).toBe(Math.round(Number(payoutAmount.replace(/[$,]/g, '')) * 100));
  });

  test('an affiliate referred through the link makes a sale, and the referrer earns 5 % of it', async ({ page, context, browser }) => {
    test.setTimeout(120_000);
    await rememberCookieChoice(context, baseURL);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const referrer = { name: `Riley Referrer${stamp}`, email: `riley.${stamp}@example.com`, password: 'referrer-pass-2026' };
    const referred = { name: `Quinn${stamp} Newcomer`, email: `quinn.${stamp}@example.com`, password: 'referred-pass-2026' };

    // The referrer copies their link from the dashboard's Referrals card.
    await signUp(page, referrer);
    const card = page.getByRole('region', { name: 'Referrals' });
    await expect(card.getByText('Nobody has signed up through your link yet.')).toBeVisible({ timeout: 15_000 });
    await card.getByRole('button', { name: 'Copy the referral link' }).click();
    await expect(page.getByText('Copied to the clipboard')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/signup\?referred_by=[\w-]+$/);
    await logOut(page);

    // Someone signs up through it, in a browser of their own.
    const other = await browser.newContext();
    await rememberCookieChoice(other, baseURL);
    const referredPage = await other.newPage();
    await signUp(referredPage, referred, { path: new URL(link).pathname + new URL(link).search });
    await other.close();

    // Staff set up an offer paying $20.00 a sale; the referred affiliate takes a link and a visitor buys.
    const staff = await staffSession();
    const site = await post<{ id: number; api_key: string }>(staff, '/v1/sites', { name: `e2e-money-${stamp}`, display_name: `E2E Money ${stamp}`, url: 'https://e2e-money.example.com' });
    const lp = await post<{ id: number }>(staff, '/v1/landing-pages', { site_id: site.id, name: 'Money tour', url: 'https://e2e-money.example.com/tour' });
    const offer = await post<{ id: number }>(staff, '/v1/offers', { site_id: site.id, name: `E2E Money ${stamp}`, payout_type: 'cpa', goal: 'sale', default_payout: 20, landing_page_id: lp.id });
    // Staff approve the new sign-up (sign-up approval is on by default), as the affiliates list does.
    const found = await staff.get(`/v1/affiliates?search=${encodeURIComponent(referred.email)}`);
    expect(found.status()).toBe(200);
    const [row] = ((await found.json()) as { data: { id: number }[] }).data;
    await post(staff, `/v1/affiliates/${row!.id}/approve`, {});
    await staff.dispose();

    const anon = await playwrightRequest.newContext({ baseURL });
    const login = await post<{ access_token: string }>(anon, '/v2/authentication/login', { email: referred.email, password: referred.password });
    const affiliateApi = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${login.access_token}` } });
    const tracking = await post<{ url: string }>(affiliateApi, `/v1/offers/${offer.id}/tracking-link`, {});
    await affiliateApi.dispose();
    const redirect = await anon.get(tracking.url, { maxRedirects: 0 });
    expect(redirect.status(), await redirect.text()).toBeGreaterThanOrEqual(300);
    const cid = new URL(redirect.headers().location ?? '').searchParams.get('cid') ?? '';
    expect(cid).not.toBe('');
    const conversion = await anon.post('/v1/conversions', { headers: { authorization: `Bearer ${site.api_key}` }, data: { cid, type: 'sale', amount: 59.99, transaction_id: `e2e-money-${stamp}` } });
    expect(conversion.ok(), await conversion.text()).toBe(true);
    await anon.dispose();

    // The referrer's Referrals card: the newcomer, masked, and 5 % of $20.00 this month and all time.
    await page.goto('/signin');
    await page.getByLabel('Email').fill(referrer.email);
    await page.locator('input[name="password"]').fill(referrer.password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const referrals = page.getByRole('region', { name: 'Referrals' });
    const newcomer = referrals.getByRole('row', { name: new RegExp(`Quinn${stamp} N\\.`) });
    await expect(newcomer).toContainText('$1.00');
    await expect(referrals.getByTestId('referrals-this-month')).toHaveText('$1.00');
    await expect(referrals.getByTestId('referrals-all-time')).toHaveText('$1.00');
    await expect(newcomer).not.toContainText(referred.email);
  });
});

/** Nothing sticks out sideways: the page is no wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
}

/** The locator lies inside the window sideways (reachable without scrolling the table). */
async function expectInWindow(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

test('payouts and payout history show every payout with its actions in reach, one card per payout on a phone', { tag: '@layout' }, async ({ page, context }, testInfo) => {
  test.setTimeout(90_000);
  await rememberCookieChoice(context, baseURL);
  const width = page.viewportSize()?.width ?? 0;
  const shots = `screenshots/money-${testInfo.project.name}`;

  await signIn(page, accounts.owner);
  await goViaMenu(page, 'Payouts');
  await expect(page.getByRole('heading', { name: 'Payouts', level: 1 })).toBeVisible();
  await expect(page.getByTestId('payouts-totals')).toHaveText(/^\d+ payouts?, \$/);
  await page.screenshot({ path: `${shots}-payouts-to-approve-${width}.png`, fullPage: true });
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('table', { name: 'Payouts: History' });
  const paid = history.getByRole('row').filter({ hasText: demo.name }).filter({ hasText: 'Paid' });
  await expect(paid.first()).toBeVisible();
  expect(await paid.count()).toBeGreaterThanOrEqual(3);
  const card = paid.first();
  // On a phone each value is named: the card reads "Period", "Amount", "Method"... next to the values.
  if (width < 600) {
    expect(await card.getByRole('cell').nth(1).evaluate((td) => getComputedStyle(td, '::before').content)).toBe('"Period"');
  }
  await expectInWindow(page, card.getByRole('button', { name: 'Statement', exact: true }));
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${shots}-payouts-history-${width}.png`, fullPage: true });
  await card.getByRole('button', { name: 'Statement', exact: true }).click();
  const statement = page.getByRole('dialog');
  await expect(statement.getByRole('heading', { level: 2 })).toContainText('Statement of payout #');
  await statement.getByRole('button', { name: 'Close' }).click();
  await logOut(page);

  await signIn(page, demo);
  await goViaMenu(page, 'Payments');
  await expect(page.getByRole('heading', { name: 'Payout History', level: 1 })).toBeVisible();
  // A paid payout: the one with a receipt.
  const rows = page
    .getByRole('table', { name: 'Payout history' })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Receipt for / }) });
  await expect(rows.first()).toBeVisible();
  for (const name of [/^Invoice for /, /^Receipt for /, /^Statement CSV for /]) await expectInWindow(page, rows.first().getByRole('button', { name }));
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${shots}-payments-${width}.png`, fullPage: true });
  const [download] = await Promise.all([page.waitForEvent('download'), rows.first().getByRole('button', { name: /^Invoice for / }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
});
