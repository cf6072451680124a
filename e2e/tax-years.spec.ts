import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { NETWORK_TIME_ZONE } from '@portal/contracts';
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { accounts, signIn } from './support/accounts.ts';
import { logOut, rememberCookieChoice } from './support/shell.ts';

// Year-end tax forms as people meet them: staff open Payouts > Tax forms for this year (figures to
// date), see the demo affiliate's 1099-NEC line and download its recipient copy; the affiliate finds
// the same form under Tax documents in Payout History and downloads it too.
test.describe.configure({ mode: 'serial' });

const pdfText = (path: string) => execFileSync('pdftotext', ['-layout', path, '-']).toString('utf8');

test('staff download a payee’s 1099-NEC from Payouts > Tax forms, and the affiliate downloads theirs from Payout History', async ({ page, context, browser, viewport }) => {
  test.skip((viewport?.width ?? 0) < 1024, 'downloaded once, at the desktop width');
  test.setTimeout(120_000);
  await rememberCookieChoice(context, baseURL);
  const year = new Date().toLocaleDateString('en-US', { timeZone: NETWORK_TIME_ZONE, year: 'numeric' });

  await signIn(page, accounts.owner);
  await page.goto('/payouts?view=tax-forms');
  await expect(page.getByRole('tab', { name: 'Tax forms', selected: true })).toBeVisible();
  await expect(page.getByText(`${year} has not ended: these are the figures to date.`)).toBeVisible();
  const line = page.getByRole('row').filter({ hasText: 'affiliate@example.com' });
  await expect(line).toContainText('1099-NEC');
  await expect(line).toContainText('Mail a paper copy');
  const [staffCopy] = await Promise.all([page.waitForEvent('download'), line.getByRole('button', { name: /Download the 1099-NEC of/ }).click()]);
  expect(staffCopy.suggestedFilename()).toMatch(new RegExp(`^1099-NEC-${year}-\\d+\\.pdf$`));
  const staffText = pdfText((await staffCopy.path())!);
  expect(staffText).toContain('Copy B');
  expect(staffText).toContain('Alex Rivera');
  expect(staffText).toContain('**-***7150');
  expect(staffText).not.toContain('46-3827150');
  // The IRS file of the demo network: FIRE records of 750 bytes, the transmitter first, the end of
  // transmission last, the demo affiliate's payee record carrying the whole number (staff only).
  const [irs] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'IRS file', exact: true }).click()]);
  expect(irs.suggestedFilename()).toBe(`IRS-1099-NEC-${year}.txt`);
  const file = readFileSync((await irs.path())!, 'latin1');
  expect(file.length % 750).toBe(0);
  const records = file.match(/[\s\S]{750}/g) ?? [];
  expect(records.map((r) => r[0]).join('')).toMatch(/^TAB+CF$/);
  expect(records.find((r) => r[0] === 'B')).toContain('463827150');
  await logOut(page);

  // The affiliate, in a browser of their own.
  const own = await browser.newContext({ acceptDownloads: true });
  await rememberCookieChoice(own, baseURL);
  const affiliate = await own.newPage();
  await signIn(affiliate, accounts.affiliate);
  await affiliate.goto('/payments');
  const documents = affiliate.getByRole('region', { name: 'Tax documents' });
  await expect(documents).toBeVisible();
  const [mine] = await Promise.all([affiliate.waitForEvent('download'), documents.getByRole('button', { name: `Download your ${year} Form 1099-NEC` }).first().click()]);
  expect(mine.suggestedFilename()).toBe(`1099-NEC-${year}.pdf`);
  const text = pdfText((await mine.path())!);
  expect(text).toContain('Alex Rivera');
  expect(text).toContain('**-***7150');
  expect(text).toContain(`Figures to date: ${year} has not ended`);
  expect(readFileSync((await mine.path())!).subarray(0, 5).toString()).toBe('%PDF-');
  await own.close();
});
