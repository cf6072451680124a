import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { accounts, signIn } from './support/accounts.ts';
import { openSettingsSection } from './support/settings.ts';
import { rememberCookieChoice } from './support/shell.ts';

// Global Settings > Exchange rates (issue 24): the demo's rates, the ECB load's state, a staff
// rate and the maximum per conversion, with nothing wider than the window.
test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page, context }) => {
  await rememberCookieChoice(context, baseURL);
  await signIn(page, accounts.owner);
});

test('staff read the latest rates, set one and see it as theirs, and set the maximum', { tag: '@layout' }, async ({ page }, info) => {
  test.setTimeout(90_000);
  await page.goto('/settings');
  await openSettingsSection(page, 'Exchange rates');
  await expect(page.getByRole('heading', { name: 'Exchange rates', level: 2 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Latest rate of each currency' });
  await expect(table.getByRole('row', { name: /^EUR / })).toBeVisible();
  await expect(page.getByText(/ECB reference rates/)).toBeVisible();
  // The demo's rates are marked as such, never as the ECB's, and the banner says so.
  await expect(table.getByRole('row', { name: /^EUR .* Demo/ })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'ECB', exact: true })).toHaveCount(0);
  await expect(page.getByTestId('demo-rates')).toContainText('are demo rates, made up for the demo data: they are not the ECB’s.');
  await page.screenshot({ path: info.outputPath(`exchange-rates-${info.project.name}.png`), fullPage: true });

  await page.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'CHF', exact: true }).click();
  await page.getByRole('textbox', { name: 'USD per unit' }).fill('1.1357');
  await page.locator('#exchange-rate-form').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated successfully').first()).toBeVisible();
  await expect(table.getByRole('row', { name: /^CHF 1\.1357 .* Staff/ })).toBeVisible();
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/exchange-rates-staff-rate-${info.project.name}.png`, fullPage: true });

  // Withdrawn after a confirmation: the latest CHF rate is the one before it again (the demo's).
  await table.getByRole('row', { name: /^CHF 1\.1357 / }).getByRole('button', { name: /^Withdraw the CHF rate/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw this rate?' });
  await expect(dialog).toContainText('Conversions already converted keep the rate they were converted at.');
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/exchange-rates-withdraw-${info.project.name}.png` });
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row', { name: /^CHF / })).toContainText('Demo');
  await expect(table.getByRole('row', { name: /^CHF 1\.1357 / })).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Maximum (USD)' }).fill('100000');
  await page.locator('#max-conversion-form').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('A conversion worth more than $100,000.00 after conversion is refused.')).toBeVisible();

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/exchange-rates-${info.project.name}.png`, fullPage: true });
});
