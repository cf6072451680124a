import { request as playwrightRequest, expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { accounts, signIn } from './support/accounts.ts';
import { post } from './support/api.ts';
import { rememberCookieChoice } from './support/shell.ts';

// Staff's actions from the conversion log (issue 24): reverse an accepted sale with a reason, and
// attach an orphaned report to the click it belongs to, which then pays it
// (POST /v1/conversion-log/{id}/reverse and /attach).
test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ context }) => rememberCookieChoice(context, baseURL));

const stamp = Date.now();
const table = (page: Page) => page.getByRole('table', { name: 'Conversion log' });
/** The demo site NovaVR's key (apps/api/src/seed/demo-tracking.ts). */
const novaKey = 'sk_demo_novavr_0123456789abcdefghijklmn';

test('staff reverse an accepted sale with a reason, after confirming', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, accounts.owner);
  // The best-earning accepted sale first, so taking it back shows.
  await page.goto('/conversion-log?status=accepted&type=sale&sort=earning&order=desc');
  const row = table(page).locator('tbody tr').first();
  const id = (await row.getAttribute('data-testid'))!.replace('conversion-', '');
  await row.getByRole('button', { name: `Actions: conversion ${id}` }).click();
  await page.getByRole('menuitem', { name: 'Reverse' }).click();
  const dialog = page.getByRole('dialog', { name: `Reverse conversion #${id}` });
  // The reason is required.
  await dialog.getByRole('button', { name: 'Reverse' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await dialog.getByLabel('Reason').fill(`Customer disputed the charge (${stamp})`);
  await dialog.getByRole('button', { name: 'Reverse' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reverse this conversion?' });
  await confirm.getByRole('button', { name: 'Reverse' }).click();
  // A busy machine (two browser runs on two cores) answers the reversal and the list in seconds.
  await expect(page.getByText('The conversion was reversed.')).toBeVisible({ timeout: 15_000 });
  // Among the reversed sales (a page of 100 holds them all), with its earning taken back and the reason.
  await page.goto('/conversion-log?status=reversed&type=sale&per_page=100');
  const reversed = table(page).getByTestId(`conversion-${id}`);
  await expect(reversed).toContainText('$0.00', { timeout: 15_000 });
  await expect(reversed).toContainText(`Customer disputed the charge (${stamp})`);
});

test('staff attach an orphaned report to its click, which pays it', async ({ page }) => {
  test.setTimeout(90_000);
  // A click on a NovaVR offer by the demo affiliate, and a report of it that forgot the click id.
  const anon = await playwrightRequest.newContext({ baseURL });
  const login = await post<{ access_token: string }>(anon, '/v2/authentication/login', { email: accounts.affiliate.email, password: accounts.affiliate.password });
  const affiliateApi = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${login.access_token}` } });
  const offers = (await (await affiliateApi.get('/v1/offers?per_page=all')).json()) as { data: { id: number; name: string }[] };
  const offer = offers.data.find((o) => o.name.startsWith('NovaVR Revshare'))!;
  const tracking = await post<{ url: string }>(affiliateApi, `/v1/offers/${offer.id}/tracking-link`, {});
  await affiliateApi.dispose();
  const redirect = await anon.get(tracking.url, { maxRedirects: 0 });
  const location = new URL(redirect.headers().location ?? '');
  const cid = location.searchParams.get('ref') ?? location.searchParams.get('cid') ?? '';
  expect(cid).not.toBe('');
  const report = await anon.post('/v1/conversions', { headers: { authorization: `Bearer ${novaKey}` }, data: { type: 'sale', amount: 40, transaction_id: `e2e-attach-${stamp}` } });
  const { data } = (await report.json()) as { data: { status: string; conversion_id: number } };
  expect(data.status).toBe('orphaned');
  await anon.dispose();

  await signIn(page, accounts.owner);
  await page.goto('/conversion-log?status=orphaned');
  const row = table(page).getByTestId(`conversion-${data.conversion_id}`);
  await expect(row).toContainText('No click id (cid) was given.');
  await row.getByRole('button', { name: `Actions: conversion ${data.conversion_id}` }).click();
  await page.getByRole('menuitem', { name: 'Attach to a click' }).click();
  const dialog = page.getByRole('dialog', { name: `Attach conversion #${data.conversion_id} to a click` });
  // The click is found by its affiliate in the days before the conversion, and chosen.
  await dialog.getByRole('combobox', { name: 'Affiliate' }).click();
  await page.getByRole('option', { name: 'Alex Rivera', exact: true }).click();
  await dialog.getByRole('button', { name: 'Search clicks' }).click();
  const found = dialog.getByRole('radiogroup', { name: 'Clicks found' });
  await expect(found.getByRole('radio').first()).toBeVisible({ timeout: 20_000 });
  await found.locator(`input[value="${cid}"]`).check();
  await expect(dialog.getByLabel('Click id (cid)')).toHaveValue(cid);
  await page.screenshot({ path: test.info().outputPath(`attach-search-${test.info().project.name}.png`), fullPage: true });
  await dialog.getByRole('button', { name: 'Review' }).click();
  // Asked first, naming the affiliate and what they will earn (35 % of $40.00).
  const confirm = page.getByRole('dialog', { name: `Attach conversion #${data.conversion_id} to Alex Rivera?` });
  await expect(confirm).toContainText('Alex Rivera will earn $14.00, paid today.');
  await expect(confirm).toContainText(offer.name);
  await page.screenshot({ path: test.info().outputPath(`attach-confirm-${test.info().project.name}.png`), fullPage: true });
  await confirm.getByRole('button', { name: 'Attach and pay' }).click();
  await expect(page.getByText('The conversion was attached to the click.')).toBeVisible();
  await page.goto('/conversion-log?type=sale');
  const attached = table(page).getByTestId(`conversion-${data.conversion_id}`);
  await expect(attached).toContainText('Accepted');
  await expect(attached).toContainText('Alex Rivera');
  // 35 % of $40.00.
  await expect(attached).toContainText('$14.00');
});

test('a click made after the conversion is refused when attaching, and nothing is paid', async ({ page }) => {
  test.setTimeout(90_000);
  const anon = await playwrightRequest.newContext({ baseURL });
  const report = await anon.post('/v1/conversions', { headers: { authorization: `Bearer ${novaKey}` }, data: { type: 'rebill', amount: 20, transaction_id: `e2e-late-${stamp}` } });
  const { data } = (await report.json()) as { data: { status: string; conversion_id: number } };
  expect(data.status).toBe('orphaned');
  const login = await post<{ access_token: string }>(anon, '/v2/authentication/login', { email: accounts.affiliate.email, password: accounts.affiliate.password });
  const affiliateApi = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${login.access_token}` } });
  const offers = (await (await affiliateApi.get('/v1/offers?per_page=all')).json()) as { data: { id: number; name: string }[] };
  const tracking = await post<{ url: string }>(affiliateApi, `/v1/offers/${offers.data.find((o) => o.name.startsWith('NovaVR Revshare'))!.id}/tracking-link`, {});
  await affiliateApi.dispose();
  const location = new URL((await anon.get(tracking.url, { maxRedirects: 0 })).headers().location ?? '');
  const later = location.searchParams.get('ref') ?? location.searchParams.get('cid') ?? '';
  await anon.dispose();

  await signIn(page, accounts.owner);
  await page.goto('/conversion-log?status=orphaned');
  const row = table(page).getByTestId(`conversion-${data.conversion_id}`);
  await row.getByRole('button', { name: `Actions: conversion ${data.conversion_id}` }).click();
  await page.getByRole('menuitem', { name: 'Attach to a click' }).click();
  const dialog = page.getByRole('dialog', { name: `Attach conversion #${data.conversion_id} to a click` });
  await dialog.getByLabel('Click id (cid)').fill(later);
  await dialog.getByRole('button', { name: 'Review' }).click();
  await expect(dialog).toContainText('The click was made after the conversion: a conversion can only come from an earlier click.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(table(page).getByTestId(`conversion-${data.conversion_id}`)).toContainText('Orphaned');
});
