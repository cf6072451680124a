import { expect as baseExpect, type Page, type Request, type Route, test } from '@playwright/test';
import { type Account, accounts, signIn } from './support/accounts.ts';
import { seriousFindings } from './support/axe.ts';
import { openMenu, rememberCookieChoice } from './support/shell.ts';

// Every page of the side menu, for staff and for an affiliate, while its data is on its way and
// when the API fails it: no serious or critical axe-core finding (WCAG 2.1 A and AA and axe's best
// practices). The loaded state is accessibility.spec.ts's. Each check waits for a state that no
// longer changes (no request left but those held on purpose, the page's data settled), not for
// a time: a busy machine only makes it wait longer. At both widths (`@layout`): a phone shows each
// state in its own layout (cards, the drawer's button, the header's narrower row).
test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ context, baseURL }) => rememberCookieChoice(context, baseURL!));

const expect = baseExpect.configure({ timeout: 20_000 });

/** What the signed-in shell needs to show a page at all: the session and the user. */
const shellRequest = /^\/v1\/(clients\/web\/admin\/refresh|user\/profile|login-as\/session|authentication\/)/;

/** A page's data: a read of the API by the app, other than the shell's. */
function isPageData(request: Request): boolean {
  const path = new URL(request.url()).pathname;
  return ['fetch', 'xhr'].includes(request.resourceType()) && request.method() === 'GET' && /^\/v[12]\//.test(path) && !shellRequest.test(path);
}

type State = 'loading' | 'error';

/** The page's data held back (loading) or answered with the API's 500 (error); every other request as usual. */
async function withState(page: Page, state: State) {
  const held: Route[] = [];
  const inFlight = new Set<Request>();
  let seen = 0;
  page.on('request', (r) => {
    seen++;
    if (!(state === 'loading' && isPageData(r))) inFlight.add(r);
  });
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  await page.route(
    (url) => /^\/v[12]\//.test(url.pathname),
    async (route) => {
      if (!isPageData(route.request())) return route.continue();
      if (state === 'loading') {
        held.push(route);
        return;
      }
      return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error_code: 'internal_error', message: 'Something went wrong. Please try again.' }) });
    },
  );
  return {
    /** Lets go of what the last page held, before the next one. */
    release: async () => {
      await Promise.all(held.splice(0).map((r) => r.abort().catch(() => undefined)));
    },
    /**
     * Waits until the page stays as it is: its heading shown, no request in flight but the held
     * ones, none started over a turn of the event loop and two frames, and (error) the page's
     * queries given up, retries included (the layout's main region is no longer busy).
     */
    settled: async () => {
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect
        .poll(
          async () => {
            if (inFlight.size) return 'requests in flight';
            const before = seen;
            await page.evaluate(() => new Promise<void>((done) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => done())), 0)));
            if (inFlight.size || seen !== before) return 'still starting requests';
            if (state === 'error' && (await page.locator('main[aria-busy="true"]').count())) return 'still fetching';
            return 'settled';
          },
          { intervals: [100, 250, 500] },
        )
        .toBe('settled');
    },
  };
}

/** The pages the side menu links to, for the one signed in. */
async function menuPages(page: Page): Promise<string[]> {
  const menu = await openMenu(page);
  const hrefs = await menu.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  await page.keyboard.press('Escape');
  return [...new Set(hrefs.filter(Boolean))];
}

const people: [string, Account][] = [
  ['an affiliate', accounts.affiliate],
  ['staff', accounts.owner],
];

for (const [label, who] of people) {
  for (const state of ['loading', 'error'] as const) {
    test(`every page of ${label}, ${state === 'loading' ? 'while its data loads' : 'when the API fails'}`, { tag: '@layout' }, async ({ page }) => {
      test.setTimeout(420_000);
      await signIn(page, who);
      const paths = await menuPages(page);
      expect(paths.length).toBeGreaterThan(5);
      const states = await withState(page, state);
      const wrong: { where: string; findings: string[] }[] = [];
      for (const path of paths) {
        await states.release();
        await page.goto(path);
        await states.settled();
        // Asked for reduced motion (playwright.config.ts), a page that waits shows no movement: its
        // placeholders and progress indicators stand still (apps/web/src/app/theme.ts).
        if (state === 'loading') {
          await expect
            .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length), { message: `${path}: something still moves` })
            .toBe(0);
        }
        const found = await seriousFindings(page);
        if (found.length) wrong.push({ where: `${path} (${state})`, findings: found });
      }
      await states.release();
      expect(wrong).toEqual([]);
    });
  }
}
