import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { accounts, signIn, submitSignIn } from './support/accounts.ts';
import { signInCode, waitForMail } from './support/mail.ts';
import { logOut, rememberCookieChoice } from './support/shell.ts';

// What affiliates and staff ran into in their second month: a link opened while signed out lands
// where it pointed after sign-in, Offers lists every site's offers at once, staff read an
// affiliate's smart links, screens say their times are Los Angeles time, and phone layouts hold.

test.beforeEach(async ({ context }) => rememberCookieChoice(context, baseURL));

/** The demo affiliate's id, as staff find it in the affiliates list. */
async function demoAffiliateId(page: Page): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('portal.access_token') ?? sessionStorage.getItem('portal.access_token'));
  const found = await page.request.get(`/v1/affiliates?search=${encodeURIComponent(accounts.affiliate.email)}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await found.json()) as { data: Array<{ id: number; email: string }> }).data.find((a) => a.email === accounts.affiliate.email)!.id;
}

test('a link opened while signed out is where sign-in lands, for an affiliate and for staff after the two-step code', async ({ page }) => {
  test.setTimeout(90_000);
  // An email's link to Payout History, opened signed out: Home first, then the page itself after Log In.
  await page.goto('/payments');
  // The first page of a run waits for the app's first load.
  await expect(page).toHaveURL(`${baseURL}/`, { timeout: 20_000 });
  await submitSignIn(page, accounts.affiliate);
  await expect(page).toHaveURL(/\/payments$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Payout History' })).toBeVisible();

  // Signing out on purpose is not a link to come back to: the next sign-in opens Dashboard.
  await logOut(page);
  await expect(page).toHaveURL(`${baseURL}/`);
  await submitSignIn(page, accounts.affiliate);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('staff opening a conversion-log link signed out land on it after the two-step code', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  await rememberCookieChoice(context, baseURL);
  const page = await context.newPage();
  await page.goto('/conversion-log?status=held');
  await expect(page).toHaveURL(`${baseURL}/`);
  const since = Date.now();
  await submitSignIn(page, accounts.manager);
  await expect(page).toHaveURL(/\/two-step-signin$/, { timeout: 20_000 });
  const mail = await waitForMail(accounts.manager.email, /^Your sign-in code/, since);
  await page.getByLabel('Code').fill(signInCode(mail));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/conversion-log\?status=held$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Conversion log' })).toBeVisible();
  // The screen says once what its times and days are.
  await expect(page.getByTestId('time-note')).toHaveText("Times are Los Angeles time, and days are the network's days (midnight to midnight in Los Angeles).");
  await context.close();
});

test("Offers lists every site's offers until a site is chosen, and a site narrows them", async ({ page }) => {
  await signIn(page, accounts.affiliate);
  await page.goto('/offers');
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const all = await cards.count();
  // The demo's offers of three sites, without choosing one.
  expect(all).toBeGreaterThanOrEqual(4);
  await expect(page.getByText('Every site: choose one to narrow the list.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Site' }).click();
  await page.getByRole('option', { name: 'NovaVR' }).click();
  await expect(page).toHaveURL(/site=\d+/);
  await expect.poll(() => cards.count()).toBeLessThan(all);
  await expect(cards.first()).toContainText('NovaVR');
  await expect(page.getByTestId('time-note')).toHaveText('Times are Los Angeles time.');
});

test("staff read an affiliate's smart links in Affiliate Details, without a way to change them", async ({ page }, info) => {
  await signIn(page, accounts.manager);
  await page.goto(`/profile?user=affiliate&id=${await demoAffiliateId(page)}`);
  const section = page.getByRole('region', { name: 'Smart links' });
  // Affiliate Details loads the profile first (slow on a busy machine).
  await expect(section).toBeVisible({ timeout: 20_000 });
  const row = section.getByRole('row').filter({ hasText: 'VR blog – all studios' });
  await expect(row).toContainText('US, GB');
  await expect(row).toContainText(`${baseURL}/t/`);
  await expect(section.getByRole('button', { name: /Edit|Delete/ })).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('affiliate-smart-links.png'), fullPage: true });
});

test('Statistics says that its days are the network days, and its pinned day stays on its row while the table scrolls sideways', { tag: '@layout' }, async ({ page }, info) => {
  await signIn(page, accounts.affiliate);
  await page.goto('/statistics');
  await expect(page.getByTestId('time-note')).toHaveText("Days are the network's days: midnight to midnight, Los Angeles time.");
  const region = page.getByRole('region', { name: 'Statistics', exact: true });
  await expect(region.getByRole('row').nth(3)).toBeVisible();
  await region.evaluate((el) => {
    el.scrollLeft = 150;
  });
  // Each day's pinned cell sits exactly on its row: same top and height as the row's last cell.
  const rows = region.locator('tbody tr');
  const count = Math.min(await rows.count(), 10);
  for (let i = 0; i < count; i++) {
    const [first, last] = await rows.nth(i).evaluate((tr) => [tr.firstElementChild!.getBoundingClientRect(), tr.lastElementChild!.getBoundingClientRect()].map((r) => ({ top: r.top, height: r.height })));
    expect(Math.abs(first!.top - last!.top)).toBeLessThan(1);
    expect(Math.abs(first!.height - last!.height)).toBeLessThan(1);
  }
  await page.screenshot({ path: info.outputPath('statistics-scrolled.png'), fullPage: true });
});

test("Affiliate Details speaks of the affiliate's links, not the reader's", async ({ page }) => {
  await signIn(page, accounts.manager);
  await page.goto(`/profile?user=affiliate&id=${await demoAffiliateId(page)}`);
  await expect(page.getByRole('checkbox', { name: "Remove the splash screen from the affiliate's links" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Remove the splash screen from my links')).toHaveCount(0);
});

test("on a phone, a site's card shows its whole sync line and a held conversion's appeal sits under its reason", { tag: '@layout' }, async ({ page }, info) => {
  test.setTimeout(90_000);
  await signIn(page, accounts.owner);
  await page.goto('/offers?tab=sites');
  const sync = page.getByText(/\+\d+ added, \d+ updated, \d+ removed/).first();
  await expect(sync).toBeVisible({ timeout: 20_000 });
  // Nothing of the line is cut off: it wraps inside the card instead.
  expect(await sync.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await expect(sync).toContainText('removed');

  await page.goto('/fraud');
  const appeal = page.getByText(/^Appeal: /).first();
  await expect(appeal).toBeVisible({ timeout: 20_000 });
  // The reason and its appeal stack in one block as wide as the card allows, so the reason's words stay whole.
  const widths = await appeal.evaluate((el) => ({ block: el.parentElement!.getBoundingClientRect().width, appeal: el.getBoundingClientRect().width }));
  expect(widths.block).toBeGreaterThan(150);
  expect(Math.abs(widths.block - widths.appeal)).toBeLessThan(2);
  await page.screenshot({ path: info.outputPath('fraud-held-phone.png'), fullPage: true });
});
