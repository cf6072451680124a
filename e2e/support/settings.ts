import { expect, type Page } from '@playwright/test';

/** Opens a section of Global Settings: the list's link on wide screens, the Section select on phones. */
export async function openSettingsSection(page: Page, name: string) {
  const list = page.getByRole('navigation', { name: 'Settings sections' });
  const select = page.getByRole('combobox', { name: 'Section' });
  // The page shows one of them, by width; wait for it before choosing.
  await expect(list.or(select)).toBeVisible();
  if (await list.isVisible()) {
    await list.getByRole('link', { name, exact: true }).click();
  } else {
    await select.click();
    await page.getByRole('option', { name, exact: true }).click();
  }
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
}
