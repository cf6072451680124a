import { expect, type Page, test } from '@playwright/test';
import { type Account, accounts, signIn } from './support/accounts.ts';
import { goViaMenu, menuItems, openMenu, rememberCookieChoice } from './support/shell.ts';

// The app layout (issue 4): the side menu per role and permission, the mini drawer and the mobile
// drawer, the top bar, headings, and announcements from staff reaching an affiliate's bell.
test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ context, baseURL }) => rememberCookieChoice(context, baseURL!));

const expectedMenus: [Account, string[]][] = [
  [accounts.affiliate, ['Dashboard', 'Statistics', 'Conversion log', 'Campaigns', 'Offers', 'Creatives', 'Announcements', 'Payments', 'Profile']],
  [accounts.manager, ['Dashboard', 'Affiliates', 'Statistics', 'Conversion log', 'Biller events', 'Offers', 'Creatives', 'Announcements', 'Profile']],
  [accounts.owner, ['Dashboard', 'Affiliates', 'Statistics', 'Conversion log', 'Biller events', 'Offers', 'Creatives', 'Announcements', 'Payouts', 'Fraud', 'Global Settings', 'Profile']],
];

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 0) < 1024;

for (const [who, items] of expectedMenus) {
  test(`the side menu of ${who.email} shows what the account may open`, { tag: '@layout' }, async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, who);
    if (who.name) {
      await expect(page.getByRole('group', { name: `Signed in as ${who.name}` })).toBeVisible();
      // Initials from the first two words of the name.
      await expect(page.getByRole('group', { name: `Signed in as ${who.name}` })).toContainText(who.name.split(' ').map((w) => w[0]).join(''));
    }
    if (!isMobile(page)) {
      await expect(page.getByTestId('user-role')).toHaveText(who.role);
    }
    expect(await menuItems(page)).toEqual(items);
    await expect((await openMenu(page)).getByRole('button', { name: 'Logout' })).toBeVisible();
    // Every page the menu offers opens with its heading.
    const headings: Record<string, string> = { 'Global Settings': 'Global Settings', Payments: 'Payout History', Announcements: who.staff ? 'Announcements' : 'Latest News' };
    for (const item of items) {
      await goViaMenu(page, item);
      await expect(page.getByRole('heading', { level: 1, name: headings[item] ?? item, exact: true })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, item).toBeLessThanOrEqual(0);
    }
    // A page the account may not open leads to Profile.
    await page.goto(who.staff ? '/campaigns' : '/settings');
    await expect(page).toHaveURL(/\/profile$/);
  });
}

test('the menu is a mini drawer that expands on hover on desktop, and a toggled drawer on a phone', { tag: '@layout' }, async ({ page }) => {
  await signIn(page, accounts.affiliate);
  const drawer = page.locator('#side-menu .MuiDrawer-paper');
  if (!isMobile(page)) {
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
    await page.mouse.move(700, 500);
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBeLessThan(100);
    await drawer.hover();
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBeGreaterThan(200);
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByText('Statistics')).toBeVisible();
    await page.mouse.move(900, 600);
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBeLessThan(100);
  } else {
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Offers' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
    await expect(menu).toBeHidden();
  }
  await expect(page.getByText('Filter offers for a selected site and generate tracking links').or(page.getByRole('heading', { name: 'Dashboard' }))).toBeVisible();
});

test('Statistics has its SPEC subtitle, and staff see Affiliate Details with a way back', async ({ page }) => {
  await signIn(page, accounts.affiliate);
  await page.goto('/statistics');
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
  await expect(page.getByText('Daily breakdown by conversions and clicks')).toBeVisible();
  await goViaMenu(page, 'Dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await rememberCookieChoice(page.context(), page.url());
  await signIn(page, accounts.manager);
  await page.goto('/profile?user=affiliate&id=2');
  await expect(page.getByRole('heading', { level: 1, name: 'Affiliate Details' })).toBeVisible();
  await page.getByRole('link', { name: 'Go back' }).click();
  // Back to the list, with the filters it last had in this tab.
  await expect(page).toHaveURL(/\/affiliates(\?.*)?$/);
});

test('an announcement created by staff reaches the affiliate, with the bell dot until it is read', async ({ page, browser, baseURL }) => {
  // Two sign-ins (one with an emailed code), a create, an edit and a delete.
  test.setTimeout(90_000);
  const title = `Double payouts weekend ${Date.now()}`;
  await signIn(page, accounts.manager);
  await goViaMenu(page, 'Announcements');
  await expect(page.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
  await expect(page.getByText('Items per page')).toBeVisible();
  await page.getByRole('button', { name: 'New announcement' }).click();
  const form = page.getByRole('dialog', { name: 'New announcement' });
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(form.getByText('This field is required').first()).toBeVisible();
  await form.getByLabel('Title').fill(title);
  await form.locator('[contenteditable="true"]').first().fill('Every signup this weekend pays double.');
  await form.getByLabel('Button text').fill('See offers');
  await form.getByLabel('Button link').fill('/offers');
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Created successfully')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(1);

  // The affiliate, in a browser of their own.
  const context = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined, colorScheme: 'dark' });
  await context.addCookies([{ name: 'cookie_consent', value: 'accepted', url: baseURL! }]);
  const client = await context.newPage();
  await signIn(client, accounts.affiliate);
  const bell = client.getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAttribute('data-unread', 'true');
  await expect(client.getByTestId('bell-dot').locator('.MuiBadge-badge')).toBeVisible();
  const read = client.waitForResponse((r) => r.url().endsWith('/v1/announcements/mark-all-as-read') && r.ok());
  await bell.click();
  await expect(client.getByRole('heading', { level: 1, name: 'Latest News' })).toBeVisible();
  const card = client.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('Every signup this weekend pays double.')).toBeVisible();
  await expect(card.getByRole('link', { name: 'See offers' })).toHaveAttribute('href', '/offers');
  await expect(card).toHaveAttribute('data-unread', 'true');
  await read;
  await expect(bell).toHaveAttribute('data-unread', 'false');
  await client.reload();
  await expect(client.getByRole('heading', { level: 1, name: 'Latest News' })).toBeVisible();
  await expect(client.getByRole('link', { name: /^Notifications/ })).toHaveAttribute('data-unread', 'false');
  await context.close();

  // Staff edit and delete it, with confirmation.
  const row = page.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: `Edit: ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit' });
  await edit.getByLabel('Title').fill(`${title} (updated)`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated successfully')).toBeVisible();
  const updated = page.getByRole('row').filter({ hasText: `${title} (updated)` });
  await expect(updated).toHaveCount(1);
  await updated.getByRole('button', { name: /^Delete:/ }).click();
  await page.getByRole('dialog', { name: 'Delete this announcement?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Announcement deleted successfully')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
});
