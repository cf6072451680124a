import { AxeBuilder } from '@axe-core/playwright';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { bannerPng } from '../apps/api/src/seed/placeholder-images.ts';
import { baseURL } from '../playwright.config.ts';
import { signUp } from './support/accounts.ts';
import { dataOf, post, staffSession } from './support/api.ts';
import { goViaMenu, rememberCookieChoice } from './support/shell.ts';

// Creatives as a new affiliate meets them (issue 16): staff add a banner to a site with an offer; a new
// affiliate opens Creatives, finds the banner, makes its embed code with a sub ID and copies it; the code
// holds their tracking link, which answers with the redirect of a real click.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const affiliate = { name: 'Robin Banner', email: `robin.${stamp}@example.com`, password: 'creatives-pass-2026', company: 'Banner Media', website: 'https://banner-media.example.com' };
const site = { name: `e2e-banners-${stamp}`, display_name: `E2E Banners ${stamp}`, url: 'https://e2e-banners.example.com' };
const bannerName = `E2E leaderboard ${stamp}`;
let staff: APIRequestContext;

test.beforeAll(async () => {
  staff = await staffSession();
  const created = await post<{ id: number }>(staff, '/v1/sites', site);
  const lp = await post<{ id: number }>(staff, '/v1/landing-pages', { site_id: created.id, name: 'E2E tour', url: 'https://e2e-banners.example.com/tour' });
  await post(staff, '/v1/offers', { site_id: created.id, name: `E2E Banners offer ${stamp}`, payout_type: 'revshare', goal: 'sale', default_payout: 30, landing_page_id: lp.id });
  const banner = await dataOf<{ size: string }>(
    await staff.post('/v1/creatives/banners', {
      multipart: { site_id: String(created.id), name: bannerName, language: 'en', category: 'E2E', rating: '5', image: { name: 'leaderboard.png', mimeType: 'image/png', buffer: bannerPng(728, 90, '#7c3aed', '#22d3ee') } },
    }),
  );
  expect(banner.size).toBe('728x90');
});

test.afterAll(async () => {
  await staff?.dispose();
});

test("a new affiliate copies a banner's embed code with their tracking link inside", async ({ page, context }) => {
  // Sign-up, activation and sign-in come first.
  test.setTimeout(90_000);
  await rememberCookieChoice(context, baseURL);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signUp(page, affiliate);
  await goViaMenu(page, 'Creatives');
  await expect(page).toHaveURL(/\/creatives$/);
  await expect(page.getByRole('tab', { name: 'Banners', selected: true })).toBeVisible();

  // Filter by the site, then by the size read from the image.
  await page.getByLabel('Site', { exact: true }).fill('E2E Banners');
  await page.getByRole('option', { name: site.display_name }).click();
  const card = page.getByTestId('banner-card').filter({ hasText: bannerName });
  await expect(card).toBeVisible();
  await expect(card).toContainText('728x90 · PNG · en');
  // Nothing serious for axe on the grid of banners (the filter left, as a person moves on).
  await page.getByLabel('Site', { exact: true }).blur();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);

  // The preview opens in the viewer.
  await card.getByRole('button', { name: `Preview ${bannerName}` }).click();
  await expect(page.getByTestId('media-viewer')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).first().click();

  await card.getByRole('button', { name: 'Get code' }).click();
  const dialog = page.getByRole('dialog', { name: `Embed code: ${bannerName}` });
  await expect(dialog.getByLabel('Offer')).toHaveValue(`E2E Banners offer ${stamp}`);
  await dialog.getByLabel('Sub ID 1').fill('e2e-blog');
  await dialog.getByRole('button', { name: 'Make code' }).click();
  const code = dialog.getByLabel('HTML code');
  await expect(code).toHaveValue(/^<a href="/);
  const html = await code.inputValue();
  await dialog.getByRole('button', { name: 'Copy code' }).click();
  await expect(page.getByText('Code copied to the clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(html);

  // The code is the banner image inside the affiliate's own tracking link.
  const url = await dialog.getByLabel('Tracking link').inputValue();
  expect(url).toMatch(/\/t\/[\w-]+\?sub1=e2e-blog$/);
  expect(html).toContain(`href="${url}"`);
  expect(html).toMatch(/<img src="[^"]+\/uploads\/[\w-]+\.png" width="728" height="90" alt="E2E leaderboard \d+"/);

  // Put into a page, the banner shows and its link is a working tracking link.
  const placed = await context.newPage();
  await placed.setContent(`<!doctype html><body>${html}</body>`);
  await expect(placed.locator('img')).toHaveJSProperty('naturalWidth', 728);
  const click = await placed.request.get(url, { maxRedirects: 0 });
  expect(click.status()).toBe(302);
  expect(click.headers()['location']).toMatch(/^https:\/\/e2e-banners\.example\.com/);
  await placed.close();

  // A landing page of the site: "use this page" opens the link builder with it chosen.
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Landing pages' }).click();
  await page.getByLabel('Site', { exact: true }).fill('E2E Banners');
  await page.getByRole('option', { name: site.display_name }).click();
  const lpCard = page.getByTestId('landing-card').filter({ hasText: 'E2E tour' });
  await lpCard.getByRole('button', { name: 'Use this page' }).click();
  await expect(page).toHaveURL(/\/offers\?tab=advanced&site=\d+&landing_page=\d+$/);
  await expect(page.getByLabel('Landing page', { exact: true })).toHaveValue('E2E tour');
  await expect(page.getByLabel('Offer', { exact: true })).toHaveValue(`E2E Banners offer ${stamp}`);
});
