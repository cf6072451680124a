import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import config, { baseURL } from '../playwright.config.ts';
import { owner } from './support/env.ts';
import { linkTo, signInCode, waitForMail } from './support/mail.ts';
import { goViaMenu, rememberCookieChoice } from './support/shell.ts';

// Tracking core as a new affiliate meets it (issue 6): staff set up a site, a landing page and an offer; a new
// affiliate chooses the site on Offers, copies a link, opens it and lands on the landing page with a click id,
// finds the click on Statistics and Dashboard, and after the site reports a sale, the conversion and the earning.
test.describe.configure({ mode: 'serial' });

// At 1440 and at 375 px: phones are where affiliates copy their links.

const stamp = Date.now();
const affiliate = { name: 'Jamie Tracker', email: `jamie.${stamp}@example.com`, password: 'tracking-pass-2026' };
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

/** Staff API session of the e2e owner (two-step: the code comes by mail). */
async function staffSession(): Promise<APIRequestContext> {
  const anon = await playwrightRequest.newContext({ baseURL });
  const since = Date.now();
  const login = await anon.post('/v2/authentication/login', { data: { email: owner.email, password: owner.password } });
  expect(login.ok(), await login.text()).toBe(true);
  const { session_token } = ((await login.json()) as { data: { session_token: string } }).data;
  const mail = await waitForMail(owner.email, /^Your sign-in code/, since);
  const confirm = await anon.post('/v2/authentication/confirm', { data: { session_token, code: signInCode(mail) } });
  expect(confirm.ok(), await confirm.text()).toBe(true);
  const { access_token } = ((await confirm.json()) as { data: { access_token: string } }).data;
  await anon.dispose();
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${access_token}` } });
}

async function post<T>(api: APIRequestContext, path: string, data: unknown): Promise<T> {
  const res = await api.post(path, { data });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

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

async function signUpAndSignIn(page: Page) {
  await page.goto('/signup');
  await page.getByLabel('First name').fill(affiliate.name);
  await page.getByLabel('Email').fill(affiliate.email);
  await page.locator('input[name="password"]').fill(affiliate.password);
  await page.locator('input[name="password_confirmation"]').fill(affiliate.password);
  await page.getByLabel('Company').fill('Tracker Media');
  await page.getByLabel('Website').fill('https://tracker-media.example.com');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Check your email: we sent a link to activate your account.')).toBeVisible();
  const activation = await waitForMail(affiliate.email, /Activate your affiliate account/);
  await page.goto(linkTo(activation, '/activate-account'));
  await expect(page.getByText('Account activated successfully')).toBeVisible();
  // Staff approve the sign-up (sign-up approval is on by default), as the affiliates list does.
  const found = await staff.get(`/v1/affiliates?search=${encodeURIComponent(affiliate.email)}`);
  expect(found.status()).toBe(200);
  const [row] = ((await found.json()) as { data: { id: number }[] }).data;
  await post(staff, `/v1/affiliates/${row!.id}/approve`, {});
  await page.goto('/signin');
  await page.getByLabel('Email').fill(affiliate.email);
  await page.locator('input[name="password"]').fill(affiliate.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The totals row of the statistics table, as its cells' texts. */
async function totals(page: Page): Promise<string[]> {
  return page.getByTestId('statistics-totals').getByRole('cell').allInnerTexts();
}

test('a new affiliate copies a link, lands with a click id, and finds the click, then the conversion and the earning', async ({ page, context }) => {
  test.setTimeout(120_000);
  await rememberCookieChoice(context, baseURL);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });

  await signUpAndSignIn(page);

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
