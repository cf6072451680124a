import { expect, type Page } from '@playwright/test';
import { owner } from './env.ts';
import { signInCode, waitForMail } from './mail.ts';

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
  await page.goto('/signin');
  await page.getByLabel('Email').fill(who.email);
  await page.locator('input[name="password"]').fill(who.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  if (who.staff) {
    // The first sign-in after the server starts waits for the app's first load.
    await expect(page).toHaveURL(/\/two-step-signin$/, { timeout: 20_000 });
    const mail = await waitForMail(who.email, /^Your sign-in code/, since);
    await page.getByLabel('Code').fill(signInCode(mail));
    await page.getByRole('button', { name: 'Confirm' }).click();
  }
  await expect(page).toHaveURL(/\/(dashboard|profile)$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}
