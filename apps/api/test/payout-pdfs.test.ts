import { execFileSync } from 'node:child_process';
import { addPeriods, type Payout } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodOf, periodStart } from '../src/modules/payouts/periods.ts';
import { putNetworkDetails } from '../src/modules/settings/sections.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { LedgerFixture, payableProfile, paymentMethod } from './support/money.ts';
import { pdfText } from './support/pdf.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

// Invoices and receipts print every text through the embedded Unicode font (the footer too), and
// the issuer's details as they were when the payout was issued, whatever staff change later.
type Tokens = { access_token: string };
const DAY = 86_400_000;
const mail = new MailCatcher();
let t: TestApp;
let staff: Tokens, affiliate: Tokens;
let payout: Payout;

const issued = { name: 'Фирма ВР Сеть', address: 'ул. Ленина, 1\nМосква 101000', email: 'billing@example.com', tax_id: 'ИНН 7701234567', invoice_footer: 'Фирма: реквизиты банка, 東京支店', default_fallback_url: '' };

/** The fonts of a PDF as poppler lists them: name, type and whether it is embedded. */
const fontsOf = (bytes: Buffer) =>
  execFileSync('pdffonts', ['-'], { input: bytes })
    .toString('utf8')
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((line) => ({ name: line.split(/\s+/)[0], embedded: / yes +(yes|no) +(yes|no) +\d+ +\d+\s*$/.test(line) }));

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start() });
  const s = await createStaff(t.app, ['payouts']);
  staff = await signIn(t.app, mail, s.email, s.password);
  const a = await createAffiliate(t.app);
  affiliate = await signIn(t.app, mail, a.email, a.password);
  await paymentMethod(t.app, 'paypal', 5000);
  await payableProfile(t.app, a.id);
  const last = addPeriods(periodOf(new Date()), -1);
  await new LedgerFixture(t.app, s.id).earn(a.id, 80_000, new Date(periodStart(last).getTime() + DAY + 3_600_000), 'Offer Ω');
  await putNetworkDetails(t.app.db, issued);
  const ok = (r: { statusCode: number; body: string }) => {
    if (r.statusCode !== 200) throw new Error(`setup failed: ${r.statusCode} ${r.body}`);
  };
  ok(await t.app.inject({ method: 'POST', url: '/v1/payouts/close-period', headers: bearer(staff), payload: { period: last } }));
  payout = (await t.app.inject({ method: 'GET', url: '/v1/payouts', headers: bearer(affiliate) })).json().data[0];
  // Staff change the network's details after the payout was issued.
  await putNetworkDetails(t.app.db, { name: 'Renamed Network LLC', address: '9 Other Street', email: 'new@example.com', tax_id: 'NEW-1', invoice_footer: 'A later footer', default_fallback_url: '' });
  ok(await t.app.inject({ method: 'POST', url: `/v1/payouts/${payout.id}/approve`, headers: bearer(staff) }));
  ok(await t.app.inject({ method: 'POST', url: `/v1/payouts/${payout.id}/mark-paid`, headers: bearer(staff), payload: { reference: 'PP-1' } }));
});
afterAll(async () => {
  await t?.close();
  await mail.stop();
});

describe('invoice and receipt PDFs', () => {
  for (const file of ['invoice.pdf', 'receipt.pdf']) {
    it(`${file}: prints the issuer's details as issued, the footer in Cyrillic and CJK, with embedded fonts only`, async () => {
      const reply = await t.app.inject({ method: 'GET', url: `/v1/payouts/${payout.id}/${file}`, headers: bearer(affiliate) });
      expect(reply.statusCode).toBe(200);
      const text = pdfText(reply.rawPayload);
      for (const s of ['Фирма ВР Сеть', 'ул. Ленина, 1', 'Москва 101000', 'ИНН 7701234567', 'Фирма: реквизиты банка, 東京支店']) expect(text).toContain(s);
      for (const s of ['Renamed Network', 'Other Street', 'A later footer', 'BD8D<C']) expect(text).not.toContain(s);
      const fonts = fontsOf(reply.rawPayload);
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.filter((f) => !f.embedded)).toEqual([]);
    });
  }
});
