import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { accounts } from './support/accounts.ts';
import { rememberCookieChoice } from './support/shell.ts';

// The catalogue as an affiliate meets it (issue 16): the demo's sites are synced from the demo's own
// catalogue API at start; the affiliate browses the Scenes tab, makes a feed key on the Feeds tab,
// opens the JSON feed and finds the newest scene there with their own tracking link, which leads to
// that scene's page with a click id.
test.describe.configure({ mode: 'serial' });

type Feed = { total: number; items: Array<{ id: string; name: string; link: string; site: string; image: string | null }> };

test('an affiliate opens their feed and finds the newest scene with their link', async ({ page }) => {
  test.setTimeout(180_000);
  await rememberCookieChoice(page.context(), baseURL);
  // Signed in through the API (the Log In screen has its own tests): the tokens go where the app keeps them.
  const login = await page.request.post('/v2/authentication/login', { data: { email: accounts.affiliate.email, password: accounts.affiliate.password } });
  expect(login.ok(), await login.text()).toBe(true);
  const tokens = ((await login.json()) as { data: { access_token: string; refresh_token: string } }).data;
  await page.context().addInitScript(([access, refresh]) => {
    localStorage.setItem('portal.access_token', access!);
    localStorage.setItem('portal.refresh_token', refresh!);
  }, [tokens.access_token, tokens.refresh_token]);

  // The first sync runs once the server listens: wait for the scenes to arrive.
  await expect(async () => {
    await page.goto('/creatives?tab=scenes');
    await expect(page.getByTestId('catalogue-card').first()).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: 100_000, intervals: [2000] });
  const newest = (await page.getByTestId('catalogue-card').first().getByRole('heading', { level: 3 }).textContent())?.trim() ?? '';
  expect(newest).not.toBe('');
  await expect(page.getByTestId('catalogue-card').first().getByRole('img')).toBeVisible();

  await page.getByRole('tab', { name: 'Feeds' }).click();
  await expect(page).toHaveURL(/tab=feeds/);
  const make = page.getByRole('button', { name: 'Make my feed key' });
  const jsonField = page.locator('#feed-scenes-json');
  await expect(make.or(jsonField)).toBeVisible({ timeout: 15_000 });
  if (await make.isVisible()) await make.click();
  await expect(jsonField).toHaveValue(/\/feeds\/fk_[\w-]+\/scenes\.json$/, { timeout: 15_000 });
  const feedUrl = await jsonField.inputValue();
  await expect(page.getByRole('region', { name: 'Feed fields' })).toContainText('updated_at');

  const res = await page.request.get(feedUrl);
  expect(res.status()).toBe(200);
  expect(res.headers().etag).toBeTruthy();
  const feed = (await res.json()) as Feed;
  expect(feed.total).toBeGreaterThan(0);
  expect(feed.items[0]!.name).toBe(newest);
  expect(feed.items[0]!.link).toMatch(new RegExp(`^${baseURL.replace(/[.]/g, '\\.')}/t/[\\w-]+$`));
  expect(feed.items[0]!.image).toMatch(/\/uploads\/catalogue\/.+-card\.webp$/);

  // The link is the affiliate's: it leads to the scene's page with a click id.
  const hop = await page.request.get(feed.items[0]!.link, { maxRedirects: 0 });
  expect(hop.status()).toBe(302);
  expect(hop.headers().location).toMatch(/^https:\/\/\w+\.example\/scenes\/\d+\?cid=/);

  // A repeated fetch with the ETag is a 304.
  const again = await page.request.get(feedUrl, { headers: { 'if-none-match': res.headers().etag! } });
  expect(again.status()).toBe(304);
});
