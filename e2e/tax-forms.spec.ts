import { type APIRequestContext, type Browser, expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { accounts, signIn } from './support/accounts.ts';
import { staffSession } from './support/api.ts';
import { linkTo, waitForMail } from './support/mail.ts';
import { rememberCookieChoice } from './support/shell.ts';

// Tax forms as people meet them (issue 13): three new affiliates each fill one form in the profile's
// Billing tab (W-9, W-8BEN, W-8BEN-E) and see it pending; staff open "view W9/W8 form" from the
// affiliates list and from the review queue, accept one and decline the others with each of the
// decline dialog's two choices; each affiliate then sees the outcome and the reason.
test.beforeEach(async ({ context, baseURL: url }) => rememberCookieChoice(context, url!));

type FormType = 'w9' | 'w8ben' | 'w8bene';
interface NewAffiliate {
  id: number;
  name: string;
  email: string;
  password: string;
  staff: false;
}

/** A brand-new affiliate: signs up through the API, follows the emailed link, and staff approve the sign-up. */
async function newAffiliate(staff: APIRequestContext, name: string, email: string): Promise<NewAffiliate> {
  const anon = await playwrightRequest.newContext({ baseURL });
  const password = 'tax-forms-pass-2026';
  const since = Date.now();
  const registered = await anon.post('/v1/register', { data: { first_name: name, email, password, password_confirmation: password, accept_terms: true } });
  expect(registered.status(), await registered.text()).toBe(201);
  const token = new URL(linkTo(await waitForMail(email, /Activate your affiliate account/, since), '/activate-account'), baseURL).searchParams.get('token');
  const activated = await anon.post('/v1/account/activate', { data: { token } });
  expect(activated.ok(), await activated.text()).toBe(true);
  await anon.dispose();
  const found = await staff.get(`/v1/affiliates?search=${encodeURIComponent(email)}`);
  const row = ((await found.json()) as { data: { id: number; email: string }[] }).data.find((a) => a.email === email);
  expect(row, `${email} in the affiliates list`).toBeTruthy();
  const approved = await staff.post(`/v1/affiliates/${row!.id}/approve`, { data: {} });
  expect(approved.ok(), await approved.text()).toBe(true);
  return { id: row!.id, name, email, password, staff: false };
}

/** Chooses `option` in the MUI select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A country: typed into the select's search (249 of them), then chosen. */
async function chooseCountry(page: Page, label: string, country: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.fill(country.slice(0, 4));
  await expect(page.getByRole('option', { name: country, exact: true })).toBeVisible();
  // The search narrowed the list to the few names holding what was typed.
  expect(await page.getByRole('option').count()).toBeLessThan(10);
  await page.getByRole('option', { name: country, exact: true }).click();
  await expect(input).toHaveValue(country);
}

/** A date in the app's date picker ("MMM D, YYYY"): typed section by section, as a keyboard user does. */
async function typeDate(page: Page, label: string, day: string) {
  const [y, m, d] = day.split('-');
  const field = page.getByRole('group', { name: label });
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(`${m}${d}${y}`);
}

const who = { w9: /A US person/, w8ben: /A foreign individual/, w8bene: /A foreign company/ } as const;
const formName = { w9: 'Form W-9', w8ben: 'Form W-8BEN', w8bene: 'Form W-8BEN-E' } as const;

/** Fills the form the questionnaire picks, in the profile's Billing tab, and sends it. */
async function fillTaxForm(page: Page, type: FormType, a: NewAffiliate, shots?: string) {
  await page.goto('/profile?tab=billing');
  const panel = page.getByRole('region', { name: 'Tax form (W-9 / W-8)' });
  await expect(panel.getByTestId('tax-form-status')).toHaveText('Not Uploaded');
  await panel.getByRole('button', { name: 'Send a new form' }).click();
  await panel.getByRole('radio', { name: who[type] }).check();
  await expect(panel.getByRole('radio', { name: 'Fill it in here' })).toBeChecked();
  const form = page.getByRole('form', { name: formName[type] });
  await expect(form).toBeVisible();
  if (type === 'w9') {
    // An empty form says what is missing, on each field, before anything is sent.
    await form.getByRole('button', { name: 'Submit form' }).click();
    await expect(form.getByText('This field is required').first()).toBeVisible();
    await form.getByLabel('Name (as shown on your tax return)').fill(a.name);
    await choose(page, 'Federal tax classification', 'Individual / sole proprietor');
    await form.getByLabel('Address', { exact: true }).fill('12 Elm Street');
    await form.getByLabel('City', { exact: true }).fill('Austin');
    await form.getByLabel('State', { exact: true }).fill('TX');
    await form.getByLabel('ZIP / postal code').fill('73301');
    // A TIN of the wrong shape (checked once the rest is filled, below).
    await form.getByLabel('Taxpayer identification number', { exact: true }).fill('000-12-3456');
  } else if (type === 'w8ben') {
    await form.getByLabel('Name (as shown on your tax return)').fill(a.name);
    await chooseCountry(page, 'Country of citizenship', 'Germany');
    await typeDate(page, 'Date of birth', '1988-04-12');
    await expect(form.locator('#tax-form-date_of_birth')).toHaveValue('Apr 12, 1988');
    await form.getByLabel('Address', { exact: true }).fill('Hauptstrasse 5');
    await form.getByLabel('City', { exact: true }).fill('Berlin');
    await form.getByLabel('ZIP / postal code').fill('10115');
    await chooseCountry(page, 'Country of residence', 'Germany');
    await form.getByLabel('Foreign tax identifying number').fill('DE 12/345/67890');
  } else {
    await form.getByLabel('Name (as shown on your tax return)').fill(`${a.name} Ltd`);
    await chooseCountry(page, 'Country of incorporation', 'United Kingdom');
    await choose(page, 'Entity type (chapter 3 status)', 'Corporation');
    await choose(page, 'FATCA status (chapter 4)', 'Active NFFE');
    await form.getByLabel('Address', { exact: true }).fill('221B Baker Street');
    await form.getByLabel('City', { exact: true }).fill('London');
    await form.getByLabel('ZIP / postal code').fill('NW1 6XE');
    await chooseCountry(page, 'Country of residence', 'United Kingdom');
    await form.getByLabel('Foreign tax identifying number').fill('GB 1234567890');
    await form.getByLabel('Name of the person signing').fill(a.name);
  }
  await form.getByRole('checkbox', { name: /Under penalties of perjury/ }).check();
  await form.getByLabel('Signature', { exact: true }).fill(a.name);
  if (type === 'w9') {
    // The wrong-shaped TIN is refused on its field; nothing is sent until it is right.
    await form.getByRole('button', { name: 'Submit form' }).click();
    await expect(form.getByText('Enter a valid SSN or ITIN: 9 digits, as 123-45-6789.')).toBeVisible();
    await form.getByLabel('Taxpayer identification number', { exact: true }).fill('123-45-6789');
    // The message goes once the number is right (the form checks again as it is typed); the button
    // moves up with it, so the click waits for the form to settle.
    await expect(form.getByText('Enter a valid SSN or ITIN: 9 digits, as 123-45-6789.')).toBeHidden();
  }
  if (shots) await page.screenshot({ path: `${shots}/billing-${type}-form.png`, fullPage: true });
  await form.getByRole('button', { name: 'Submit form' }).click();
  // The server makes and encrypts the form's PDF before it answers: on a loaded two-core CI machine
  // that took longer than the default wait once (no request had finished after 10 s).
  await expect(page.getByText('Your tax form was sent for review')).toBeVisible({ timeout: 30_000 });
  await expect(form).toBeHidden();
  await expect(panel.getByTestId('tax-form-status')).toHaveText('Pending');
  await expect(panel.getByText(formName[type], { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The affiliate's own browser: signs in and opens the Billing tab. */
async function affiliatePage(browser: Browser, a: NewAffiliate, viewport: { width: number; height: number } | null): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...(viewport ? { viewport } : {}), colorScheme: 'dark' });
  await rememberCookieChoice(context, baseURL);
  const page = await context.newPage();
  // The first page of a fresh browser waits for the app's first load (slow on a busy machine).
  await page.goto('/signin');
  await expect(page.getByLabel('Email')).toBeVisible({ timeout: 20_000 });
  await signIn(page, a);
  return page;
}

test('new affiliates fill each tax form; staff accept one and decline with either choice; the affiliates see the outcome', { tag: '@layout' }, async ({ page, browser, viewport }, testInfo) => {
  test.setTimeout(420_000);
  const shots = `screenshots/tax-forms/${testInfo.project.name}`;
  // Unique people per run (and per retry), so the test never meets an earlier run's forms.
  const stamp = `${Date.now().toString(36)}${testInfo.project.name[0]}${testInfo.retry}`;
  const staff = await staffSession();
  const people = {
    w9: await newAffiliate(staff, `Wanda${stamp} Nine`, `wanda.${stamp}@example.com`),
    w8ben: await newAffiliate(staff, `Bruno${stamp} Keller`, `bruno.${stamp}@example.com`),
    w8bene: await newAffiliate(staff, `Erin${stamp} Entity`, `erin.${stamp}@example.com`),
  };
  await staff.dispose();

  const pages = {} as Record<FormType, Page>;
  for (const type of ['w9', 'w8ben', 'w8bene'] as const) {
    pages[type] = await affiliatePage(browser, people[type], viewport);
    await fillTaxForm(pages[type], type, people[type], shots);
  }

  // Staff: the affiliates list's "view W9/W8 form" opens the W-9 beside its data; Accept.
  await signIn(page, accounts.manager);
  await page.goto(`/affiliates?search=${encodeURIComponent(people.w9.email)}`);
  const row = page.getByRole('row').filter({ hasText: people.w9.email });
  await expect(row).toContainText('Pending');
  await page.getByRole('button', { name: `Actions: ${people.w9.email}` }).click();
  await page.getByRole('menuitem', { name: 'View W9/W8 form' }).click();
  await expect(page).toHaveURL(/\/affiliates\/tax-forms\?tax_form=\d+$/);
  let review = page.getByRole('dialog', { name: `Form W-9 of ${people.w9.name}` });
  await expect(review).toContainText('***-**-6789');
  await expect(review).not.toContainText('123-45-6789');
  await expect(review.getByTitle('PDF of the tax form')).toBeVisible();
  await page.screenshot({ path: `${shots}/staff-review.png` });
  await review.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Tax form accepted')).toBeVisible();
  await expect(review).toBeHidden();
  // The list's W9/W8 column and filter follow.
  await page.goto(`/affiliates?search=${encodeURIComponent(people.w9.email)}&legal_form_status=accepted`);
  await expect(page.getByRole('row').filter({ hasText: people.w9.email })).toContainText('Accepted');

  // The queue, oldest first: the W-8BEN is declined but kept Pending (the dialog's alternative choice).
  const reasons = { w8ben: `Please check the date of birth (${stamp})`, w8bene: `The form is not signed by an officer (${stamp})` };
  await page.goto('/affiliates/tax-forms');
  const queue = page.getByRole('region', { name: 'Tax forms to review' });
  await queue.getByRole('row').filter({ hasText: people.w8ben.email }).getByRole('button', { name: 'View W9/W8 form' }).click();
  review = page.getByRole('dialog', { name: `Form W-8BEN of ${people.w8ben.name}` });
  await review.getByRole('button', { name: 'Decline' }).click();
  let decline = page.getByRole('dialog', { name: 'Decline the tax form' });
  // No reason: the field says so, nothing is sent.
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(decline.getByText('This field is required')).toBeVisible();
  await decline.getByLabel('Reason (sent to the affiliate)').fill(reasons.w8ben);
  await decline.getByRole('radio', { name: /^Pending/ }).check();
  await page.screenshot({ path: `${shots}/staff-decline.png` });
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('The affiliate was told what to fix; the form stays pending')).toBeVisible();
  await expect(decline).toBeHidden();
  // Still in the queue, for another look.
  await expect(queue.getByRole('row').filter({ hasText: people.w8ben.email })).toBeVisible();

  // The W-8BEN-E is declined back to Not Uploaded (the dialog's first choice).
  await queue.getByRole('row').filter({ hasText: people.w8bene.email }).getByRole('button', { name: 'View W9/W8 form' }).click();
  review = page.getByRole('dialog', { name: `Form W-8BEN-E of ${people.w8bene.name}` });
  await review.getByRole('button', { name: 'Decline' }).click();
  decline = page.getByRole('dialog', { name: 'Decline the tax form' });
  await expect(decline.getByRole('radio', { name: /^Not Uploaded/ })).toBeChecked();
  await decline.getByLabel('Reason (sent to the affiliate)').fill(reasons.w8bene);
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('Tax form declined')).toBeVisible();
  await expect(queue.getByRole('row').filter({ hasText: people.w8bene.email })).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  // Each affiliate sees the outcome in the Billing tab; the declined ones read the reason.
  const status = (p: Page) => p.getByRole('region', { name: 'Tax form (W-9 / W-8)' }).getByTestId('tax-form-status');
  for (const p of Object.values(pages)) await p.reload();
  await expect(status(pages.w9)).toHaveText('Accepted');
  await expect(status(pages.w8ben)).toHaveText('Pending');
  await expect(pages.w8ben.getByText(`Staff asked for a change: ${reasons.w8ben}`)).toBeVisible();
  await expect(status(pages.w8bene)).toHaveText('Not Uploaded');
  await expect(pages.w8bene.getByText(`Declined: ${reasons.w8bene}`)).toBeVisible();
  await pages.w8bene.screenshot({ path: `${shots}/billing-declined.png`, fullPage: true });
  for (const p of Object.values(pages)) await p.context().close();
});
