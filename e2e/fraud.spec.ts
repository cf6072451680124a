import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { accounts, signIn } from './support/accounts.ts';
import { rememberCookieChoice } from './support/shell.ts';

// The Fraud screen (issue 27, docs/fraud.md): staff approve a conversion a fraud rule held, after
// confirming; it leaves the list, and the conversion log shows it accepted (paid what its offer pays). The demo
// data holds a few sales (apps/api/src/seed/demo-fraud.ts), one of them appealed by its affiliate, and two
// affiliates paid to one PayPal address (seed/demo-shared-details.ts), shown under Shared details.
test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ context }) => rememberCookieChoice(context, baseURL));

const held = (page: Page) => page.getByRole('table', { name: 'Held conversions' });

test('staff approve a held conversion after confirming: it is paid and shown accepted in the log', async ({ page }, info) => {
  test.setTimeout(90_000);
  await signIn(page, accounts.owner);
  await page.goto('/fraud');
  await expect(page.getByRole('heading', { name: 'Held conversions' })).toBeVisible({ timeout: 20_000 });
  // The reasons, and the affiliate's appeal beside the conversion.
  await expect(held(page).getByText('Converted less than 15 seconds after the click.').first()).toBeVisible({ timeout: 20_000 });
  await expect(held(page).getByText(/^Appeal: This was a real customer/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Appeals' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Chargeback and refund ratios' })).toBeVisible();
  // Invalid clicks by affiliate and reason: the demo traffic has bots, data-centre addresses, repeats and bursts.
  const invalid = page.getByRole('table', { name: 'Invalid clicks' });
  await expect(invalid.locator('tbody tr').first()).toBeVisible({ timeout: 20_000 });
  await expect(invalid.getByRole('columnheader', { name: 'Data centre' })).toBeVisible();
  await page.screenshot({ path: info.outputPath(`fraud-${info.project.name}.png`), fullPage: true });

  // HoloStage's pay per sale is at its daily cap (the demo's capped offer): approving a held sale of it
  // is refused with the reason, and the sale stays held.
  const capped = held(page).locator('tbody tr').filter({ hasText: 'HoloStage Pay per sale' }).first();
  const cappedId = (await capped.getAttribute('data-testid'))!.replace('held-', '');
  await capped.getByRole('button', { name: `Approve conversion ${cappedId}` }).click();
  const ask = page.getByRole('dialog', { name: 'Approve this conversion?' });
  await ask.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `#${cappedId} not reviewed: This conversion would pass a hard cap of its offer for this period` })).toBeVisible();
  await expect(held(page).getByTestId(`held-${cappedId}`)).toHaveCount(1);

  // One without an appeal on an offer with room, so the appealed one stays for another run.
  const row = held(page).locator('tbody tr').filter({ hasNotText: 'Appeal:' }).filter({ hasNotText: 'HoloStage Pay per sale' }).first();
  const id = (await row.getAttribute('data-testid'))!.replace('held-', '');
  const before = await held(page).locator('tbody tr').count();
  await row.getByRole('button', { name: `Approve conversion ${id}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve this conversion?' });
  await expect(confirm).toContainText('It is paid to its affiliate now, through the ledger.');
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('One conversion approved and paid.')).toBeVisible();
  await expect(held(page).getByTestId(`held-${id}`)).toHaveCount(0, { timeout: 20_000 });
  await expect(held(page).locator('tbody tr')).toHaveCount(before - 1);

  await page.goto('/conversion-log?status=accepted&type=sale&sort=id&order=desc&per_page=100');
  const logged = page.getByRole('table', { name: 'Conversion log' }).getByTestId(`conversion-${id}`);
  await expect(logged).toContainText('Accepted', { timeout: 20_000 });
});

test("Shared details lists the demo affiliates paid to one PayPal address; each one's details say with whom", { tag: '@layout' }, async ({ page }) => {
  await signIn(page, accounts.owner);
  await page.goto('/fraud');
  const section = page.locator('section[aria-label="Shared details"]');
  await expect(section.getByRole('heading', { name: 'Shared details' })).toBeVisible({ timeout: 20_000 });
  const pair = section.locator('tbody tr').filter({ hasText: 'Lena Fischer' }).filter({ hasText: 'Mateo Alvarez' });
  await expect(pair).toHaveCount(1, { timeout: 20_000 });
  await expect(pair).toContainText('Payout details');
  // Never the address itself.
  await expect(section).not.toContainText('@vr-reviews-eu.example');
  // Nothing sticks out sideways, on a phone too.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  await pair.getByRole('link', { name: 'Lena Fischer' }).click();
  await expect(page).toHaveURL(/\/profile\?user=\d+&id=\d+$/);
  const notice = page.getByRole('region', { name: 'Shares details with other affiliates' });
  await expect(notice).toContainText('Payout details shared with Mateo Alvarez', { timeout: 20_000 });
  await notice.getByRole('link', { name: 'Mateo Alvarez' }).click();
  await expect(page.getByRole('region', { name: 'Shares details with other affiliates' })).toContainText('Payout details shared with Lena Fischer', { timeout: 20_000 });
});
