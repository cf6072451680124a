import { expect, test } from '@playwright/test';
import { rememberCookieChoice } from './support/shell.ts';

// SPEC.md sections 2 and 8: the router guard says why a session ended or a sign-in link failed,
// on the public home page as on the app's pages.
test.beforeEach(async ({ context, baseURL }) => rememberCookieChoice(context, baseURL!));

const homeHeading = { level: 1, name: 'Earn with the leading VR sites' } as const;

test('a sign-in code that fails says "Code is invalid", on Home as on Dashboard', async ({ page }) => {
  for (const path of ['/?lac=bogus', '/dashboard?lac=bogus']) {
    const exchanged = page.waitForResponse((r) => r.url().includes('/v1/') && r.request().method() === 'POST' && r.status() === 422);
    await page.goto(path);
    await exchanged;
    await expect(page.getByRole('alert').filter({ hasText: 'Code is invalid' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', homeHeading)).toBeVisible();
  }
});

test('an expired session without a refresh token ends with "Time\'s up" on Home', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    localStorage.setItem('portal.access_token', `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: '1', exp: Math.floor(Date.now() / 1000) - 60 })}.expired`);
    localStorage.setItem('portal.refresh_token', '-');
  });
  await page.goto('/statistics');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('alert').filter({ hasText: "Time's up. You need to log in to your account again" })).toBeVisible();
  await expect(page.getByRole('heading', homeHeading)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('portal.access_token'))).toBeNull();
});
