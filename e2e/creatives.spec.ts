import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { bannerPng } from '../apps/api/src/seed/placeholder-images.ts';
import { baseURL } from '../playwright.config.ts';
import { accounts, signUp } from './support/accounts.ts';
import { seriousFindings } from './support/axe.ts';
import { dataOf, post, type SessionTokens, staffSession, staffTokens as signInStaff } from './support/api.ts';
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
let staffTokens: SessionTokens;

test.beforeAll(async () => {
  staffTokens = await signInStaff();
  staff = await staffSession(staffTokens);
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
  test.setTimeout(180_000);
  await rememberCookieChoice(context, baseURL);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signUp(page, affiliate, { approveWith: staff });
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
  expect(await seriousFindings(page)).toEqual([]);

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
  // It lands on the offer's landing page (not the site's home page), with the click id.
  expect(click.headers()['location']).toMatch(/^https:\/\/e2e-banners\.example\.com\/tour\?cid=[\w-]+$/);
  await placed.close();

  // A landing page of the site: "use this page" opens the link builder with it chosen.
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Landing pages' }).click();
  await page.getByLabel('Site', { exact: true }).fill('E2E Banners');
  await page.getByRole('option', { name: site.display_name }).click();
  const lpCard = page.getByTestId('landing-card').filter({ hasText: 'E2E tour' });
  // Other runs' sites have an "E2E tour" too: the list shows this site's one once the filter applies.
  await expect(lpCard).toHaveCount(1);
  await lpCard.getByRole('button', { name: 'Use this page' }).click();
  await expect(page).toHaveURL(/\/offers\?tab=advanced&site=\d+&landing_page=\d+$/);
  await expect(page.getByLabel('Landing page', { exact: true })).toHaveValue('E2E tour');
  await expect(page.getByLabel('Offer', { exact: true })).toHaveValue(`E2E Banners offer ${stamp}`);

  // The click is in Statistics, under the banner.
  await page.goto('/statistics?group_by=creative');
  const row = page.getByRole('table', { name: 'Statistics' }).getByRole('row', { name: new RegExp(`Banner: ${bannerName}`) });
  await expect(row).toBeVisible({ timeout: 15_000 });
  // The Clicks column by its heading: a phone shows the money columns first.
  const headings = await page.getByRole('table', { name: 'Statistics' }).getByRole('columnheader').allInnerTexts();
  const clicks = headings.findIndex((h) => h.trim().startsWith('Clicks'));
  expect(clicks).toBeGreaterThan(0);
  await expect(row.getByRole('cell').nth(clicks)).toHaveText('1');
});

/** Signs in through the API (the Log In screen has its own tests): the tokens go where the app keeps them. */
async function useTokens(page: Page, tokens: { access_token: string; refresh_token: string }) {
  await rememberCookieChoice(page.context(), baseURL);
  await page.context().addInitScript(([access, refresh]) => {
    localStorage.setItem('portal.access_token', access!);
    localStorage.setItem('portal.refresh_token', refresh!);
  }, [tokens.access_token, tokens.refresh_token]);
}

async function affiliateTokens(page: Page) {
  const login = await page.request.post('/v2/authentication/login', { data: { email: accounts.affiliate.email, password: accounts.affiliate.password } });
  expect(login.ok(), await login.text()).toBe(true);
  return ((await login.json()) as { data: { access_token: string; refresh_token: string } }).data;
}

/** The demo's catalogue is synced once the server listens: wait until the tab shows its cards. */
async function openCatalogueTab(page: Page, address: string) {
  await expect(async () => {
    await page.goto(address);
    await expect(page.getByTestId('catalogue-card').first()).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: 100_000, intervals: [2000] });
}

