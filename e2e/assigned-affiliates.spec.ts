import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect as baseExpect, type Page, test, type TestInfo } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { accounts, signIn } from './support/accounts.ts';
import { dataOf, post, staffSession } from './support/api.ts';
import { linkTo, waitForMail } from './support/mail.ts';
import { logOut, rememberCookieChoice } from './support/shell.ts';

// Managers see only their affiliates (issue 28, item 7), at 375 and 1440 px: the owner marks a role
// "Assigned affiliates only" in the role form; a staff user of that role, given two of the demo
// affiliates with traffic, sees only those two in Affiliates and in Statistics.
test.describe.configure({ mode: 'serial', timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const shots = 'screenshots/assigned-affiliates';
/** The demo's affiliates with traffic besides the demo affiliate (seed/demo-tracking.ts): no other browser test relies on their manager. */
const mine = [
  { email: 'jordan@example.com', name: 'Jordan Blake' },
  { email: 'casey@example.com', name: 'Casey Morgan' },
];
const notMine = { email: accounts.affiliate.email, name: accounts.affiliate.name };

let api: APIRequestContext;
/** Each of `mine` with the manager they had before, put back after the test. */
const before: Array<{ id: number; managerId: number | null }> = [];

test.beforeAll(async () => {
  api = await staffSession();
});
test.afterAll(async () => {
  for (const { id, managerId } of before) await post(api, `/v1/affiliates/${id}/manager`, { manager_id: managerId });
  await api.dispose();
});
test.beforeEach(async ({ context }) => {
  await rememberCookieChoice(context, baseURL);
});

async function shoot(page: Page, name: string, info: TestInfo) {
  mkdirSync(shots, { recursive: true });
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} overflows sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${shots}/${name}-${info.project.name}.png`, fullPage: true });
}

/** Signs in once the Log In page has loaded its scripts (a click before that is lost on a busy machine), once more if it was. */
async function signInWhenReady(page: Page, who: { email: string; password: string; staff: boolean }) {
  await page.goto('/signin');
  await page.waitForLoadState('networkidle');
  try {
    await signIn(page, who);
  } catch (error) {
    if (!/\/signin$/.test(page.url())) throw error;
    await signIn(page, who);
  }
}

/** Invites a staff user with the role through the API and sets their password from the emailed link. */
async function inviteStaff(roleId: number, email: string, password: string): Promise<number> {
  const since = Date.now();
  const user = await post<{ id: number }>(api, '/v1/staff-users', { email, name: 'Riley Assigned', role_id: roleId });
  const token = new URL(linkTo(await waitForMail(email, /^You are invited to/, since), '/password-reset'), baseURL).searchParams.get('token');
  await post(api, '/v1/password/reset', { token, password, password_confirmation: password });
  return user.id;
}

test('a manager whose role reaches only assigned affiliates sees only theirs in Affiliates and Statistics', { tag: '@layout' }, async ({ page }, info) => {
  const id = `${info.project.name}${Date.now().toString(36)}`;
  const roleName = `assigned_${id}`;
  const displayName = `Account manager ${id}`;

  // The owner marks the role in its form.
  await signInWhenReady(page, accounts.owner);
  await page.goto('/settings?section=roles');
  await page.getByRole('button', { name: 'New role' }).click();
  let dialog = page.getByRole('dialog', { name: 'New role' });
  await dialog.getByLabel('Name', { exact: true }).fill(roleName);
  await dialog.getByLabel('Display name').fill(displayName);
  for (const permission of ['Dashboard', 'Statistics', 'Affiliates']) await dialog.getByRole('checkbox', { name: permission, exact: true }).check();
  await dialog.getByRole('checkbox', { name: /Assigned affiliates only/ }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Role created successfully')).toBeVisible();
  const row = page.getByTestId(`role-${roleName}`);
  await expect(row).toContainText('Assigned affiliates only');
  await row.getByRole('button', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog', { name: `Edit role: ${displayName}` });
  await expect(dialog.getByRole('checkbox', { name: /Assigned affiliates only/ })).toBeChecked();
  await shoot(page, 'role-form', info);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await logOut(page);

  // A staff user of that role, manager of two affiliates.
  const roles = await dataOf<Array<{ id: number; name: string; assigned_affiliates_only: boolean }>>(await api.get('/v1/roles'));
  const role = roles.find((r) => r.name === roleName)!;
  expect(role.assigned_affiliates_only).toBe(true);
  const email = `assigned-${id}@example.com`;
  const password = 'assigned-pass-2026';
  const managerId = await inviteStaff(role.id, email, password);
  for (const who of mine) {
    const [found] = await dataOf<Array<{ id: number; manager: { id: number } | null }>>(await api.get(`/v1/affiliates?search=${encodeURIComponent(who.email)}`));
    if (before.length < mine.length) before.push({ id: found!.id, managerId: found!.manager?.id ?? null });
    await post(api, `/v1/affiliates/${found!.id}/manager`, { manager_id: managerId });
  }

  await signInWhenReady(page, { email, password, staff: true });
  await page.goto('/affiliates');
  await expect(page.getByRole('heading', { name: 'Affiliates', level: 1 })).toBeVisible();
  for (const who of mine) await expect(page.getByRole('row').filter({ hasText: who.email })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: notMine.email })).toHaveCount(0);
  // Searching for another affiliate finds nothing.
  await page.getByLabel('Search').fill(notMine.email);
  await expect(page.getByRole('row').filter({ hasText: mine[0]!.email })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: notMine.email })).toHaveCount(0);
  await page.getByLabel('Search').fill('');
  await expect(page.getByRole('row').filter({ hasText: mine[0]!.email })).toHaveCount(1);
  await shoot(page, 'affiliates', info);

  // Statistics by affiliate: their two, never the others with traffic.
  await page.goto('/statistics?group_by=affiliate');
  const table = page.getByRole('table', { name: 'Statistics' });
  for (const who of mine) await expect(table.getByRole('row', { name: new RegExp(who.name) })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(notMine.name) })).toHaveCount(0);
  const bodyRows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(bodyRows.filter({ hasText: /Blake|Morgan/ })).toHaveCount(2);
  // The affiliate picker offers only theirs.
  await page.getByLabel('Affiliate', { exact: true }).click();
  await expect(page.getByRole('option')).toHaveCount(2);
  await expect(page.getByRole('option', { name: new RegExp(notMine.name) })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await shoot(page, 'statistics', info);
});
