import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { accounts, signIn } from './support/accounts.ts';
import { rememberCookieChoice } from './support/shell.ts';

// The Fraud screen (issue 27, docs/fraud.md): staff approve a conversion a fraud rule held, after
// confirming; it leaves the list, and the conversion log shows it accepted (paid what its offer pays). The demo
// data holds a few sales (apps/api/src/seed/demo-fraud.ts), one of them appealed by its affiliate.
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

  // One without an appeal, so the appealed one stays for the next project's run on the same server.
  const row = held(page).locator('tbody tr').filter({ hasNotText: 'Appeal:' }).first();
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
