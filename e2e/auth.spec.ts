import { type Page, expect, test } from '@playwright/test';
import { termsBox } from './support/accounts.ts';
import { linkTo, signInCode, waitForMail } from './support/mail.ts';
import { goViaMenu, logOut, rememberCookieChoice } from './support/shell.ts';

// Sign-in, sign-up and the session, as a new affiliate and a staff member go through them (issue 3).
test.describe.configure({ mode: 'serial' });

const password = 'first-pass-2026';
const newPassword = 'second-pass-2026';
const manager = { email: 'manager@example.com', password: 'demo-manager-2026', name: 'Morgan Lee' };
const demoAffiliate = { email: 'affiliate@example.com', name: 'Alex Rivera' };

let email = '';
const name = 'Casey Newton';

test.beforeEach(async ({ context, baseURL }) => rememberCookieChoice(context, baseURL!));

test.beforeAll(({ browserName }, testInfo) => {
  email = `casey.${browserName}.${testInfo.project.name}.${Date.now()}@example.com`;
});

const passwordField = (page: Page, field: string) => page.locator(`input[name="${field}"]`);

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(who.email);
  await passwordField(page, 'password').fill(who.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
}

async function confirmCode(page: Page, to: string, since: number) {
  await expect(page).toHaveURL(/\/two-step-signin$/);
  const mail = await waitForMail(to, /^Your sign-in code/, since);
  await page.getByLabel('Code').fill(signInCode(mail));
  await page.getByRole('button', { name: 'Confirm' }).click();
}

test('the auth screens are dark and fit the window', { tag: '@layout' }, async ({ page }) => {
  for (const path of ['/signin', '/signup', '/forgot-password']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, b] = (background.match(/\d+/g) ?? []).map(Number);
  expect((r ?? 255) + (g ?? 255) + (b ?? 255)).toBeLessThan(120);
});

