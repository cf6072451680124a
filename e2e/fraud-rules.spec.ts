import { expect as baseExpect, test } from '@playwright/test';
import { accounts, signIn } from './support/accounts.ts';
import { dataOf, staffSession } from './support/api.ts';
import { readMails } from './support/mail.ts';
import { rememberCookieChoice } from './support/shell.ts';

// Fraud rules on screen (docs/fraud.md): staff with the fraud permission read and change the network's
// rules and the risk-hold table in the Fraud page's Rules tab, and an offer's own rules in its Offer
// details; each rule says in one sentence what it does, and each change is in the event history.
test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);
const expect = baseExpect.configure({ timeout: 30_000 });
test.beforeEach(async ({ context, baseURL }) => rememberCookieChoice(context, baseURL!));

type Rule = { rule: string; value: number; action: string };
type Event = { type: string; object_id: string | null; after: { rules: Rule[]; risk_holds?: Array<{ ratio: number; extra_days: number }> } };

test("staff change the network's rules and risk holds in the Rules tab; the change is in the event history", async ({ page }, info) => {
  const api = await staffSession();
  const before = await dataOf<{ rules: Rule[]; risk_holds: unknown[] }>(await api.get('/v1/settings/fraud-rules'));
  try {
    await signIn(page, accounts.owner);
    // The sign-in code came from the network by its name, and greets the owner as such.
    const code = readMails().filter((m) => m.to.includes(accounts.owner.email) && /^Your sign-in code/.test(m.subject)).at(-1)!;
    const network = await dataOf<{ name: string }>(await api.get('/v1/settings/network-details'));
    expect(code.from).toMatch(new RegExp(`^"?${network.name}"? <`));
    expect(code.text).toMatch(/^Hello Owner,/m);
    await page.goto('/fraud');
    await page.getByRole('tab', { name: 'Rules' }).click();
    await expect(page).toHaveURL(/\/fraud\?tab=rules$/);
    const soon = page.getByRole('listitem', { name: 'Too soon after the click' });
    // The demo's rule, in one sentence.
    await expect(soon.getByTestId('fraud-rule-min_seconds-sentence')).toHaveText(
      'A conversion made less than 15 seconds after its click is paid and flagged, with the reason shown in the conversion log.',
    );
    const first = page.getByRole('listitem', { name: "An affiliate's first conversions" });
    await expect(first).toContainText('Off: this rule checks nothing.');
    await page.screenshot({ path: info.outputPath(`fraud-rules-${info.project.name}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    // Hold the first 3 conversions of each affiliate; too-soon becomes 20 seconds and a rejection.
    await first.getByRole('switch').check();
    await first.getByLabel("Value of An affiliate's first conversions").fill('3');
    await expect(first.getByTestId('fraud-rule-first_conversions-sentence')).toHaveText("Each of an affiliate's first 3 conversions is held until staff approve or reject it.");
    await soon.getByLabel('Value of Too soon after the click').fill('20');
    await soon.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Reject' }).click();
    await expect(soon.getByTestId('fraud-rule-min_seconds-sentence')).toHaveText('A conversion made less than 20 seconds after its click is rejected and earns nothing.');
    // A value the rule cannot take is refused with the field's message, and nothing is saved.
    await soon.getByLabel('Value of Too soon after the click').fill('2.5');
    await page.getByRole('button', { name: 'Save rules' }).click();
    await expect(soon).toContainText('This field must be a whole number of at least 1.');
    await soon.getByLabel('Value of Too soon after the click').fill('20');
    await page.getByRole('button', { name: 'Save rules' }).click();
    await expect(page.getByText("The network's fraud rules were saved.")).toBeVisible();

    // A risk hold added: its sentence, then saved.
    const holds = page.getByRole('region', { name: 'Risk holds' });
    await holds.getByRole('button', { name: 'Add a risk hold' }).click();
    const added = holds.getByRole('listitem').last();
    await added.getByLabel('Chargeback ratio at least').fill('40');
    await added.getByLabel('Extra hold').fill('30');
    await expect(added).toContainText('An affiliate whose chargebacks over 90 days are at least 40% of sales is paid 30 days later.');
    await holds.getByRole('button', { name: 'Save risk holds' }).click();
    await expect(page.getByText('The risk holds were saved.')).toBeVisible();

    // After a reload, as saved.
    await page.reload();
    await expect(page.getByLabel('Value of Too soon after the click')).toHaveValue('20');
    await expect(page.getByLabel("Value of An affiliate's first conversions")).toHaveValue('3');
    await expect(page.getByRole('region', { name: 'Risk holds' }).getByText('at least 40% of sales is paid 30 days later', { exact: false })).toBeVisible();

    // The event history has both changes, newest first.
    const events = await dataOf<Event[]>(await api.get('/v1/events?object_type=settings&per_page=5'));
    const changes = events.filter((e) => e.type === 'settings.fraud_rules');
    expect(changes[0]!.after.risk_holds).toContainEqual({ ratio: 40, extra_days: 30 });
    expect(changes[1]!.after.rules).toContainEqual({ rule: 'min_seconds', value: 20, action: 'reject' });
    expect(changes[1]!.after.rules).toContainEqual({ rule: 'first_conversions', value: 3, action: 'hold' });
  } finally {
    await api.put('/v1/settings/fraud-rules', { data: before });
    await api.dispose();
  }
});

test("staff set an offer's own rule in its Offer details; the others follow the network", async ({ page }, info) => {
  const api = await staffSession();
  const offers = await dataOf<Array<{ id: number; name: string }>>(await api.get(`/v1/offers?search=${encodeURIComponent('HoloStage')}`));
  const offer = offers[0]!;
  try {
    await signIn(page, accounts.owner);
    await page.goto(`/offers/${offer.id}`);
    const section = page.getByRole('region', { name: 'Fraud rules' });
    const soon = section.getByRole('listitem', { name: 'Too soon after the click' });
    await expect(soon).toContainText(
      "Follows the network's rule: A conversion made less than 15 seconds after its click is paid and flagged, with the reason shown in the conversion log.",
    );
    await soon.getByRole('switch').check();
    await soon.getByLabel('Value of Too soon after the click').fill('60');
    await expect(soon).toContainText('A conversion made less than 60 seconds after its click is held until staff approve or reject it.');
    await section.getByRole('button', { name: 'Save rules' }).click();
    await expect(page.getByText("The offer's fraud rules were saved.")).toBeVisible();
    await page.screenshot({ path: info.outputPath(`offer-fraud-rules-${info.project.name}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    expect((await dataOf<{ rules: Rule[] }>(await api.get(`/v1/offers/${offer.id}/fraud-rules`))).rules).toEqual([{ rule: 'min_seconds', value: 60, action: 'hold' }]);
    const events = await dataOf<Event[]>(await api.get('/v1/events?object_type=offer&per_page=5'));
    const change = events.find((e) => e.type === 'offer.fraud_rules')!;
    expect(change.object_id).toBe(String(offer.id));
    expect(change.after.rules).toEqual([{ rule: 'min_seconds', value: 60, action: 'hold' }]);
  } finally {
    await api.put(`/v1/offers/${offer.id}/fraud-rules`, { data: { rules: [] } });
    await api.dispose();
  }
});
