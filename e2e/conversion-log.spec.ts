import { expect, type Page, test } from '@playwright/test';
import { accounts, signIn } from './support/accounts.ts';
import { goViaMenu, rememberCookieChoice } from './support/shell.ts';

// The conversion log (issue 24) on the demo network: an affiliate's own conversions with status and
// reason, filters kept in the address, the server's CSV, and the way in from a statistics row; staff
// see whose each one is and the orphaned reports. At 1440 and at 375 px.
test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ context, baseURL }) => rememberCookieChoice(context, baseURL!));

const table = (page: Page) => page.getByRole('table', { name: 'Conversion log' });
const shots = process.env.E2E_SHOTS;

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an affiliate reads their conversions, filters by status, and downloads the CSV', { tag: '@layout' }, async ({ page }, info) => {
  test.setTimeout(90_000);
  await signIn(page, accounts.affiliate);
  await goViaMenu(page, 'Conversion log');
  await expect(page.getByRole('heading', { level: 1, name: 'Conversion log' })).toBeVisible();
  await expect(table(page).getByRole('row').nth(1)).toBeVisible();
  // An affiliate's rows name no affiliate.
  await expect(table(page).getByRole('columnheader', { name: 'Affiliate' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Actions: conversion', exact: false })).toHaveCount(0);
  await noOverflow(page);
  if (shots) await page.screenshot({ path: `${shots}/conversion-log-affiliate-${info.project.name}.png`, fullPage: true });

  // Status: reversed sales say why, and the choice is in the address.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Reversed' }).click();
  await expect(page).toHaveURL(/status=reversed/);
  const first = table(page).locator('tbody tr').first();
  await expect(first).toContainText('Reversed');
  // Refunds and chargebacks say so; a sale staff reversed by hand carries their reason.
  await expect(first).toContainText(/Refunded in full|Charged back|Customer disputed the charge/);
  await expect(table(page).locator('tbody tr').filter({ hasNotText: 'Reversed' })).toHaveCount(0);

  // The same view after a reload, from the address.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Reversed');
  await expect(table(page).locator('tbody tr').first()).toContainText('Reversed');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('conversion-log.csv');
  const csv = (await (await download.createReadStream()).toArray()).join('');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toMatch(/^id,time,transaction_id,site,offer,type,amount,currency,usd_amount,earning,status,reason,/);
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((l) => l.includes(',reversed,'))).toBe(true);
});

test('a statistics row opens the log filtered to its conversions', { tag: '@layout' }, async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, accounts.affiliate);
  await page.goto('/statistics?group_by=site');
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible({ timeout: 15_000 });
  const row = page.getByRole('table', { name: 'Statistics' }).locator('tbody tr').first();
  const siteName = (await row.getByRole('cell').first().innerText()).trim();
  await row.getByRole('link', { name: /\d/ }).click();
  await expect(page).toHaveURL(/\/conversion-log\?.*site_id=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: 'Conversion log' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Site' })).toHaveValue(siteName);
  await expect(table(page).locator('tbody tr').first()).toContainText(siteName);
  await expect(table(page).locator('tbody tr').filter({ hasNotText: siteName })).toHaveCount(0);
  await noOverflow(page);

  // A day of the daily report: that day only.
  await page.goto('/statistics');
  const day = page.getByRole('table', { name: 'Statistics' }).locator('tbody tr').filter({ has: page.getByRole('link') }).first();
  await day.getByRole('link').click();
  await expect(page).toHaveURL(/\/conversion-log\?/);
  const url = new URL(page.url());
  expect(url.pathname).toBe('/conversion-log');
  expect(url.searchParams.get('from')).toBe(url.searchParams.get('to'));
  await expect(table(page).locator('tbody tr').first()).toBeVisible();
});

test('staff see whose each conversion is, and orphaned reports with their reason', { tag: '@layout' }, async ({ page }, info) => {
  test.setTimeout(90_000);
  await signIn(page, accounts.owner);
  await goViaMenu(page, 'Conversion log');
  await expect(table(page).getByRole('columnheader', { name: 'Affiliate' })).toBeVisible();
  // Sales a site reported that reached no click (the billers' orphans, rebills of unknown subscriptions, say so otherwise).
  await page.goto('/conversion-log?status=orphaned&type=sale');
  const orphan = table(page).locator('tbody tr').first();
  await expect(orphan).toContainText('Orphaned', { timeout: 20_000 });
  await expect(orphan).toContainText(/No click (has this click id|id \(cid\) was given)\./);
  await noOverflow(page);
  if (shots) await page.screenshot({ path: `${shots}/conversion-log-staff-orphaned-${info.project.name}.png`, fullPage: true });
  await page.goto('/conversion-log');
  await expect(table(page).locator('tbody tr').first()).toBeVisible();
  await noOverflow(page);
  if (shots) await page.screenshot({ path: `${shots}/conversion-log-staff-${info.project.name}.png`, fullPage: true });
});