test('a new affiliate signs up, activates from the email, signs in, stays signed in, survives an expired token and logs out', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/signup?referred_by=1');
  await page.getByLabel('First name').fill(name);
  await page.getByLabel('Email').fill(email);
  await passwordField(page, 'password').fill(password);
  await passwordField(page, 'password_confirmation').fill('something-else');
  await page.getByLabel('Company').fill('Newton Media');
  await page.getByLabel('Website').fill('https://newton.example.com');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password mismatch')).toBeVisible();

  await passwordField(page, 'password_confirmation').fill(password);
  await page.getByRole('checkbox', { name: termsBox }).check();
  const registered = page.waitForRequest((r) => r.url().includes('/v1/register'));
  await page.getByRole('button', { name: 'Create account' }).click();
  expect(new URL((await registered).url()).searchParams.get('referred_by')).toBe('1');
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  // Said once, with where the link went.
  await expect(page.getByText(/Check your email/)).toHaveCount(1);
  await expect(page.getByText(`We sent a link to activate your account to ${email}. Open it to finish signing up.`)).toBeVisible();

  // The same email again: the server's uniqueness error lands on the email field.
  await page.goto('/signup');
  await page.getByLabel('First name').fill(name);
  await page.getByLabel('Email').fill(email);
  await passwordField(page, 'password').fill(password);
  await passwordField(page, 'password_confirmation').fill(password);
  await page.getByRole('checkbox', { name: termsBox }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('This email is already registered.')).toBeVisible();

  // Not active yet: sign-in says so.
  await signIn(page, { email, password });
  await expect(page.getByRole('alert').filter({ hasText: /not active/i })).toBeVisible();

  const activation = await waitForMail(email, /Activate your affiliate account/);
  await page.goto(linkTo(activation, '/activate-account'));
  await expect(page.getByText('Account activated successfully')).toBeVisible();
  await page.getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  await page.getByLabel('Email').fill(email);
  await passwordField(page, 'password').fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(`Welcome, ${name}`)).toBeVisible();

  await page.reload();
  await expect(page.getByText(`Welcome, ${name}`)).toBeVisible();

  // Signed in: the auth screens send to Dashboard, a staff-only page sends to Profile.
  await page.goto('/signin');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/affiliates');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();

  // An expired access token is refreshed with the stored refresh token, and the rotated pair is kept.
  const before = await page.evaluate(() => localStorage.getItem('portal.refresh_token'));
  await page.evaluate(() => {
    const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const expired = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: '1', exp: Math.floor(Date.now() / 1000) - 60 })}.expired`;
    localStorage.setItem('portal.access_token', expired);
  });
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/v1/clients/web/admin/refresh'));
  await page.goto('/dashboard');
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByText(`Welcome, ${name}`)).toBeVisible();
  const after = await page.evaluate(() => [localStorage.getItem('portal.access_token'), localStorage.getItem('portal.refresh_token')]);
  expect(after[0]).not.toContain('.expired');
  expect(after[1]).not.toBe(before);

  await logOut(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Earn with the leading VR sites' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('portal.access_token'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
});

test('a forgotten password is reset from the emailed link, and the new one signs in', async ({ page }) => {
  await page.goto('/password-reset');
  await expect(page).toHaveURL(/\/signin$/);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const since = Date.now();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for this email, we have sent a link to reset the password.')).toBeVisible();

  const mail = await waitForMail(email, /Reset your password/, since);
  await page.goto(linkTo(mail, '/password-reset'));
  await passwordField(page, 'password').fill(newPassword);
  await passwordField(page, 'password_confirmation').fill(newPassword);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText('Password saved successfully!')).toBeVisible();

  await signIn(page, { email, password });
  await expect(page.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' })).toBeVisible();
  await passwordField(page, 'password').fill(newPassword);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page.getByText(`Welcome, ${name}`)).toBeVisible();
});

test('an affiliate turns on two-step sign-in with the current password and signs in with the emailed code, or a new one', async ({ page }) => {
  await signIn(page, { email, password: newPassword });
  await expect(page.getByText(`Welcome, ${name}`)).toBeVisible();
  await goViaMenu(page, 'Profile');
  await page.getByRole('tab', { name: 'Security' }).click();
  const security = page.getByRole('region', { name: 'Security' });
  await expect(security.getByRole('switch')).not.toBeChecked();
  await security.getByRole('switch').click();
  // The switch asks for the current password first; the server checks it.
  const dialog = page.getByRole('dialog', { name: 'Turn on two-step sign-in' });
  await dialog.getByLabel('Current password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog.getByText('The current password is wrong.').first()).toBeVisible();
  // Still off (the page behind the open dialog is hidden from the accessibility tree, so ask for it as hidden).
  await expect(page.getByRole('region', { name: 'Security', includeHidden: true }).getByRole('switch', { includeHidden: true })).not.toBeChecked();
  await dialog.getByLabel('Current password').fill(newPassword);
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog).toBeHidden();
  await expect(security.getByRole('switch')).toBeChecked();
  await expect(security.getByText('Two-step sign-in is on', { exact: true })).toBeVisible();
  await expect(page.getByText('Two-step sign-in is on: each sign-in asks for a code sent to your email.')).toBeVisible();
  await expect(page.getByText('Profile saved successfully!')).toHaveCount(0);

  await logOut(page);
  await expect(page).toHaveURL(/\/$/);
  const first = Date.now();
  await signIn(page, { email, password: newPassword });
  await expect(page).toHaveURL(/\/two-step-signin$/);
  await waitForMail(email, /^Your sign-in code/, first);
  await page.getByLabel('Code').fill('12345');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The code is 6 digits')).toBeVisible();
  // A code that did not come (or expired): a new one, once; the button then waits.
  const since = Date.now();
  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByText('A new code is on its way to your email.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Send a new code \(\d+ s\)/ })).toBeDisabled();
  await confirmCode(page, email, since);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Welcome, ${name}`)).toBeVisible();
});

test("staff login-as opens the affiliate's dashboard in a new tab and keeps the staff session in its own tab", async ({ page, context }) => {
  const since = Date.now();
  await signIn(page, manager);
  await confirmCode(page, manager.email, since);
  await expect(page.getByText(`Welcome, ${manager.name}`)).toBeVisible();

  await goViaMenu(page, 'Affiliates');
  await expect(page.getByRole('heading', { name: 'Affiliates', level: 1 })).toBeVisible();
  await page.getByLabel('Search').fill(demoAffiliate.email);
  const row = page.getByRole('row').filter({ hasText: demoAffiliate.email });
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: `Actions: ${demoAffiliate.email}` }).click();
  await page.getByRole('menuitem', { name: 'Login as' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Checking the dashboard for a support ticket');
  const [tab] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('button', { name: 'Login as' }).click()]);
  await expect(tab.getByText(`Welcome, ${demoAffiliate.name}`)).toBeVisible();
  await expect(tab.getByText(`Viewing as ${demoAffiliate.name} — ${manager.name}`)).toBeVisible();
  await expect(tab.getByText('You are signed in as this affiliate from a staff account.')).toBeVisible();
  // The tokens left the address bar at once and live in this tab only.
  expect(tab.url()).not.toContain('access_token');
  expect(tab.url()).toMatch(/\/dashboard$/);
  expect(await tab.evaluate(() => sessionStorage.getItem('portal.access_token'))).toBeTruthy();

  // The staff tab is still the staff member's own session.
  await page.goto('/dashboard');
  await expect(page.getByText(`Welcome, ${manager.name}`)).toBeVisible();
  await tab.reload();
  await expect(tab.getByText(`Welcome, ${demoAffiliate.name}`)).toBeVisible();
});
