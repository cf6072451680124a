import { mkdirSync } from 'node:fs';
import { expect as baseExpect, type Page, test, type TestInfo } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { type Account, accounts, signIn } from './support/accounts.ts';
import { linkTo, waitForMail } from './support/mail.ts';
import { logOut, menuItems, rememberCookieChoice } from './support/shell.ts';

// Roles and staff users, tiers and an offer's payouts per tier (issue 15), at 375 and 1440 px:
// the owner edits a role's permissions, invites a staff user who sets a password through the
// emailed link and signs in with that role's menu only; tiers are created, made the default and
// deleted; an offer's payouts per tier pick the tier by name.
test.describe.configure({ mode: 'serial', timeout: 120_000 });
// Lazy sections and the owner check load while the machine is busy: a little more patience than the default.
const expect = baseExpect.configure({ timeout: 15_000 });

const shots = 'screenshots/roles';
test.beforeEach(async ({ context }) => {
  await rememberCookieChoice(context, baseURL);
});

/** Signs in once the Log In page has loaded its scripts (a click before that is lost on a busy machine). */
async function signInWhenReady(page: Page, who: Account) {
  await page.goto('/signin');
  await page.waitForLoadState('networkidle');
  try {
    await signIn(page, who);
  } catch (error) {
    // The first sign-in after the server starts can outlast the helper's wait: once more, from the start.
    if (!/\/signin$/.test(page.url())) throw error;
    await signIn(page, who);
  }
}

/** A name no earlier run of this database used (both widths run against one server). */
const unique = (info: TestInfo) => `${info.project.name}${Date.now().toString(36)}`;

