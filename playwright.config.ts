import { defineConfig, devices } from '@playwright/test';
import { e2eServerEnv } from './e2e/support/env.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;

/**
 * The shipped build is what the tests use. The widget gallery (forms.spec.ts) has a build of its
 * own (`npm run build:gallery`) and a run of its own with E2E_GALLERY=1, so no test leans on a
 * route that production lacks.
 */
const gallery = process.env.E2E_GALLERY === '1';
const webDist = gallery ? 'apps/web/dist-gallery' : process.env.WEB_DIST;
// The file named forms.spec.ts only (not tax-forms.spec.ts).
const galleryTests = /[\\/]forms\.spec\.ts$/;
/** Tests checked at the phone width as well (see `projects`). */
const layoutTag = /@layout/;

/** Extra server environment for the browser tests (a local SMTP server, bot-check stubs) comes from e2e/support/env.ts. */
const e2eEnv: Record<string, string> = { ...e2eServerEnv };

export default defineConfig({
  testDir: 'e2e',
  // A local SMTP server receives the mail the e2e server sends (e2e/support/smtp-sink.ts).
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // CI runs two halves side by side on two cores (load 12 and more): a long staff flow there takes
  // over 30 s without anything being wrong; a test that hangs still fails, at 60 s.
  timeout: process.env.CI ? 60_000 : 30_000,
  // The same there for a page that loads or answers: ten seconds before an expectation gives up.
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  use: {
    baseURL,
    colorScheme: 'dark',
    // The app's reduced motion (apps/web/src/app/theme.ts): nothing animates, so nothing is painted
    // again frame after frame while a test waits. Pulsing placeholders and spinners kept the
    // browser's compositor busy: a third of the CPU of the accessibility-states run (docs/testing.md).
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    launchOptions: {
      // Chromium's headless shell (what Playwright itself runs headless): a fifth less CPU than the
      // full browser in its headless mode (scripts/ensure-chromium.ts installs it).
      executablePath: '/usr/bin/chromium-headless-shell',
      args: [
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  /**
   * Every test runs at 1440 px; at 375 px only the tests tagged `@layout` (`test('…', { tag: '@layout' }, …)`):
   * those whose subject is what a width shows (nothing wider than the window, the drawer, cards on a
   * phone, axe on every page). A new test runs at one width until it is tagged. The gallery's widgets
   * follow the same rule: their fit and their height by width at both, their behaviour at 1440 px.
   */
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
    { name: 'mobile', grep: layoutTag, use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 812 }, isMobile: false, hasTouch: true } },
  ].map((project) => (gallery ? { ...project, name: `gallery-${project.name}`, testMatch: galleryTests } : { ...project, testIgnore: galleryTests })),
  webServer: {
    command: 'node scripts/e2e-server.ts',
    url: `${baseURL}/health`,
    reuseExistingServer: false,
    timeout: 300_000,
    // The gallery needs no demo network: its server starts without seeding 90 days of traffic.
    env: { PORT: String(port), DATA_DIR: process.env.E2E_DATA_DIR ?? `.data-e2e-${port}`, PUBLIC_URL: baseURL, ...e2eEnv, ...(webDist ? { WEB_DIST: webDist } : {}), ...(gallery ? { DEMO_DATA: '0' } : {}) },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
