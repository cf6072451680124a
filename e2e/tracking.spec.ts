import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import config, { baseURL } from '../playwright.config.ts';
import { signUp } from './support/accounts.ts';
import { post, staffSession } from './support/api.ts';
import { goViaMenu, rememberCookieChoice } from './support/shell.ts';

// Tracking core as a new affiliate meets it (issue 6): staff set up a site, a landing page and an offer; a new
// affiliate chooses the site on Offers, copies a link, opens it and lands on the landing page with a click id,
// finds the click on Statistics and Dashboard, and after the site reports a sale, the conversion and the earning.
test.describe.configure({ mode: 'serial' });

// At 1440 and at 375 px: phones are where affiliates copy their links.

const stamp = Date.now();
const affiliate = { name: 'Jamie Tracker', email: `jamie.${stamp}@example.com`, password: 'tracking-pass-2026', company: 'Tracker Media', website: 'https://tracker-media.example.com' };
const site = { name: `e2e-studio-${stamp}`, display_name: `E2E Studio ${stamp}`, url: 'https://e2e-studio.example.com' };
const offerName = `E2E Premium ${stamp}`;
// The landing page's public name (site URLs need a real-looking host); the local server below answers it.
const landingHost = 'landing.e2e-studio.example.com';

// The landing page's name resolves to the local server in this browser, so the redirect really lands there.
const launch = config.use?.launchOptions ?? {};
test.use({ launchOptions: { ...launch, args: [...(launch.args ?? []), `--host-resolver-rules=MAP ${landingHost} 127.0.0.1`] } });

let landing: Server;
let landingPort = 0;
const landingHits: URL[] = [];
let staff: APIRequestContext;
let siteKey = '';

test.beforeAll(async () => {
  landing = createServer((req, res) => {
    landingHits.push(new URL(req.url ?? '/', `http://${landingHost}`));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>E2E Studio</title><h1>Welcome to E2E Studio</h1>');
  });
  landing.listen(0, '127.0.0.1');
  await once(landing, 'listening');
  landingPort = (landing.address() as AddressInfo).port;

  staff = await staffSession();
  const created = await post<{ id: number; api_key: string }>(staff, '/v1/sites', site);
  siteKey = created.api_key;
  const lp = await post<{ id: number }>(staff, '/v1/landing-pages', { site_id: created.id, name: 'E2E tour', url: `http://${landingHost}:${landingPort}/tour?lang=en` });
  await post(staff, '/v1/offers', { site_id: created.id, name: offerName, payout_type: 'cpa', goal: 'sale', default_payout: 12.5, landing_page_id: lp.id });
});

test.afterAll(async () => {
  await staff?.dispose();
  landing?.close();
});

/** The totals row of the statistics table, as its cells' texts. */
/** The report's columns as wide screens and the CSV order them (a phone shows the money columns first). */
const WIDE_ORDER = ['Clicks', 'Unique clicks', 'Conversions', 'Signups', 'Sales', 'Rebills', 'Refunds', 'Chargebacks', 'Earnings', 'Ratio', 'EPC'];

