import { type BrowserContext, expect, type Page } from '@playwright/test';

/** The side menu: at 1440 px the mini drawer is always there; at 375 px the top bar's button opens it. */
export async function openMenu(page: Page) {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  // The shell shows one of them, by width; wait for it before deciding.
  await expect(toggle.or(menu).first()).toBeVisible();
  if (await toggle.isVisible()) {
    await toggle.click();
  }
  await expect(menu).toBeVisible();
  return menu;
}

/** Follows a side-menu item (opening the drawer first on a narrow screen). */
export async function goViaMenu(page: Page, name: string) {
  const menu = await openMenu(page);
  await menu.getByRole('link', { name, exact: true }).click();
}

/** The side menu's Logout. */
export async function logOut(page: Page) {
  const menu = await openMenu(page);
  await menu.getByRole('button', { name: 'Logout' }).click();
  // Signed out once the app is back on Home: a page opened before that would be replaced by Home
  // when the server's answer arrives (a sign-in page, then the home page, and nothing to fill in).
  await page.waitForURL((url) => url.pathname === '/');
}

/** The names of the side menu's links, in order. */
export async function menuItems(page: Page): Promise<string[]> {
  const menu = await openMenu(page);
  return (await menu.getByRole('link').allInnerTexts()).map((s) => s.trim());
}

/** The cookie choice made beforehand, so the banner does not cover what a test clicks. */
export async function rememberCookieChoice(context: BrowserContext, baseURL: string, value: 'accepted' | 'rejected' = 'rejected') {
  await context.addCookies([{ name: 'cookie_consent', value, url: baseURL }]);
}
