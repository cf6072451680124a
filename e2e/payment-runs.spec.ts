import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { accounts, signIn } from './support/accounts.ts';
import { logOut, rememberCookieChoice } from './support/shell.ts';

// Money out on a real rail, as people meet it: staff make a SEPA run of the payouts to pay, a second
// staff member approves it, downloads its file and marks it sent; the bank's pain.002 returns one
// payment (AC04, the account is closed); the affiliate sees it returned, why, and the money back.
test.describe.configure({ mode: 'serial' });

const finance = { email: 'finance@example.com', password: 'demo-finance-2026', staff: true } as const;
const payee = { email: 'payee-sepa@example.com', password: 'demo-affiliate-2026', staff: false } as const;

/** The bank's status report: one transaction rejected (AC04), the others accepted. */
function pain002(messageId: string, rejected: string, accepted: readonly string[]) {
  const tx = (ref: string, status: string, extra = '') => `<TxInfAndSts><OrgnlEndToEndId>${ref}</OrgnlEndToEndId><TxSts>${status}</TxSts>${extra}</TxInfAndSts>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>BANK-STS-E2E</MsgId><CreDtTm>2026-12-02T07:00:00</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts><OrgnlMsgId>${messageId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId><GrpSts>PART</GrpSts></OrgnlGrpInfAndSts>
    <OrgnlPmtInfAndSts><OrgnlPmtInfId>${messageId}-1</OrgnlPmtInfId>
      ${tx(rejected, 'RJCT', '<StsRsnInf><Rsn><Cd>AC04</Cd></Rsn></StsRsnInf>')}
      ${accepted.map((ref) => tx(ref, 'ACSC')).join('\n      ')}
    </OrgnlPmtInfAndSts>
  </CstmrPmtStsRpt>
</Document>
`;
}