/** The totals row in the wide order, read by each column's heading. */
async function totals(page: Page): Promise<string[]> {
  const headings = (await page.getByRole('table', { name: 'Statistics' }).getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
  const cells = await page.getByTestId('statistics-totals').getByRole('cell').allInnerTexts();
  const byHeading = new Map(headings.map((h, i) => [h, cells[i] ?? '']));
  return [cells[0] ?? '', ...WIDE_ORDER.filter((h) => byHeading.has(h)).map((h) => byHeading.get(h) ?? '')];
}

test('a new affiliate copies a link, lands with a click id, and finds the click, then the conversion and the earning', { tag: '@layout' }, async ({ page, context }) => {
  test.setTimeout(120_000);
  await rememberCookieChoice(context, baseURL);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });

  // Staff approve the sign-up (sign-up approval is on by default), as the affiliates list does.
  await signUp(page, affiliate, { approveWith: staff });

  // Offers: choose the site, see the offer with the affiliate's payout, get and copy the link in one click.
  await goViaMenu(page, 'Offers');
  await expect(page.getByRole('heading', { name: 'Offers', level: 1 })).toBeVisible();
  await expect(page.getByText('Filter offers for a selected site and generate tracking links')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'List' })).toHaveAttribute('aria-selected', 'true');
  for (const tab of ['Postbacks', 'Pop code', 'Advanced']) await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  await page.getByRole('combobox', { name: 'Site' }).click();
  await page.getByRole('option', { name: site.display_name }).click();
  const card = page.getByRole('article', { name: offerName });
  await expect(card.getByTestId('offer-payout')).toHaveText('$12.50 per sale');
  await card.getByRole('button', { name: 'Get link' }).click();
  await expect(page.getByText('Copied to the clipboard')).toBeVisible();
  const shown = await card.getByLabel('Tracking link').inputValue();
  expect(shown).toMatch(new RegExp(`^${baseURL}/t/[A-Za-z0-9_-]+$`));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);

  // Open it: the redirect lands on the landing page with the click id.
  await page.goto(shown);
  await expect(page.getByRole('heading', { name: 'Welcome to E2E Studio' })).toBeVisible();
  const hit = landingHits.filter((u) => u.pathname === '/tour').at(-1)!;
  expect(hit).toBeDefined();
  expect(hit.searchParams.get('lang')).toBe('en');
  const cid = hit.searchParams.get('cid') ?? '';
  expect(cid).not.toBe('');
  expect(new URL(page.url()).searchParams.get('cid')).toBe(cid);

  // Statistics: the click, in the chart's period and in the totals.
  await page.goto('/statistics');
  // A full load of the app (not a move inside it): longer on a busy machine.
  await expect(page.getByRole('heading', { name: 'Statistics', level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Daily breakdown by conversions and clicks')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Clicks and conversions per day' })).toBeVisible();
  await expect.poll(async () => (await totals(page)).slice(0, 4)).toEqual(['Total', '1', '1', '0']);

  // Dashboard: today's click.
  await goViaMenu(page, 'Dashboard');
  const today = page.getByRole('region', { name: 'Today' });
  await expect(today).toContainText('Clicks1');
  await expect(today).toContainText('$0.00');

  // The site reports a sale for that click with its key.
  const conversion = await context.request.post('/v1/conversions', {
    headers: { authorization: `Bearer ${siteKey}` },
    data: { cid, type: 'sale', amount: 29.99, transaction_id: `e2e-${stamp}` },
  });
  expect(conversion.ok(), await conversion.text()).toBe(true);
  expect(((await conversion.json()) as { data: { status: string; earning: number } }).data).toMatchObject({ status: 'accepted', earning: 12.5 });

  // The conversion and the earning, on the Dashboard and in Statistics.
  await page.reload();
  await expect(today).toContainText('Conversions1');
  await expect(today).toContainText('$12.50');
  await expect(page.getByTestId('dashboard-balance')).toHaveText('$12.50');
  await expect(page.getByRole('region', { name: 'Top offers' }).getByRole('row', { name: new RegExp(offerName) })).toContainText('$12.50');

  await goViaMenu(page, 'Statistics');
  await expect.poll(async () => (await totals(page)).slice(0, 4)).toEqual(['Total', '1', '1', '1']);
  expect(await totals(page)).toContain('$12.50');

  // Export CSV holds the rows and columns shown, money with 2 decimals.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const csv = (await (await download.createReadStream()).toArray()).join('');
  const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines[0]).toBe('Date,Clicks,Unique clicks,Conversions,Signups,Sales,Rebills,Refunds,Chargebacks,Earnings,Ratio,EPC');
  expect(lines).toHaveLength(1 + 30 + 1);
  expect(lines.at(-1)).toBe('Total,1,1,1,0,1,0,0,0,12.50,100.00,12.50');

  // Grouped by offer: one line, the offer's.
  await page.getByRole('combobox', { name: 'Group by' }).click();
  await page.getByRole('option', { name: 'Offer', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Statistics' }).getByRole('row', { name: new RegExp(offerName) })).toContainText('$12.50');
});