async function shoot(page: Page, name: string, info: TestInfo) {
  mkdirSync(shots, { recursive: true });
  // From the top, with nothing focused: a full-page shot of what a visitor sees first.
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} overflows sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${shots}/${name}-${info.project.name}.png`, fullPage: true });
}

test('the owner edits a role, invites a staff user who sets a password and sees only that role’s menu', async ({ page }, info) => {
  const id = unique(info);
  const roleName = `support_${id}`;
  const displayName = `Support ${id}`;
  const email = `staff-${id}@example.com`;
  const password = 'invited-pass-2026';

  await signInWhenReady(page, accounts.owner);
  await page.goto('/settings?section=roles');
  await expect(page.getByRole('heading', { name: 'Roles', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'New role' }).click();
  let dialog = page.getByRole('dialog', { name: 'New role' });
  await dialog.getByLabel('Name', { exact: true }).fill(roleName);
  await dialog.getByLabel('Display name').fill(displayName);
  await dialog.getByRole('checkbox', { name: 'Dashboard' }).check();
  await dialog.getByRole('checkbox', { name: 'Statistics' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Role created successfully')).toBeVisible();

  // Edit its permissions: Statistics off, Announcements on.
  const row = page.getByTestId(`role-${roleName}`);
  await row.getByRole('button', { name: 'Edit' }).click();
  dialog = page.getByRole('dialog', { name: `Edit role: ${displayName}` });
  await expect(dialog.getByRole('checkbox', { name: 'Statistics' })).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Statistics' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Announcements' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Role updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.reload();
  // Permissions in words, as the side menu names them, never their keys.
  await expect(row).toContainText('Announcements');
  await expect(row).not.toContainText('Statistics');
  await expect(row.getByText('announcements', { exact: true })).toHaveCount(0);

  // Invite a staff user with that role.
  await page.goto('/settings?section=users-with-roles');
  await page.getByRole('button', { name: 'Invite user' }).click();
  dialog = page.getByRole('dialog', { name: 'Invite a staff user' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Name', { exact: true }).fill('Sam Invited');
  await dialog.getByRole('combobox', { name: /Role/ }).click();
  await page.getByRole('option', { name: displayName, exact: true }).click();
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent successfully')).toBeVisible();
  await expect(page.getByTestId(`staff-user-${email}`)).toContainText('Invited');

  const mail = await waitForMail(email, /^You are invited to/, since);
  expect(mail.text).toContain(displayName);
  await logOut(page);
  await expect(page).toHaveURL(/\/$/);

  await page.goto(linkTo(mail, '/password-reset'));
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="password_confirmation"]').fill(password);
  await page.getByRole('button', { name: 'Save password' }).click();
  // Setting the first password from the invitation signs the new staff member in: no second sign-in.
  await expect(page.getByText('Password saved successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await menuItems(page)).toEqual(['Dashboard', 'Announcements', 'Profile']);
  await logOut(page);

  const invited = { email, password, name: 'Sam Invited', staff: true, role: displayName } as unknown as Account;
  await signInWhenReady(page, invited);
  expect(await menuItems(page)).toEqual(['Dashboard', 'Announcements', 'Profile']);
  await page.goto('/statistics');
  await expect(page).toHaveURL(/\/profile$/);
});

test('tiers: create one, make it the default (the default cannot be deleted), delete it', { tag: '@layout' }, async ({ page }, info) => {
  const name = `Platinum ${unique(info)}`;
  await signInWhenReady(page, accounts.owner);
  await page.goto('/settings?section=tiers');
  const section = page.getByRole('region', { name: 'Tiers' }).first();
  await expect(page.getByRole('heading', { name: 'Tiers', level: 2 })).toBeVisible();
  await expect(page.getByRole('row', { name: /Standard/ })).toContainText('Default');

  await page.getByRole('button', { name: 'New tier' }).click();
  const dialog = page.getByRole('dialog', { name: 'New tier' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tier created successfully')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Make default: ${name}` }).click();
  await expect(page.getByText('Tier updated successfully')).toBeVisible();
  await expect(row).toContainText('Default');
  await expect(row.getByRole('button', { name: `Delete ${name}` })).toBeDisabled();
  await expect(page.getByRole('row', { name: /Standard/ })).not.toContainText('Default');
  await expect(section).toBeVisible();
  await shoot(page, 'tiers', info);

  // The default stays on in its own dialog: another tier takes it.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit tier: ${name}` });
  await expect(edit.getByRole('switch', { name: 'Default tier for new sign-ups' })).toBeDisabled();
  await edit.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('row', { name: /Standard/ }).getByRole('button', { name: 'Make default: Standard' }).click();
  await expect(page.getByRole('row', { name: /Standard/ })).toContainText('Default');
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete the tier ${name}?` });
  await expect(confirm).toContainText('No affiliate is on this tier.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Tier deleted successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('an offer’s payouts per tier pick the tier by name and are saved', { tag: '@layout' }, async ({ page }, info) => {
  await signInWhenReady(page, accounts.owner);
  await page.goto('/offers');
  await page.getByRole('table', { name: 'Offers' }).getByRole('link', { name: 'HoloStage Pay per sale $45' }).click();
  await expect(page).toHaveURL(/\/offers\/\d+$/);
  const payouts = page.getByRole('region', { name: 'Custom payouts' });
  await expect(payouts.getByRole('heading', { name: 'Per tier' })).toBeVisible();
  // The demo network pays Gold affiliates more on this offer.
  await expect(payouts.getByRole('combobox', { name: 'Tier' }).first()).toHaveValue('Gold');

  const before = await payouts.getByRole('combobox', { name: 'Tier' }).count();
  await payouts.getByRole('button', { name: 'Add tier payout' }).click();
  await payouts.locator(`#payout-tier-${before}`).click();
  await page.getByRole('option', { name: 'Silver', exact: true }).click();
  await payouts.locator(`#payout-tier-amount-${before}`).fill('48.50');
  await payouts.getByRole('button', { name: 'Save payouts' }).click();
  await expect(page.getByText('Offer updated successfully')).toBeVisible();
  await page.reload();
  const tierFields = payouts.getByRole('combobox', { name: 'Tier' });
  await expect(tierFields).toHaveCount(before + 1);
  const names = await tierFields.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  const at = names.indexOf('Silver');
  expect(at).toBeGreaterThanOrEqual(0);
  await expect(payouts.locator(`#payout-tier-amount-${at}`)).toHaveValue('48.5');
  await expect(payouts).toContainText(/\d+ affiliates? on this tier/);
  await shoot(page, 'offer-payouts', info);

  // Back as it was, for the other width's run.
  const affiliateRows = await payouts.locator('[id^="payout-affiliate-amount-"]').count();
  await payouts.getByRole('button', { name: 'Remove' }).nth(affiliateRows + at).click();
  await expect(tierFields).toHaveCount(before);
  await payouts.getByRole('button', { name: 'Save payouts' }).click();
  await expect(page.getByText('Offer updated successfully')).toBeVisible();
});
