import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { accounts, signIn } from './support/accounts.ts';
import { goViaMenu, rememberCookieChoice } from './support/shell.ts';

// Smart links (issue 27): the demo affiliate makes one over two offers in Offers > Smart links, with
// a weight on one and the other as catch-all, sees its address in the list, and a click on it is
// sent on to an offer's site. At 1440 and 375 px.

test('an affiliate creates a smart link over two offers and its address sends a click on', async ({ page, context }, info) => {
  test.setTimeout(120_000);
  await rememberCookieChoice(context, baseURL);
  await signIn(page, accounts.affiliate);
  await goViaMenu(page, 'Offers');
  await page.getByRole('tab', { name: 'Smart links' }).click();
  await expect(page).toHaveURL(/tab=smart-links/);
  await page.getByRole('button', { name: 'New smart link' }).click();

  const dialog = page.getByRole('dialog', { name: 'New smart link' });
  const name = `Smart ${info.project.name} ${Date.now()}`;
  await dialog.getByLabel('Name').fill(name);
  const first = dialog.getByRole('group', { name: 'Offer 1' });
  await first.getByRole('combobox', { name: 'Offer' }).click();
  await page.getByRole('option').nth(0).click();
  await first.getByLabel('Weight').fill('3');
  // Countries are chosen from the list (with search), not typed as codes.
  for (const country of ['United States', 'United Kingdom']) {
    await first.getByRole('combobox', { name: 'Countries' }).fill(country.slice(0, 6));
    await page.getByRole('option', { name: new RegExp(`^${country}`) }).first().click();
  }
  await expect(first.getByRole('button', { name: /United States \(US\)/ })).toBeVisible();
  // Saving with every offer targeted is refused: some visitors would have nowhere to go.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Mark one offer as catch-all' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Add offer' }).click();
  const second = dialog.getByRole('group', { name: 'Offer 2' });
  await second.getByRole('combobox', { name: 'Offer' }).click();
  await page.getByRole('option').nth(1).click();
  await second.getByLabel('Catch-all: visitors no other offer targets').check();
  await page.screenshot({ path: info.outputPath('smart-link-dialog.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Smart link created')).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  const url = (await row.getByText(`${baseURL}/t/`).innerText()).trim();
  expect(url).toMatch(new RegExp(`^${baseURL}/t/[A-Za-z0-9_-]{12}$`));
  await page.screenshot({ path: info.outputPath('smart-links-tab.png'), fullPage: true });

  // A click on it is answered like a tracking link's: sent on to one of the offers.
  const click = await page.request.get(url, { maxRedirects: 0 });
  expect(click.status()).toBe(302);
  expect(click.headers().location).toMatch(/^https?:\/\//);
});
