import { type APIRequestContext, expect as baseExpect, type Page, test, type TestInfo } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { accounts, signIn, signUp, submitSignIn, termsBox } from './support/accounts.ts';
import { acceptTermsAs, approveSignUp, dataOf, staffSession } from './support/api.ts';
import { linkTo, waitForMail } from './support/mail.ts';
import { rememberCookieChoice } from './support/shell.ts';

// Terms of Service and age 18+: Sign Up takes them only with the box ticked, and a new version
// published by staff asks a signed-in affiliate to accept again before anything else.

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 150_000 });
test.beforeEach(async ({ context, baseURL: url }) => rememberCookieChoice(context, url!));

let staff: APIRequestContext;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  staff = await staffSession();
});
test.afterAll(async () => {
  await staff.dispose();
});

const shot = async (page: Page, testInfo: TestInfo, name: string) => {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/terms-${testInfo.project.name}-${name}.png`, fullPage: true });
};

const fresh = (label: string, testInfo: TestInfo) => {
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  return { name: `Terry ${label}`, email: `terms-${label}-${stamp}@example.com`, password: 'terms-pass-2026' };
};

test('sign up asks for the Terms of Service and age 18+, and takes the account only with the box ticked', async ({ page }, testInfo) => {
  const who = fresh('signup', testInfo);
  await page.goto('/signup');
  await page.getByLabel('First name').fill(who.name);
  await page.getByLabel('Email').fill(who.email);
  await page.locator('input[name="password"]').fill(who.password);
  await page.locator('input[name="password_confirmation"]').fill(who.password);
  const box = page.getByRole('checkbox', { name: termsBox });
  await expect(box).not.toBeChecked();
  // The terms open beside the form, and following the link leaves the box as it was.
  const link = page.getByRole('link', { name: 'Terms of Service' });
  await expect(link).toHaveAttribute('href', '/terms-and-conditions');
  await expect(link).toHaveAttribute('target', '_blank');
  let asked = false;
  page.on('request', (r) => {
    if (r.url().includes('/v1/register')) asked = true;
  });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Accept the Terms of Service and confirm that you are 18 or older.')).toBeVisible();
  expect(asked).toBe(false);
  await box.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'signup-box-required');

  await box.check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const activation = await waitForMail(who.email, /Activate your affiliate account/);
  await page.goto(linkTo(activation, '/activate-account'));
  await expect(page.getByText('Account activated successfully')).toBeVisible();
  await approveSignUp(staff, who.email);
  await submitSignIn(page, who);
  await expect(page).toHaveURL(/\/dashboard$/);
  // Accepted at sign-up: nothing more is asked.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Staff read it on Affiliate Details.
  const found = await dataOf<Array<{ id: number; terms_accepted_version: string | null }>>(await staff.get(`/v1/affiliates?search=${encodeURIComponent(who.email)}`));
  expect(found[0]!.terms_accepted_version).not.toBeNull();
});

test('a new version of the terms asks a signed-in affiliate to accept it again, and staff see who did', async ({ page, browser }, testInfo) => {
  const who = fresh('renew', testInfo);
  await signUp(page, who, { approveWith: staff });
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Staff publish a new version in Global Settings.
  const staffPage = await browser.newPage({ baseURL, viewport: page.viewportSize() ?? undefined });
  await rememberCookieChoice(staffPage.context(), baseURL);
  await signIn(staffPage, accounts.owner);
  await staffPage.goto('/settings?section=terms');
  const section = staffPage.getByRole('region', { name: 'Terms of Service' });
  await expect(section.getByText(/^Version in force since /)).toBeVisible();
  await section.getByLabel('What changed').fill('Payouts go out on the 5th of each month.');
  try {
    await section.getByRole('button', { name: 'Publish a new version' }).click();
    await expect(staffPage.getByText('Updated successfully')).toBeVisible();
    await expect(section.getByText(/accepted by 0 of \d+ active affiliates/)).toBeVisible();
    await shot(staffPage, testInfo, 'settings-published');

    // The affiliate's next visit: a dialog that nothing but accepting (or logging out) closes.
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'The Terms of Service have changed' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Accept and continue' }).click();
    await expect(dialog.getByText('Tick the box to accept the Terms of Service.')).toBeVisible();
    await shot(page, testInfo, 'renew-dialog');
    await dialog.getByRole('checkbox', { name: termsBox }).check();
    await dialog.getByRole('button', { name: 'Accept and continue' }).click();
    await expect(dialog).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  } finally {
    // The demo affiliate accepts what staff just published, so the other browser tests meet no dialog.
    await acceptTermsAs(accounts.affiliate);
  }

  // Staff: the affiliate's acceptances on Affiliate Details, and the list filtered by the version in force.
  const [row] = await dataOf<Array<{ id: number }>>(await staff.get(`/v1/affiliates?search=${encodeURIComponent(who.email)}`));
  await staffPage.goto(`/profile?user=affiliate&id=${row!.id}`);
  const terms = staffPage.getByRole('region', { name: 'Terms of Service' });
  await expect(terms.getByText(/^Accepted the version in force/)).toBeVisible();
  await expect(terms.getByRole('listitem')).toHaveCount(2);
  await expect(terms.getByRole('listitem').first()).toContainText('after a new version');
  await expect(terms.getByRole('listitem').last()).toContainText('at sign-up');
  await shot(staffPage, testInfo, 'affiliate-details');
  await staffPage.goto(`/affiliates?terms=current&search=${encodeURIComponent(who.email)}`);
  await expect(staffPage.getByRole('table', { name: 'Affiliates' }).getByText(who.email)).toBeVisible();
  await staffPage.goto(`/affiliates?terms=outdated&search=${encodeURIComponent(who.email)}`);
  await expect(staffPage.getByText('No affiliates found.')).toBeVisible();
  await staffPage.close();
});
