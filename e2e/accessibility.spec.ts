import { expect as baseExpect, type Page, test } from '@playwright/test';
import { type Account, accounts, signIn } from './support/accounts.ts';
import { seriousFindings } from './support/axe.ts';
import { openMenu, rememberCookieChoice } from './support/shell.ts';

// Every page, public and signed in, as a keyboard or screen-reader user meets it: no serious or
// critical axe-core finding (WCAG 2.1 A and AA and axe's best practices), and a tab title that
// names the page.
test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ context, baseURL }) => rememberCookieChoice(context, baseURL!));

const brand = 'VR Affiliate Network';
// Each page loads from scratch here (a reload per path), on a machine the other suites share.
const expect = baseExpect.configure({ timeout: 15_000 });

async function expectAccessible(page: Page, where: string) {
  await page.waitForLoadState('networkidle');
  // Signed in: the page's data has arrived (the layout's main region is busy until every query settles).
  await expect(page.locator('main[aria-busy="true"]')).toHaveCount(0);
  expect({ where, findings: await seriousFindings(page) }).toEqual({ where, findings: [] });
}

/** Opens a page and checks it: heading shown, tab title "<heading> · <network>", nothing serious for axe. */
async function checkPage(page: Page, path: string) {
  await page.goto(path);
  const heading = page.getByRole('heading', { level: 1 }).first();
  await expect(heading).toBeVisible();
  if (path !== '/') await expect(page).toHaveTitle(`${(await heading.innerText()).trim()} · ${brand}`);
  await expectAccessible(page, path);
}

test('the public pages', { tag: '@layout' }, async ({ page }) => {
  test.setTimeout(120_000);
  for (const path of ['/', '/terms-and-conditions', '/privacy-policy', '/signin', '/signup', '/forgot-password', '/no-such-page']) await checkPage(page, path);
  await expect(page).toHaveTitle(`Page not found · ${brand}`);
});

const pagesOf: [Account, string[]][] = [
  [accounts.affiliate, ['/dashboard', '/statistics', '/campaigns', '/offers', '/creatives', '/announcements', '/payments', '/profile']],
  [accounts.owner, ['/dashboard', '/affiliates', '/statistics', '/offers', '/creatives', '/announcements', '/payouts', '/settings', '/profile']],
];

for (const [who, paths] of pagesOf) {
  test(`the pages of ${who.staff ? 'staff' : 'an affiliate'}`, { tag: '@layout' }, async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page, who);
    for (const path of paths) await checkPage(page, path);
    await expect(page).toHaveTitle(`Profile · ${brand}`);

    // The menu, open (the drawer on a phone, the expanded mini drawer on a desktop), shows the network's whole name.
    const menu = await openMenu(page);
    const drawer = page.locator('#side-menu .MuiDrawer-paper');
    if ((page.viewportSize()?.width ?? 0) >= 1024) {
      await drawer.hover();
      await expect.poll(async () => (await drawer.boundingBox())?.width).toBeGreaterThan(200);
    }
    const name = drawer.getByText(brand);
    await expect(name).toBeVisible();
    await expect.poll(async () => name.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= el.closest('.MuiDrawer-paper')!.getBoundingClientRect().right)).toBe(true);
    await expect(menu).toBeVisible();
    await expectAccessible(page, 'the open menu');
  });
}

test('staff forms and an offer detail have nothing serious for axe, and labels are not clipped', { tag: '@layout' }, async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, accounts.owner);
  await page.goto('/announcements');
  await page.getByRole('button', { name: 'New announcement' }).click();
  const dialog = page.getByRole('dialog', { name: 'New announcement' });
  await expect(dialog).toBeVisible();
  // The floating "Title" label sits inside the scrolling content, not under the dialog's title.
  const label = dialog.locator('label', { hasText: 'Title' }).first();
  const content = dialog.locator('.MuiDialogContent-root');
  await expect.poll(async () => ((await label.boundingBox())?.y ?? 0) - ((await content.boundingBox())?.y ?? 0)).toBeGreaterThanOrEqual(0);
  await expectAccessible(page, 'new announcement');
  await page.keyboard.press('Escape');

  await page.goto('/offers');
  const first = page.getByRole('table', { name: 'Offers' }).getByRole('link').first();
  await first.click();
  await expect(page).toHaveURL(/\/offers\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, '/offers/:id');
  await page.getByRole('button', { name: 'New offer' }).or(page.getByRole('button', { name: 'Add affiliate payout' })).first().click();
  await expectAccessible(page, 'offer form');
});

test('a keyboard user skips the menu to the page in one key press', { tag: '@layout' }, async ({ page }) => {
  await signIn(page, accounts.affiliate);
  await page.goto('/statistics');
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
});
