import { expect, type Page, test } from '@playwright/test';
import { accounts, signIn } from './support/accounts.ts';
import { goViaMenu, rememberCookieChoice } from './support/shell.ts';

test.beforeEach(async ({ context, baseURL }) => rememberCookieChoice(context, baseURL!));

// Staff's day on the affiliates list (issue 14): find an affiliate by search, give a bonus, assign a
// manager and a tier, pause revshare. Each viewport works on its own demo affiliate (seed/demo-affiliates.ts).
const targets = {
  desktop: { email: 'ravi@example.com', name: 'Ravi Menon' },
  mobile: { email: 'noah@example.com', name: 'Noah Fischer' },
} as const;

async function openRowAction(page: Page, email: string, action: string) {
  await page.getByRole('button', { name: `Actions: ${email}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('staff find an affiliate, give a bonus, assign a manager and a tier, and pause revshare', { tag: '@layout' }, async ({ page }, testInfo) => {
  const who = targets[testInfo.project.name === 'mobile' ? 'mobile' : 'desktop'];
  await signIn(page, accounts.manager);
  await goViaMenu(page, 'Affiliates');
  await expect(page.getByRole('heading', { name: 'Affiliates', level: 1 })).toBeVisible();
  await expect(page.getByText('List of all affiliates and settings')).toBeVisible();

  await page.getByLabel('Search').fill(who.name.split(' ')[1]!);
  const row = page.getByRole('row').filter({ hasText: who.email });
  await expect(row).toHaveCount(1);
  await expect(page).toHaveURL(/search=/);

  // Bonus
  await openRowAction(page, who.email, 'Bonus');
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Amount').fill('50');
  await dialog.getByLabel('Reason').fill('Great first month');
  await dialog.getByRole('button', { name: 'Add bonus' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('$50.00');

  // Manager
  await openRowAction(page, who.email, 'Assign manager');
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Manager').click();
  await page.getByRole('option', { name: /Morgan Lee/ }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('A new manager has been assigned')).toBeVisible();
  await expect(row).toContainText('Morgan Lee');

  // Tier
  await openRowAction(page, who.email, 'Assign tier');
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Tier').click();
  await page.getByRole('option', { name: 'Gold' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tier assigned successfully')).toBeVisible();
  await expect(row).toContainText('Gold');

  // Revshare
  await openRowAction(page, who.email, 'Pause revshare');
  await page.getByRole('dialog', { name: `Pause revshare for ${who.name}?` }).getByRole('button', { name: 'Pause revshare' }).click();
  await expect(page.getByText('Revshare paused successfully')).toBeVisible();
  await expect(row).toContainText('Revshare paused');

  // Nothing sticks out sideways on a phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the list and every dialog of a row fit the screen', { tag: '@layout' }, async ({ page }, testInfo) => {
  const who = targets[testInfo.project.name === 'mobile' ? 'mobile' : 'desktop'];
  const shot = async (name: string) => {
    if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/affiliates-${testInfo.project.name}-${name}.png` });
  };
  const width = page.viewportSize()!.width;
  const fits = async (name: string) => {
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await shot(name);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  };
  await signIn(page, accounts.manager);
  await goViaMenu(page, 'Affiliates');
  await expect(page.getByRole('heading', { name: 'Affiliates', level: 1 })).toBeVisible();
  await expect(page.getByText('affiliate@example.com').first()).toBeVisible();
  await shot('list');
  await page.getByRole('button', { name: 'New affiliate' }).click();
  await fits('create');
  await page.getByLabel('Search').fill(who.name.split(' ')[1]!);
  await expect(page.getByRole('row').filter({ hasText: who.email })).toHaveCount(1);
  for (const action of ['Edit', 'Bonus', 'Assign manager', 'Assign tier', 'Offer reward', 'Login as']) {
    await openRowAction(page, who.email, action);
    await fits(action.toLowerCase().replace(/ /g, '-'));
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});
