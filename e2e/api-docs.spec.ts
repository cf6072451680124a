import { expect, test } from '@playwright/test';

// The API browser at /api/docs, as an affiliate building a client opens it.
// Known defect, open: the API browser stops rendering after the sixth operation of the first group
// (no console error); the document itself is checked by apps/api/test/openapi.test.ts and the
// generated client in examples/api-client. Re-enable once the browser renders every group again.
test.fixme('the API browser shows every group of operations and the page logs no error', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/api/docs');
  // The document is built on its first request, which takes a moment on a busy machine.
  await expect(page.getByRole('heading', { name: /Affiliate Portal API/ })).toBeVisible({ timeout: 20_000 });
  // Rendering a document of some 300 operations takes the browser a few seconds more.
  await expect(page.locator('.opblock-tag').first()).toBeVisible({ timeout: 20_000 });
  for (const tag of ['authentication', 'offers', 'conversions']) await expect(page.locator('.opblock-tag', { hasText: tag }).first()).toBeVisible();
  await page.locator('.opblock-summary', { hasText: '/v1/conversions' }).first().click();
  await expect(page.getByText('transaction_id').first()).toBeVisible();
  expect(problems).toEqual([]);
});
