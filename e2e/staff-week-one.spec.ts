import { execFileSync } from 'node:child_process';
import { type APIRequestContext, expect as baseExpect, type Locator, type Page, test, type TestInfo } from '@playwright/test';
import { baseURL as appURL } from '../playwright.config.ts';
import { accounts, signIn, submitSignIn } from './support/accounts.ts';
import { acceptTermsAs, post, staffSession } from './support/api.ts';
import { linkTo, waitForMail } from './support/mail.ts';
import { goViaMenu, openMenu, rememberCookieChoice } from './support/shell.ts';

// What staff and affiliates met in the network's first week on the Affiliates, Affiliate Details,
// Payouts and Statistics screens: confirmations, the rejected details, the documents of a paid
// payout, the list's layout, a date range the wrong way round, and staff wording.

// The machine these run on is shared: a screen may take longer than the default 5 s to answer.
const expect = baseExpect.configure({ timeout: 15_000 });

test.beforeEach(async ({ context, baseURL }) => rememberCookieChoice(context, baseURL!));
test.describe.configure({ timeout: 150_000 });

let staff: APIRequestContext;
test.beforeAll(async ({ browser }) => {
  test.setTimeout(150_000);
  staff = await staffSession();
  // A server just started answers its first pages slowly: the Log In form sends only once the public config is in.
  const page = await browser.newPage({ baseURL: appURL });
  await page.goto('/signin', { timeout: 90_000 });
  await page.waitForLoadState('networkidle', { timeout: 90_000 });
  await page.close();
});
test.afterAll(async () => {
  await staff.dispose();
});

