import { expect, test } from '@playwright/test';
import { accounts, signIn } from './support/accounts.ts';
import { rememberCookieChoice } from './support/shell.ts';

// The profile's tabs (issue 14): an affiliate's API token used from a script, and staff reviewing
// an affiliate's details in Affiliate Details while the affiliate answers with an appeal.
test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ context, baseURL }) => rememberCookieChoice(context, baseURL!));

test('an affiliate creates an API token and reads their statistics with it from a script', async ({ page, playwright, baseURL }) => {
  await signIn(page, accounts.affiliate);
  await page.goto('/profile?tab=security');
  await expect(page.getByRole('tab', { name: 'Security', selected: true })).toBeVisible();
  const tokens = page.getByRole('region', { name: 'Personal API tokens' });
  await tokens.getByRole('button', { name: 'Create token' }).click();
  await expect(tokens.getByText('This field is required').first()).toBeVisible();
  const name = `Reporting script ${Date.now()}`;
  await tokens.getByLabel('Token name').fill(name);
  await tokens.getByLabel(/Read statistics/).check();
  await tokens.getByRole('button', { name: 'Create token' }).click();
  await expect(tokens.getByText('Copy it now: it will not be shown again.')).toBeVisible();
  const token = await tokens.getByTestId('new-api-token').inputValue();
  expect(token).toMatch(/^pat_/);
  await expect(tokens.getByRole('row').filter({ hasText: name })).toContainText('Never');

  // A script: no browser session, only the token.
  const script = await playwright.request.newContext({ baseURL: baseURL!, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const stats = await script.get(`/v1/statistics/daily?from=${monthAgo}&to=${today}`);
  expect(stats.status()).toBe(200);
  expect(Array.isArray((await stats.json()).data)).toBe(true);
  expect((await script.get('/v1/offers')).status()).toBe(403);
  expect((await script.get('/v1/user/profile')).status()).toBe(403);
  await script.dispose();

  await page.reload();
  await expect(tokens.getByRole('row').filter({ hasText: name })).not.toContainText('Never');
  await tokens.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Token revoked')).toBeVisible();
  await expect(tokens.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test("staff reject an affiliate's profile info, the affiliate appeals, and staff see the appeal", async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const reason = `The company name does not match the tax form (${Date.now()})`;
  await signIn(page, accounts.manager);
  const staffToken = await page.evaluate(() => localStorage.getItem('portal.access_token') ?? sessionStorage.getItem('portal.access_token'));
  const found = await page.request.get(`/v1/affiliates?search=${encodeURIComponent(accounts.affiliate.email)}`, { headers: { authorization: `Bearer ${staffToken}` } });
  const demoAffiliateId = ((await found.json()) as { data: Array<{ id: number; email: string }> }).data.find((a) => a.email === accounts.affiliate.email)!.id;
  await page.goto('/affiliates?search=alex');
  await expect(page.getByRole('heading', { level: 1, name: 'Affiliates' })).toBeVisible();
  const listAddress = new URL(page.url()).search;
  await page.goto(`/profile?user=affiliate&id=${demoAffiliateId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Affiliate Details' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Lifetime earnings');
  await page.getByRole('button', { name: 'Reject profile info' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject profile info' });
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await dialog.getByLabel('Reason the affiliate reads').fill(reason);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Profile info rejected')).toBeVisible();
  await expect(page.getByText(`Reason given: ${reason}`)).toBeVisible();

  // The affiliate, in a browser of their own.
  const context = await browser.newContext({ baseURL: baseURL! });
  await rememberCookieChoice(context, baseURL!);
  const affiliate = await context.newPage();
  await signIn(affiliate, accounts.affiliate);
  await affiliate.goto('/profile');
  await expect(affiliate.getByRole('tab', { name: 'Info', selected: true })).toBeVisible();
  await expect(affiliate.getByText('Your details were rejected')).toBeVisible();
  await expect(affiliate.getByText(`Reason: ${reason}`)).toBeVisible();
  await affiliate.getByLabel('Company').fill('Rivera Media LLC');
  await affiliate.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(affiliate.getByText('Profile saved successfully!')).toBeVisible();
  await affiliate.getByLabel('Message to the network').fill('The company name now matches my W-9.');
  await affiliate.getByRole('button', { name: 'Send for review' }).click();
  await expect(affiliate.getByText('The appeal has been sent')).toBeVisible();

  // Email preferences in the same visit.
  await affiliate.getByRole('tab', { name: 'Email preferences' }).click();
  await affiliate.getByRole('switch', { name: 'Weekly statistics summary' }).click();
  await affiliate.getByRole('button', { name: 'Apply' }).click();
  await expect(affiliate.getByText('Email Preferences applied successfully')).toBeVisible();
  await context.close();

  await page.reload();
  await expect(page.getByText('The company name now matches my W-9.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile info' }).getByText('Waiting for review')).toBeVisible();
  await page.getByRole('button', { name: 'Approve profile info' }).click();
  await page.getByRole('dialog', { name: /^Approve the profile info of / }).getByRole('button', { name: 'Approve profile info' }).click();
  await expect(page.getByText('Profile info approved')).toBeVisible();

  // Staff edit the affiliate's details in their Info tab.
  await expect(page.getByLabel('Company')).toHaveValue('Rivera Media LLC');

  // Go back returns to the list with the filters it had.
  await page.getByRole('link', { name: 'Go back' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/affiliates' && url.search === listAddress);
});