test('the banners, pornstars and scenes filters live in the address: reload and shared links keep them, Back undoes them', async ({ page }) => {
  test.setTimeout(180_000);
  const tokens = await affiliateTokens(page);
  await useTokens(page, tokens);

  // Banners: the size (named when standard) and the largest width a slot takes.
  await page.goto('/creatives');
  await page.getByLabel('Size', { exact: true }).click();
  await page.getByRole('option', { name: '728x90 · Leaderboard' }).click();
  await expect(page).toHaveURL(/[?&]size=728x90(&|$)/);
  await expect(page.getByTestId('banner-card').first()).toContainText('728x90');
  await page.getByLabel('Max width (px)').fill('300');
  await page.getByLabel('Max width (px)').press('Enter');
  await expect(page).toHaveURL(/max_width=300/);
  await expect(page.getByText('No banners match these filters.')).toBeVisible();
  await page.goBack();
  await expect(page).not.toHaveURL(/max_width/);
  await expect(page.getByLabel('Max width (px)')).toHaveValue('');
  await expect(page.getByTestId('banner-card').first()).toContainText('728x90');
  await page.reload();
  await expect(page.getByLabel('Size', { exact: true })).toHaveValue('728x90 · Leaderboard', { timeout: 20_000 });
  await page.goBack();
  await expect(page).toHaveURL(/\/creatives$/);
  await expect(page.getByLabel('Size', { exact: true })).toHaveValue('');

  // Scenes: VR and the order, then a search; Back steps through them.
  await openCatalogueTab(page, '/creatives?tab=scenes');
  await page.getByLabel('Sort by').click();
  await page.getByRole('option', { name: 'What converts' }).click();
  await expect(page).toHaveURL(/tab=scenes.*sort=converts/);
  // The app has shown the new order before the person types.
  await expect(page.getByLabel('Sort by')).toHaveValue('What converts');
  const first = (await page.getByTestId('catalogue-card').first().getByRole('heading', { level: 3 }).textContent())?.trim() ?? '';
  const word = first.split(/\s+/)[0]!;
  const before = (await page.getByText(/^\d+ found$/).textContent()) ?? '';
  await page.getByLabel('Search').fill(word);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(word)}`));
  // The app has shown the search (fewer found) before the person steps back.
  await expect(page.getByText(/^\d+ found$/)).not.toHaveText(before, { timeout: 20_000 });
  await expect(page.getByTestId('catalogue-card').first()).toBeVisible();
  await page.goBack();
  await expect(page).not.toHaveURL(/q=/);
  await expect(page.getByLabel('Search')).toHaveValue('');
  await expect(page.getByLabel('Sort by')).toHaveValue('What converts');

  // Pornstars: a shared link opens with its search and site shown.
  const sites = (await (await page.request.get('/v1/creatives/sites', { headers: { authorization: `Bearer ${tokens.access_token}` } })).json()) as { data: { id: number; display_name: string }[] };
  const demoSite = sites.data.find((s) => /nova/i.test(s.display_name)) ?? sites.data[0]!;
  await openCatalogueTab(page, `/creatives?tab=pornstars&site=${demoSite.id}`);
  await expect(page.getByRole('tab', { name: 'Pornstars', selected: true })).toBeVisible();
  await expect(page.getByLabel('Site', { exact: true })).toHaveValue(demoSite.display_name);
  await page.goto(`/creatives?tab=pornstars&site=${demoSite.id}&q=zzzz-nobody`);
  await expect(page.getByLabel('Search')).toHaveValue('zzzz-nobody');
  await expect(page.getByText('No pornstars match.')).toBeVisible();
});

const tabs = [
  { key: 'banners', name: 'Banners' },
  { key: 'pornstars', name: 'Pornstars' },
  { key: 'scenes', name: 'Scenes' },
  { key: 'logos', name: 'Logos' },
  { key: 'feeds', name: 'Feeds' },
  { key: 'landing-pages', name: 'Landing pages' },
] as const;

/** Every tab, as an affiliate and as staff: nothing wider than the window (screenshots into E2E_SHOTS when set). */
for (const who of ['affiliate', 'staff'] as const) {
  test(`every creatives tab fits the window for ${who === 'affiliate' ? 'an affiliate' : 'staff'}`, { tag: '@layout' }, async ({ page }, info) => {
    test.setTimeout(180_000);
    await useTokens(page, who === 'affiliate' ? await affiliateTokens(page) : staffTokens);
    await openCatalogueTab(page, '/creatives?tab=scenes');
    for (const tab of tabs) {
      await page.goto(tab.key === 'banners' ? '/creatives' : `/creatives?tab=${tab.key}`);
      await expect(page.getByRole('tab', { name: tab.name, selected: true })).toBeVisible();
      await expect(page.getByRole('tabpanel').locator('.MuiCircularProgress-root, .MuiSkeleton-root')).toHaveCount(0, { timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${tab.name} is wider than the window`).toBeLessThanOrEqual(0);
      if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${info.project.name}-${who}-${tab.key}.png`, fullPage: true });
    }
  });
}
