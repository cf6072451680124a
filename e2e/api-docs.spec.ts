import { expect, test } from '@playwright/test';

// The API browser at /api/docs, as an affiliate building a client opens it.
// Swagger UI draws only the operations in view (a virtual list), so each group is found through the
// filter box, as a reader looking for it would; the document itself is checked by
// apps/api/test/openapi.test.ts and the generated client in examples/api-client.
test('the API browser shows every group of operations and the page logs no error', async ({ page }) => {
  // Building the document on the first request, then drawing some twenty groups one by one.
  test.setTimeout(150_000);
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
  const document = (await (await page.request.get('/api/openapi.json')).json()) as { tags: { name: string }[] };
  expect(document.tags.length).toBeGreaterThan(10);
  const filter = page.getByPlaceholder('Filter by tag');
  for (const { name } of document.tags) {
    await filter.fill(name);
    await expect(page.locator(`[id="operations-tag-${name}"]`)).toBeVisible();
    await expect(page.locator(`.opblock-tag-section:has([id="operations-tag-${name}"]) .opblock`).first()).toBeVisible();
  }
  await filter.fill('conversions');
  await page.locator('.opblock-summary', { hasText: '/v1/conversions' }).first().click();
  await expect(page.getByText('transaction_id').first()).toBeVisible();
  expect(problems).toEqual([]);
});
