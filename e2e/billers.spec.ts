import { request as playwrightRequest, expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { accounts, signIn } from './support/accounts.ts';
import { post, staffSession } from './support/api.ts';
import { goViaMenu, logOut, rememberCookieChoice } from './support/shell.ts';

// Billers (issue 26) as staff and an affiliate meet them: staff add a CCBill account to a site in its
// settings and copy its postback URL; CCBill posts a NewSaleSuccess carrying a real click's id in
// X-cid; the biller event log shows what it became, and the affiliate's conversion log shows the sale
// with its biller and event. At 1440 and at 375 px.
test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ context }) => rememberCookieChoice(context, baseURL));

const shots = process.env.E2E_SHOTS;

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A real click of the demo affiliate on the offer: its cid, from the redirect's address. */
async function clickId(offerId: number): Promise<string> {
  const anon = await playwrightRequest.newContext({ baseURL });
  const login = await post<{ access_token: string }>(anon, '/v2/authentication/login', { email: accounts.affiliate.email, password: accounts.affiliate.password });
  const affiliateApi = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${login.access_token}` } });
  const tracking = await post<{ url: string }>(affiliateApi, `/v1/offers/${offerId}/tracking-link`, {});
  await affiliateApi.dispose();
  const redirect = await anon.get(tracking.url, { maxRedirects: 0 });
  await anon.dispose();
  const cid = new URL(redirect.headers().location ?? '').searchParams.get('cid') ?? '';
  expect(cid).not.toBe('');
  return cid;
}

test('staff add a CCBill account, a sale arrives at its URL, and the event log and the affiliate’s conversion log show it', { tag: '@layout' }, async ({ page, context }, info) => {
  test.setTimeout(300_000);
  const stamp = `${Date.now()}-${info.project.name}`;
  const site = { name: `e2e-billed-${stamp}`, display_name: `E2E Billed ${stamp}`, url: 'https://billed.example.com' };
  const staff = await staffSession();
  const created = await post<{ id: number }>(staff, '/v1/sites', site);
  const lp = await post<{ id: number }>(staff, '/v1/landing-pages', { site_id: created.id, name: 'Billed tour', url: 'https://billed.example.com/tour' });
  const offer = await post<{ id: number }>(staff, '/v1/offers', { site_id: created.id, name: `E2E Billed Sale ${stamp}`, payout_type: 'cpa', goal: 'sale', default_payout: 20, landing_page_id: lp.id });
  await staff.dispose();
  const cid = await clickId(offer.id);

  // The site's settings, Billers: add a CCBill account.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signIn(page, accounts.owner);
  await goViaMenu(page, 'Offers');
  await page.getByRole('tab', { name: 'Sites' }).click();
  await page.getByRole('button', { name: `Billers: ${site.display_name}` }).click();
  const billers = page.getByRole('dialog', { name: `Billers: ${site.display_name}` });
  await expect(billers.getByText('No biller account yet')).toBeVisible();
  await billers.getByRole('button', { name: 'Add biller' }).click();
  const form = page.getByRole('dialog', { name: 'Add biller account' });
  await expect(form.getByLabel('Biller', { exact: true })).toHaveText('CCBill');
  // The pass-through field defaults to CCBill's cid.
  await expect(form.getByLabel('Pass-through field')).toHaveValue('cid');
  await form.getByLabel('Account number').fill('951234');
  await form.getByLabel('Sub-account').fill('0001');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  // Its card: the URL with a copy button, and CCBill's steps naming the join-form field.
  const card = billers.getByRole('region', { name: 'CCBill 951234 / 0001' });
  await expect(card).toContainText('No post yet');
  await expect(card).toContainText('custom field cid');
  await expect(card).toContainText('X-cid');
  const shown = await card.getByLabel('Postback URL').inputValue();
  expect(shown).toMatch(new RegExp(`^${baseURL}/billers/ccbill/[A-Za-z0-9_-]+`));
  await card.getByRole('button', { name: 'Copy URL' }).click();
  // The copy's notice may wait behind the save's; the clipboard is what counts.
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()), { timeout: 20_000 }).toBe(shown);
  await noOverflow(page);
  if (shots) await page.screenshot({ path: `${shots}/billers-site-${info.project.name}.png`, fullPage: true });

  // CCBill posts a new sale with the click id in X-cid.
  const transactionId = `0${Date.now()}`.slice(-15);
  const anon = await playwrightRequest.newContext({ baseURL });
  const target = new URL(shown);
  target.searchParams.set('eventType', 'NewSaleSuccess');
  target.searchParams.set('eventGroupType', 'Subscription');
  const sale = await anon.post(target.toString(), {
    data: {
      accountingCurrency: 'USD',
      accountingCurrencyCode: '840',
      accountingInitialPrice: '29.95',
      billedCurrency: 'USD',
      billedCurrencyCode: '840',
      billedInitialPrice: '29.95',
      billedRecurringPrice: '29.95',
      clientAccnum: '951234',
      clientSubacc: '0001',
      email: 'member@example.com',
      formName: '211cc',
      initialPeriod: '30',
      paymentType: 'CREDIT',
      rebills: '99',
      recurringPeriod: '30',
      subscriptionId: `1${transactionId}`,
      timestamp: '2026-11-26 10:00:00',
      transactionId,
      'X-cid': cid,
    },
  });
  expect(sale.ok(), await sale.text()).toBe(true);
  await anon.dispose();

  // The account's last post.
  await page.reload();
  await page.getByRole('tab', { name: 'Sites' }).click();
  await page.getByRole('button', { name: `Billers: ${site.display_name}` }).click();
  await expect(page.getByRole('region', { name: 'CCBill 951234 / 0001' })).not.toContainText('No post yet');
  await page.getByRole('button', { name: 'Close' }).click();

  // The biller event log: the sale, accepted, with its conversion; its details show the post.
  await goViaMenu(page, 'Biller events');
  await expect(page.getByRole('heading', { level: 1, name: 'Biller events' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Biller events' });
  const row = table.locator('tbody tr').filter({ hasText: transactionId });
  await expect(row).toContainText('NewSaleSuccess');
  await expect(row).toContainText('Accepted');
  await expect(row).toContainText(site.name);
  await expect(row.getByRole('link', { name: /^#\d+$/ })).toBeVisible();
  await noOverflow(page);
  if (shots) await page.screenshot({ path: `${shots}/biller-events-${info.project.name}.png`, fullPage: true });
  await row.getByRole('button', { name: /^Details/ }).click();
  const details = page.getByRole('dialog', { name: /^Biller event #\d+$/ });
  await expect(details.getByRole('table', { name: 'Post as received' })).toContainText(cid);
  await expect(details).toContainText('Conversion #');
  if (shots) await page.screenshot({ path: `${shots}/biller-event-details-${info.project.name}.png`, fullPage: true });
  await details.getByRole('button', { name: 'Close' }).click();

  // The affiliate's conversion log: the sale, its biller and event, and the earning.
  await logOut(page);
  await signIn(page, accounts.affiliate);
  await page.goto(`/conversion-log?site_id=${created.id}`);
  const log = page.getByRole('table', { name: 'Conversion log' });
  const mine = log.locator('tbody tr').filter({ hasText: transactionId });
  await expect(mine).toContainText('CCBill');
  await expect(mine).toContainText('NewSaleSuccess');
  await expect(mine).toContainText('$20.00');
  await noOverflow(page);
  if (shots) await page.screenshot({ path: `${shots}/billers-conversion-log-${info.project.name}.png`, fullPage: true });
});
