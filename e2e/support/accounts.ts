import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { approveSignUp } from './api.ts';
import { owner } from './env.ts';
import { linkTo, signInCode, waitForMail } from './mail.ts';

/** Demo sign-ins of the e2e database (apps/api/src/seed/demo.ts) and the owner (env.ts). */
export const accounts = {
  /** `role`: what the top bar shows under the name (a client's tier, a staff member's role). */
  affiliate: { email: 'affiliate@example.com', password: 'demo-affiliate-2026', name: 'Alex Rivera', staff: false, role: 'Silver' },
  manager: { email: 'manager@example.com', password: 'demo-manager-2026', name: 'Morgan Lee', staff: true, role: 'Affiliate Manager' },
  owner: { ...owner, name: '', staff: true, role: 'Owner' },
} as const;

export type Account = (typeof accounts)[keyof typeof accounts];

/** Signs in through the Log In screen; staff confirm the emailed two-step code. Ends on Dashboard or Profile. */
export async function signIn(page: Page, who: { email: string; password: string; staff: boolean }) {
  const since = Date.now();
  await submitSignIn(page, who);
  if (who.staff) {
    // The first sign-in after the server starts waits for the app's first load.
    await expect(page).toHaveURL(/\/two-step-signin$/, { timeout: 20_000 });
    const mail = await waitForMail(who.email, /^Your sign-in code/, since);
    await page.getByLabel('Code').fill(signInCode(mail));
    await page.getByRole('button', { name: 'Confirm' }).click();
  }
  // An affiliate's first sign-in after the server starts waits for the app's first load too.
  await expect(page).toHaveURL(/\/(dashboard|profile)$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Opens Log In, fills the email and password and sends them. */
export async function submitSignIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(who.email);
  await page.locator('input[name="password"]').fill(who.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
}

/** Sign Up's required box: the Terms of Service (a link) and age 18+. */
export const termsBox = 'I accept the Terms of Service and confirm that I am 18 or older';

/** Someone signing up: Company and Website are filled in only when given. */
export interface NewAffiliate {
  name: string;
  email: string;
  password: string;
  company?: string;
  website?: string;
}

/**
 * Signs up through the Sign Up screen (from `path`), activates from the mail and signs in: ends on Dashboard.
 * With `approveWith` (a staff API session), staff approve the sign-up before it signs in.
 */
export async function signUp(page: Page, who: NewAffiliate, { path = '/signup', approveWith }: { path?: string; approveWith?: APIRequestContext } = {}) {
  await page.goto(path);
  await page.getByLabel('First name').fill(who.name);
  await page.getByLabel('Email').fill(who.email);
  await page.locator('input[name="password"]').fill(who.password);
  await page.locator('input[name="password_confirmation"]').fill(who.password);
  if (who.company !== undefined) await page.getByLabel('Company').fill(who.company);
  if (who.website !== undefined) await page.getByLabel('Website').fill(who.website);
  await page.getByRole('checkbox', { name: termsBox }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const activation = await waitForMail(who.email, /Activate your affiliate account/);
  await page.goto(linkTo(activation, '/activate-account'));
  await expect(page.getByText('Account activated successfully')).toBeVisible();
  if (approveWith) await approveSignUp(approveWith, who.email);
  await submitSignIn(page, who);
  await expect(page).toHaveURL(/\/dashboard$/);
}
