import { expect as baseExpect, type Page, type TestInfo, test } from '@playwright/test';
import { accounts, signIn } from './support/accounts.ts';
import { rememberCookieChoice } from './support/shell.ts';

// The network's own figures (docs/tracking.md, "Revenue, cost and margin"): staff with the statistics
// permission see revenue, cost and margin on the dashboard and as Statistics columns; an affiliate sees
// none of it, on the screen or in what the API sends. At 1440 and 375 px.

// The machine these run on is shared: a screen may take longer than the default 5 s to answer.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });
test.beforeEach(async ({ context, baseURL }) => rememberCookieChoice(context, baseURL!));

const FIGURES = ['Revenue', 'Cost', 'Margin'];

const shot = async (page: Page, testInfo: TestInfo, name: string) => {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/figures-${testInfo.project.name}-${name}.png`, fullPage: true });
};

/** Nothing of the page is wider than the window (the table scrolls inside its own box). */
async function expectNoPageOverflow(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

const headings = async (page: Page) => (await page.getByRole('table', { name: 'Statistics' }).getByRole('columnheader').allInnerTexts()).map((h) => h.trim());

/** Every key anywhere in a reply. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, into);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) keysOf(v, into.add(k));
  return into;
}

/** The keys of the network's figures in every statistics and dashboard reply the page receives. */
function watchReplies(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', async (res) => {
    const url = res.url();
    if (!url.includes('/v1/statistics/daily') && !/\/v1\/dashboard(\?|$)/.test(url)) return;
    const body = (await res.json().catch(() => null)) as unknown;
    const keys = keysOf(body);
    for (const k of ['revenue', 'cost', 'margin']) if (keys.has(k)) seen.push(`${new URL(url).pathname}: ${k}`);
  });
  return seen;
}

test('staff see revenue, cost and margin on the dashboard and as statistics columns with their totals', { tag: '@layout' }, async ({ page }, testInfo) => {
  await signIn(page, accounts.manager);
  await page.goto('/dashboard');
  const month = page.getByRole('region', { name: 'This month' });
  await expect(month.getByTestId('network-figures')).toBeVisible();
  for (const label of FIGURES) await expect(month.getByTestId('network-figures')).toContainText(label);
  // The demo network makes money: this month's margin is positive.
  await expect(month.getByTestId('network-figures')).toContainText(/Margin\$[\d,]+\.\d\d/);
  await expect(page.getByRole('img', { name: 'Revenue, cost and margin, last 30 days' })).toBeVisible();
  await expectNoPageOverflow(page);
  await shot(page, testInfo, 'staff-dashboard');

  await page.goto('/statistics');
  await expect(page.getByRole('heading', { name: 'Statistics', level: 1 })).toBeVisible();
  await expect.poll(() => headings(page)).toEqual(expect.arrayContaining(FIGURES));
  const cols = await headings(page);
  const totals = await page.getByTestId('statistics-totals').getByRole('cell').allInnerTexts();
  const byHeading = new Map(cols.map((h, i) => [h, totals[i] ?? '']));
  for (const label of FIGURES) expect(byHeading.get(label)).toMatch(/^-?\$[\d,]+\.\d\d$/);
  expect(byHeading.get('Margin')).toMatch(/^\$/);
  await expectNoPageOverflow(page);
  await shot(page, testInfo, 'staff-statistics');

  // Grouped by affiliate: the money of no affiliate (orphaned sales) is a row of its own.
  await page.goto('/statistics?group_by=affiliate');
  await expect(page.getByRole('table', { name: 'Statistics' }).getByRole('row', { name: /No affiliate/ })).toBeVisible();
  await shot(page, testInfo, 'staff-statistics-by-affiliate');
});

test('an affiliate sees no revenue, cost or margin, on the dashboard, in statistics or in any reply', { tag: '@layout' }, async ({ page }, testInfo) => {
  const leaked = watchReplies(page);
  await signIn(page, accounts.affiliate);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'This month' })).toBeVisible();
  await expect(page.getByTestId('dashboard-balance')).toBeVisible();
  await expect(page.getByTestId('network-figures')).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Revenue, cost and margin, last 30 days' })).toHaveCount(0);
  await shot(page, testInfo, 'affiliate-dashboard');

  for (const groupBy of ['date', 'offer', 'site', 'country']) {
    await page.goto(`/statistics?group_by=${groupBy}`);
    await expect(page.getByTestId('statistics-totals')).toBeVisible();
    const cols = await headings(page);
    expect(cols).toContain('Earnings');
    expect(cols.filter((h) => FIGURES.includes(h))).toEqual([]);
  }
  await expectNoPageOverflow(page);
  await shot(page, testInfo, 'affiliate-statistics');
  expect(leaked).toEqual([]);
});
