import { expect, test } from '@playwright/test';
import { BUDGET_BYTES, measureHome } from '../bench/home-bundle.ts';
import { accounts, signIn } from './support/accounts.ts';
import { logOut, rememberCookieChoice } from './support/shell.ts';

// The public site (issue 4): home, terms and privacy, cookie banner, Contact Us, 404, and the home page's weight.

test("the home page's initial JavaScript stays within 120 KB gzip", () => {
  const { total, initial } = measureHome();
  expect(initial.size).toBeGreaterThan(0);
  expect(total, `initial JavaScript: ${[...initial.keys()].join(', ')}`).toBeLessThanOrEqual(BUDGET_BYTES);
});

test.describe('with the cookie choice made', () => {
  test.beforeEach(async ({ context, baseURL }) => rememberCookieChoice(context, baseURL!));

  test('the home page has its header, three sections with their images, and ?tab scrolls to a section', { tag: '@layout' }, async ({ page }, testInfo) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    const phone = testInfo.project.name === 'mobile';
    // A phone gets one compact row: the logo, Sign Up and a menu with the sections and Log In.
    const openMenu = async () => {
      if (phone) await header.getByRole('button', { name: 'Menu' }).click();
    };
    await expect(header.getByRole('link', { name: 'Sign Up', exact: true })).toBeVisible();
    if (phone) {
      expect((await header.boundingBox())!.height).toBeLessThanOrEqual(72);
      await expect(header.getByRole('link', { name: 'Features', exact: true })).toBeHidden();
    }
    await openMenu();
    for (const name of ['Features', 'Our network', 'Programs', 'Log In']) await expect(header.getByRole('link', { name, exact: true })).toBeVisible();
    for (const name of ['Features', 'Our network', 'Programs']) await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    // Desktop and mobile images from GET /v1/landing, through <picture>.
    const pictures = page.locator('main picture');
    await expect(pictures).toHaveCount(3);
    await expect(pictures.first().locator('source')).toHaveAttribute('srcset', /features-mobile/);
    await expect(pictures.first().locator('img')).toHaveAttribute('src', /features-desktop/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.goto('/?tab=programs');
    await expect.poll(() => page.evaluate(() => Math.round(document.getElementById('programs')!.getBoundingClientRect().top))).toBeLessThan(120);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

    await page.goto('/');
    await openMenu();
    await header.getByRole('link', { name: 'Our network' }).click();
    // A choice closes the menu.
    if (phone) await expect(header.getByRole('link', { name: 'Features', exact: true })).toBeHidden();
    await expect(page).toHaveURL(/\?tab=network$/);
    await expect.poll(() => page.evaluate(() => Math.round(document.getElementById('network')!.getBoundingClientRect().top))).toBeLessThan(120);
  });

  test('terms and privacy open in a new tab, in the short-header layout', async ({ page, context }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const [name, path, heading] of [
      ['Terms and Conditions', '/terms-and-conditions', 'Terms and Conditions'],
      ['Privacy Policy', '/privacy-policy', 'Privacy Policy'],
    ] as const) {
      const link = footer.getByRole('link', { name: new RegExp(name) });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await expect(tab).toHaveURL(new RegExp(`${path}$`));
      await expect(tab.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(tab.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(tab.getByRole('banner').getByRole('link', { name: 'Back to the home page' })).toBeVisible();
      await tab.close();
    }
  });

  test('a visitor sends a message with Contact Us', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Contact Us' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Us' });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('This field is required').first()).toBeVisible();
    await dialog.getByLabel('Name').fill('Jordan Visitor');
    await dialog.getByLabel('Email').fill('jordan@example.com');
    await dialog.getByLabel('Message').fill('How do payouts work for new affiliates?');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('Your message has been sent. We will get back to you soon.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('Contact Us is offered to a signed-in client and not to staff', async ({ page }) => {
    await signIn(page, accounts.affiliate);
    await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Contact Us' })).toBeVisible();
    await logOut(page);
    await expect(page).toHaveURL(/\/$/);

    await signIn(page, accounts.manager);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: /Privacy Policy/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Contact Us' })).toHaveCount(0);
    // The public pages ask who is signed in too.
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: 'Contact Us' })).toHaveCount(0);
  });

  test('an unknown address shows the 404 page with a way back', async ({ page }) => {
    await page.goto('/no-such-page/at-all');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Earn with the leading VR sites' })).toBeVisible();
  });
});

test('the cookie banner is remembered for a year, and nothing is stored before the choice', async ({ page, context }) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await context.cookies()).toEqual([]);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);

  await banner.getByRole('button', { name: 'Reject' }).click();
  await expect(banner).toBeHidden();
  const cookie = (await context.cookies()).find((c) => c.name === 'cookie_consent');
  expect(cookie?.value).toBe('rejected');
  const year = 31_536_000;
  expect(Math.abs(cookie!.expires - (Date.now() / 1000 + year))).toBeLessThan(120);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  // The app's pages remember it too.
  await page.goto('/signin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
});
