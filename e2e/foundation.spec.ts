import { expect, test } from '@playwright/test';

test('the home page is dark and invites affiliates in', { tag: '@layout' }, async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Earn with the leading VR sites' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  // On a phone, Log In is in the header's menu.
  if (testInfo.project.name === 'mobile') await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, b] = (background.match(/\d+/g) ?? []).map(Number);
  expect((r ?? 255) + (g ?? 255) + (b ?? 255)).toBeLessThan(120);
  // Nothing wider than the window.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('an unknown address shows the 404 page with a way back', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Earn with the leading VR sites' })).toBeVisible();
});

test('the shipped build has no widget gallery', async ({ page }) => {
  await page.goto('/dev/gallery');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Widget gallery' })).toHaveCount(0);
});

test('the API answers beside the app on the same origin', async ({ request }) => {
  const health = await request.get('/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });
  const missing = await request.get('/v1/no-such-route');
  expect(missing.status()).toBe(404);
  expect((await missing.json()).error_code).toBe('not_found');
});