const shot = async (page: Page, testInfo: TestInfo, name: string) => {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/week1-${testInfo.project.name}-${name}.png`, fullPage: true });
};

/** A fresh affiliate of this test, made by staff (active and approved), so no other test's changes meet it. */
async function newAffiliate(label: string, testInfo: TestInfo) {
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const who = { name: `${label} ${testInfo.project.name}`, email: `${label.toLowerCase().replace(/\W+/g, '-')}-${stamp}@example.com`, password: 'week-one-pass-2026' };
  const created = await post<{ id: number }>(staff, '/v1/affiliates', who);
  // Made by staff, so never asked at sign-up: the affiliate accepts the terms as the dialog after sign-in would.
  await acceptTermsAs(who);
  return { ...who, id: created.id };
}

async function openRowAction(page: Page, email: string, action: string) {
  await page.getByRole('button', { name: `Actions: ${email}` }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/** The row's status chips as shown (Active, Inactive, Pending approval, Revshare paused). */
const chips = (row: Locator) => row.locator('.MuiChip-label').allInnerTexts();

test('staff confirm before they deactivate, pause revshare or approve, one by one and in bulk; Cancel changes nothing', async ({ page }, testInfo) => {
  const first = await newAffiliate('Confirm Deactivate', testInfo);
  const second = await newAffiliate('Confirm Bulk', testInfo);
  await signIn(page, accounts.manager);

  // Deactivate, from the row: Cancel first, then for real.
  await page.goto(`/affiliates?search=${encodeURIComponent(first.email)}`);
  const row = page.getByRole('row').filter({ hasText: first.email });
  await expect(row).toHaveCount(1);
  await openRowAction(page, first.email, 'Deactivate');
  let dialog = page.getByRole('dialog', { name: `Deactivate ${first.name}?` });
  await expect(dialog).toContainText(`${first.email} is signed out at once and cannot sign in.`);
  await shot(page, testInfo, 'confirm-deactivate');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await chips(row)).toEqual(['Active', 'Not Uploaded']);
  await openRowAction(page, first.email, 'Deactivate');
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Account deactivated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect.poll(() => chips(row)).toEqual(['Inactive', 'Not Uploaded']);

  // Pause revshare, from the row.
  await page.goto(`/affiliates?search=${encodeURIComponent(second.email)}`);
  const other = page.getByRole('row').filter({ hasText: second.email });
  await openRowAction(page, second.email, 'Pause revshare');
  dialog = page.getByRole('dialog', { name: `Pause revshare for ${second.name}?` });
  await expect(dialog).toContainText('Sales on revshare offers earn');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await chips(other)).toEqual(['Active', 'Not Uploaded']);
  await openRowAction(page, second.email, 'Pause revshare');
  await dialog.getByRole('button', { name: 'Pause revshare' }).click();
  await expect(page.getByText('Revshare paused successfully')).toBeVisible();
  await expect.poll(() => chips(other)).toEqual(['Active', 'Revshare paused', 'Not Uploaded']);

  // Deactivate in bulk: the dialog says how many.
  await other.getByRole('checkbox', { name: `Select ${second.email}` }).check();
  await page.getByLabel('Bulk action').click();
  await page.getByRole('option', { name: 'Deactivate' }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  dialog = page.getByRole('dialog', { name: 'Deactivate 1 affiliate?' });
  await expect(dialog).toBeVisible();
  await shot(page, testInfo, 'confirm-bulk-deactivate');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Results' })).toHaveCount(0);
  await expect.poll(() => chips(other)).toEqual(['Active', 'Revshare paused', 'Not Uploaded']);
  await page.getByRole('button', { name: 'Apply' }).click();
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  // All done: the selection clears and the row reads Inactive.
  await expect.poll(() => chips(other)).toEqual(['Inactive', 'Revshare paused', 'Not Uploaded']);

  // Approve a sign-up waiting for approval (the demo's, one per screen width).
  const pending = testInfo.project.name === 'mobile' ? { email: 'tom@example.com', name: 'Tom Becker' } : { email: 'sofia@example.com', name: 'Sofia Costa' };
  await page.goto(`/affiliates?search=${encodeURIComponent(pending.email)}`);
  const waiting = page.getByRole('row').filter({ hasText: pending.email });
  await expect.poll(() => chips(waiting)).toContain('Pending approval');
  await openRowAction(page, pending.email, 'Approve sign-up');
  dialog = page.getByRole('dialog', { name: `Approve the sign-up of ${pending.name}?` });
  await expect(dialog).toContainText(`${pending.email} can get tracking links at once`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await chips(waiting)).toContain('Pending approval');
  await openRowAction(page, pending.email, 'Approve sign-up');
  await dialog.getByRole('button', { name: 'Approve sign-up' }).click();
  await expect(page.getByText('Affiliate approved successfully')).toBeVisible();
  await expect.poll(() => chips(waiting)).toContain('Active');
});

test("rejected details: staff confirm their choices in staff wording, and the affiliate reads the reason by email and on the dashboard, with the details to correct in view", { tag: '@layout' }, async ({ page, browser, baseURL }, testInfo) => {
  const affiliate = await newAffiliate('Review Details', testInfo);
  const reason = `The company name does not match the tax form (${testInfo.project.name})`;
  await signIn(page, accounts.manager);
  await page.goto(`/affiliates?search=${encodeURIComponent(affiliate.email)}`);
  await openRowAction(page, affiliate.email, 'View');
  await expect(page.getByRole('heading', { level: 1, name: 'Affiliate Details' })).toBeVisible();

  // Staff read staff wording, and the menu marks Affiliates, where they came from.
  await expect(page.getByRole('heading', { name: "The affiliate's details" })).toBeVisible();
  await expect(page.getByText("The affiliate's sign-in email. Staff change it with Edit in the Affiliates list.")).toBeVisible();
  await expect(page.getByText('Your details', { exact: true })).toHaveCount(0);
  await expect(page.getByText(/contact your manager/)).toHaveCount(0);
  const menu = await openMenu(page);
  await expect(menu.getByRole('link', { name: 'Affiliates', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: 'Profile', exact: true })).not.toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Billing' }).click();
  await expect(page.getByText("The affiliate's billing details are incomplete: their payouts are held until they are complete.")).toBeVisible();
  await page.getByRole('tab', { name: 'Email preferences' }).click();
  await expect(page.getByText('The emails this affiliate gets.', { exact: false })).toBeVisible();
  await expect(page.getByText(/^Your /)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Info' }).click();
  await shot(page, testInfo, 'affiliate-details');

  // Reject with a reason.
  const since = Date.now();
  await page.getByRole('button', { name: 'Reject profile info' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject profile info' });
  await reject.getByLabel('Reason the affiliate reads').fill(reason);
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Profile info rejected')).toBeVisible();

  // The affiliate: the email, with its link to the details.
  const mail = await waitForMail(affiliate.email, /^Please correct your profile details$/, since);
  expect(mail.text).toContain(`Reason: ${reason}`);
  const link = linkTo(mail, '/profile');
  expect(link).toBe('/profile?tab=info');

  const context = await browser.newContext({ baseURL: baseURL!, viewport: page.viewportSize()! });
  await rememberCookieChoice(context, baseURL!);
  const own = await context.newPage();
  await submitSignIn(own, affiliate);
  await expect(own).toHaveURL(/\/dashboard$/);
  await own.goto('/dashboard');
  const notice = own.getByRole('alert').filter({ hasText: 'Your details were rejected' });
  await expect(notice).toContainText(`Reason: ${reason}`);
  await shot(own, testInfo, 'dashboard-rejected');
  await notice.getByRole('link', { name: 'Correct your details' }).click();
  await expect(own).toHaveURL(/\/profile\?tab=info$/);
  // The notice points down to the details, which follow it; the form to send them back comes after them.
  const fix = own.getByRole('alert').filter({ hasText: 'Your details were rejected' });
  await expect(fix).toContainText('Correct your details below and save them');
  const company = own.getByLabel('Company');
  // At 1440 px the fields are in sight on arrival; on a phone they follow the notice.
  if (testInfo.project.name === 'desktop') await expect(company).toBeInViewport();
  const noticeBox = (await fix.boundingBox())!;
  const companyBox = (await company.boundingBox())!;
  const appeal = own.getByRole('form', { name: 'Send your details back for review' });
  const appealBox = (await appeal.boundingBox())!;
  expect(companyBox.y).toBeGreaterThan(noticeBox.y + noticeBox.height);
  const save = own.getByRole('button', { name: 'Save', exact: true });
  expect(appealBox.y).toBeGreaterThan((await save.boundingBox())!.y);
  await shot(own, testInfo, 'profile-rejected');
  await company.fill('Review Media LLC');
  await save.click();
  await expect(own.getByText('Profile saved successfully!')).toBeVisible();
  await appeal.getByLabel('Message to the network').fill('The company name now matches my W-9.');
  await appeal.getByRole('button', { name: 'Send for review' }).click();
  await expect(own.getByText('The appeal has been sent')).toBeVisible();
  await own.goto('/dashboard');
  await expect(own.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(own.getByText('Your details were rejected')).toHaveCount(0);
  await context.close();

  // Staff approve, after a confirmation.
  await page.reload();
  await expect(page.getByText('The company name now matches my W-9.')).toBeVisible();
  await page.getByRole('button', { name: 'Approve profile info' }).click();
  const approve = page.getByRole('dialog', { name: `Approve the profile info of ${affiliate.name}?` });
  await shot(page, testInfo, 'confirm-approve-profile');
  await approve.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('region', { name: 'Profile info' }).getByText('Waiting for review')).toBeVisible();
  await page.getByRole('button', { name: 'Approve profile info' }).click();
  await approve.getByRole('button', { name: 'Approve profile info' }).click();
  await expect(page.getByText('Profile info approved')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile info' }).getByText('Approved', { exact: true })).toBeVisible();
});

test('staff payout history offers the invoice and the receipt of a paid payout', async ({ page }, testInfo) => {
  await signIn(page, accounts.owner);
  await goViaMenu(page, 'Payouts');
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('table', { name: 'Payouts: History' });
  const paid = history.getByRole('row').filter({ hasText: accounts.affiliate.name }).filter({ hasText: 'Paid' }).first();
  await expect(paid).toBeVisible();
  await expect(paid.getByRole('button', { name: /^Invoice of Alex Rivera for / })).toBeVisible();
  await shot(page, testInfo, 'payouts-history');
  for (const [name, heading] of [
    [/^Receipt of Alex Rivera for /, 'Payment receipt'],
    [/^Invoice of Alex Rivera for /, 'Self-billing invoice'],
  ] as const) {
    const [download] = await Promise.all([page.waitForEvent('download'), paid.getByRole('button', { name }).click()]);
    expect(download.suggestedFilename()).toMatch(/^(receipt|invoice)-\d{4}-\d+\.pdf$/);
    const path = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(path);
    const text = execFileSync('pdftotext', ['-layout', path, '-']).toString();
    expect(text).toContain(heading);
    expect(text).toContain(accounts.affiliate.name);
  }
  // A rejected payout has no invoice, and only a paid one a receipt.
  const rejected = history.getByRole('row').filter({ hasText: 'Rejected' }).first();
  if (await rejected.count()) {
    await expect(rejected.getByRole('button', { name: /^Invoice of / })).toHaveCount(0);
    await expect(rejected.getByRole('button', { name: /^Receipt of / })).toHaveCount(0);
  }
});

test('the affiliates list at full width: every column in sight, select-all in the heading', async ({ page }, testInfo) => {
  await signIn(page, accounts.manager);
  await goViaMenu(page, 'Affiliates');
  const table = page.getByRole('table', { name: 'Affiliates' });
  await expect(table.getByText('affiliate@example.com').first()).toBeVisible();
  await shot(page, testInfo, 'affiliates-list');
  // The first body row is an affiliate (a phone shows cards, with no select-all strip above them).
  await expect(table.locator('tbody tr').first().getByRole('checkbox')).toHaveAccessibleName(/^Select .+@/);
  if (testInfo.project.name !== 'desktop') return;
  // One heading row, holding select-all.
  await expect(table.locator('thead tr')).toHaveCount(1);
  await expect(table.locator('thead tr').getByRole('checkbox', { name: 'Select all on this page' })).toBeAttached();
  // At 1440 px the W9/W8 column is not under the pinned Actions column.
  const w9 = (await table.getByRole('columnheader', { name: 'W9/W8 status' }).boundingBox())!;
  const actions = (await table.getByRole('columnheader', { name: 'Actions' }).boundingBox())!;
  expect(w9.x + w9.width).toBeLessThanOrEqual(actions.x + 1);
  const firstRow = table.locator('tbody tr').first();
  const chip = (await firstRow.locator('td').nth(10).boundingBox())!; // the W9/W8 cell (0: the checkbox)
  expect(chip.x + chip.width).toBeLessThanOrEqual(actions.x + 1);
});

test('statistics with the start date after the end date marks both date fields and asks nothing of the server', async ({ page }, testInfo) => {
  await signIn(page, accounts.affiliate);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/v1/statistics/daily')) asked.push(r.url());
  });
  await page.goto('/statistics?from=2026-11-20&to=2026-11-01');
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
  await expect(page.getByText('This field is invalid')).toHaveCount(2);
  await expect(page.getByText('The start date is after the end date: choose dates in order to see the report.')).toHaveCount(1);
  await expect(page.getByText('The given data was invalid.')).toHaveCount(0);
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
  await shot(page, testInfo, 'statistics-invalid-range');
  expect(asked).toEqual([]);
  // Dates in order again: the report loads.
  await page.goto('/statistics?from=2026-11-01&to=2026-11-20');
  await expect(page.getByText('This field is invalid')).toHaveCount(0);
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  await expect(page.getByText('The start date is after the end date: choose dates in order to see the report.')).toHaveCount(0);
});