test('a SEPA run: made, approved by a second person, downloaded, sent; the bank returns one payment and the affiliate sees it back on the balance', async ({ page, context, viewport }) => {
  test.skip((viewport?.width ?? 0) < 1024, 'the run is made once, at the desktop width');
  test.setTimeout(240_000);
  await rememberCookieChoice(context, baseURL);

  // The owner makes a wire run of the payouts to pay.
  await signIn(page, accounts.owner);
  await page.goto('/payouts?view=runs');
  await expect(page.getByRole('tab', { name: 'Payment runs', selected: true })).toBeVisible();
  await page.getByLabel('Method').click();
  await page.getByRole('option', { name: 'Wire (SEPA and cross-border)' }).click();
  await page.getByRole('button', { name: 'Create run' }).click();
  const detail = page.getByRole('dialog', { name: /Payment run #\d+/ });
  await expect(detail).toBeVisible();
  const runId = Number((await detail.getByRole('heading').first().innerText()).match(/#(\d+)/)![1]);
  await expect(detail.getByText('The pre-flight check found nothing a bank would refuse.')).toBeVisible();
  const row = detail.getByRole('row').filter({ hasText: 'Daan de Vries' });
  await expect(row).toContainText('EUR');
  const reference = (await row.getByRole('cell').nth(4).innerText()).trim();
  expect(reference).toMatch(new RegExp(`^PR${runId}-\\d+$`));
  // The creator cannot approve their own run.
  await detail.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog', { name: `Approve payment run #${runId}?` }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('A payment run is approved by a staff member other than the one who created it.')).toBeVisible();
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toBeHidden();
  await logOut(page);

  // The payments officer approves, downloads the file and marks the run sent.
  await signIn(page, finance);
  await page.goto('/payouts?view=runs');
  await page.getByRole('button', { name: `Open #${runId}` }).click();
  const run = page.getByRole('dialog', { name: /Payment run #\d+/ });
  await run.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog', { name: `Approve payment run #${runId}?` }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Payment run approved')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), run.getByRole('button', { name: 'Download file' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.xml$/);
  const xml = readFileSync((await download.path())!, 'utf8');
  expect(xml).toContain(`<EndToEndId>${reference}</EndToEndId>`);
  const messageId = xml.match(/<MsgId>([^<]+)<\/MsgId>/)![1]!;
  const others = [...xml.matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g)].map((m) => m[1]!).filter((r) => r !== reference);
  await run.getByRole('button', { name: 'Mark sent' }).click();
  await page.getByRole('dialog', { name: `Mark payment run #${runId} sent?` }).getByRole('button', { name: 'Mark sent' }).click();
  await expect(page.getByText('Payment run marked as sent')).toBeVisible();
  await run.getByRole('button', { name: 'Close' }).click();

  // The bank's answer: the Dutch payee's account is closed.
  await page.getByTestId('status-file-input').setInputFiles({ name: 'pain002.xml', mimeType: 'application/xml', buffer: Buffer.from(pain002(messageId, reference, others)) });
  await expect(page.getByTestId('status-file-result')).toContainText(`${reference}: Returned (The account is closed)`);
  await page.getByRole('button', { name: `Open #${runId}` }).click();
  await expect(run.getByRole('row').filter({ hasText: 'Daan de Vries' })).toContainText('Returned');
  await expect(run.getByTestId('run-totals')).toContainText('agree to the cent');
  await run.getByRole('button', { name: 'Close' }).click();
  await expect(run).toBeHidden();
  await logOut(page);

  // The affiliate: the payout returned, why, the reference to quote, and the money back on the balance.
  await signIn(page, payee);
  await page.goto('/payments');
  const mine = page.getByRole('row').filter({ hasText: 'Returned' });
  await expect(mine).toContainText('The account is closed');
  await mine.getByRole('button', { name: /Timeline/ }).click();
  const timeline = page.getByTestId('payout-timeline');
  await expect(timeline).toContainText(`Reference to quote to your bank: ${reference}`);
  await expect(timeline).toContainText('Returned by the bank');
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('$875.00').first()).toBeVisible();
  await expect(page.getByText('Not eligible for payouts').first()).toBeVisible();
});

test('the payment runs and a returned payout’s timeline fit the screen, at both widths', async ({ page, context }, info) => {
  test.setTimeout(180_000);
  await rememberCookieChoice(context, baseURL);
  const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await signIn(page, finance);
  await page.goto('/payouts?view=runs');
  // The demo's run sent whose bank returned one payment.
  const sent = page.getByRole('row').filter({ has: page.getByRole('button', { name: /^Open #/ }) }).filter({ hasText: 'Sent' }).first();
  await expect(sent).toBeVisible();
  await fits();
  await page.screenshot({ path: info.outputPath('payment-runs.png'), fullPage: true });
  await sent.getByRole('button', { name: /^Open #/ }).click();
  const run = page.getByRole('dialog', { name: /Payment run #\d+/ });
  await expect(run.getByText('The account is closed')).toBeVisible();
  await page.screenshot({ path: info.outputPath('payment-run.png'), fullPage: true });
  await run.getByRole('button', { name: 'Close' }).click();
  await expect(run).toBeHidden();
  await page.goto('/payouts');
  await expect(page.getByTestId('next-close')).toContainText('Next automatic close:');
  await fits();
  await page.screenshot({ path: info.outputPath('payouts.png'), fullPage: true });
  // Staff close a period from here, asked first; the server's answer is shown (an old period: later ones are closed).
  await page.getByRole('button', { name: 'Close a period' }).click();
  const closing = page.getByRole('dialog', { name: 'Close a period' });
  await expect(closing.getByLabel('Period')).not.toHaveValue('');
  await closing.getByLabel('Period').fill('2024-09');
  await expect(closing).toContainText('Closing September 2024 makes one payout per affiliate');
  await closing.getByRole('button', { name: 'Close the period' }).click();
  await expect(page.getByText('A later period is already closed.')).toBeVisible();
  await closing.getByRole('button', { name: 'Cancel' }).click();
  await expect(closing).toBeHidden();
  await logOut(page);

  await signIn(page, { email: 'payee-sepa-returned@example.com', password: 'demo-affiliate-2026', staff: false });
  await page.goto('/payments');
  const mine = page.getByRole('row').filter({ hasText: 'Returned' });
  await expect(mine).toContainText('The account is closed');
  await fits();
  await page.screenshot({ path: info.outputPath('payments.png'), fullPage: true });
  await mine.getByRole('button', { name: /Timeline/ }).click();
  await expect(page.getByTestId('payout-timeline')).toContainText('Returned by the bank');
  await page.screenshot({ path: info.outputPath('timeline.png'), fullPage: true });
});
