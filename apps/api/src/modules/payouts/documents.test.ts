import type { Payout, StatementRow } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/support/pdf.ts';
import { invoiceLines, invoicePdf, receiptPdf, usd } from './documents.ts';

const payout: Payout = {
  id: 7,
  period: '2026-10',
  status: 'paid',
  amount: 1187.5,
  gross: 1250,
  withholding: 37.5,
  fee: 25,
  currency: 'USD',
  method: 'paypal',
  method_name: 'PayPal',
  bank: null,
  affiliate: { id: 3, name: 'Jane <b>Doe</b>', email: 'jane@example.com' },
  hold_reasons: [],
  reject_reason: null,
  invoice_number: '2026-000012',
  created_at: '2026-11-01T09:00:00.000Z',
  approved_at: null,
  paid_at: '2026-11-10T18:00:00.000Z',
  reference: 'TX-991',
  unmark_paid_until: null,
};

const row = (id: number, kind: string, amount: number, offer: { id: number; name: string } | null, description = kind): StatementRow => ({
  id,
  kind,
  amount,
  offer,
  created_at: '2026-10-05T10:00:00.000Z',
  conversion_id: offer ? id * 10 : null,
  description,
});

const statement: StatementRow[] = [
  row(1, 'earning', 800, { id: 1, name: 'VR Bangers CPA' }),
  row(2, 'earning', 500, { id: 1, name: 'VR Bangers CPA' }),
  row(3, 'reversal', -100, { id: 1, name: 'VR Bangers CPA' }),
  row(4, 'earning', 25, { id: 2, name: 'Naughty revshare' }),
  row(5, 'referral_commission', 15, null),
  row(6, 'bonus', 10, null),
  row(7, 'withholding', -37.5, null),
  row(8, 'fee', -25, null, 'Fee - Custom split fee'),
];

describe('invoices and receipts', () => {
  it('groups earnings by offer, then commissions and bonuses, and deductions apart', () => {
    const lines = invoiceLines(statement);
    expect(lines.earnings).toEqual([
      { label: 'VR Bangers CPA', detail: '2 conversions, 1 reversal', amount: 1200 },
      { label: 'Naughty revshare', detail: '1 conversion', amount: 25 },
      { label: 'Referral commissions', detail: '1 item', amount: 15 },
      { label: 'Bonuses', detail: '1 item', amount: 10 },
    ]);
    expect(lines.deductions).toEqual([
      { label: 'Tax withholding', detail: '', amount: -37.5 },
      { label: 'Custom split fee', detail: '', amount: -25 },
    ]);
  });

  it('prints a self-billing invoice whose totals read back from the PDF', async () => {
    const pdf = await invoicePdf(payout, statement, { company: '=HYPERLINK("x")', address: '1 Main St', city: 'Austin', postal_code: '73301', country: 'US' }, { name: 'VR Network Ltd', address: '5 Harbour Road\nLimassol', email: 'billing@vr.example', tax_id: 'CY123', invoice_footer: 'Registered in Cyprus, HE 401234. Reverse charge applies.' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Self-billing invoice');
    expect(text).toContain('2026-000012');
    expect(text).toContain('October 2026');
    expect(text).toContain('VR Network Ltd');
    expect(text).toContain('5 Harbour Road');
    expect(text).toContain('Tax ID: CY123');
    expect(text).toContain('Registered in Cyprus, HE 401234. Reverse charge applies.');
    expect(text).toContain('Jane <b>Doe</b>');
    expect(text).toContain('=HYPERLINK("x")');
    expect(text).toMatch(/VR Bangers CPA\s+2 conversions, 1 reversal\s+\$1,200\.00/);
    expect(text).toMatch(/Gross earnings\s+\$1,250\.00/);
    expect(text).toMatch(/Tax withholding\s+-\$37\.50/);
    expect(text).toMatch(/Total payable\s+USD\s+\$1,187\.50/);
    expect(text).toMatch(/on behalf of the supplier/);
  });

  it('prints a receipt with the paid date and reference', async () => {
    const text = pdfText(await receiptPdf(payout, {}, { name: 'VR Network Ltd', address: '', email: '', tax_id: '', invoice_footer: '' }));
    expect(text).toContain('Payment receipt');
    expect(text).toContain('Nov 10, 2026');
    expect(text).toContain('TX-991');
    expect(text).toMatch(/Amount paid\s+USD\s+\$1,187\.50/);
  });

  it('prints names and addresses in any script as typed, with only the glyphs used embedded', async () => {
    const intl = 'Zürich 東京 Ελλάδα';
    const named = { ...payout, affiliate: { ...payout.affiliate, name: intl }, method_name: 'Überweisung 銀行' };
    const billing = { address: `${intl} 1`, city: 'Москва', postal_code: '101000', country: 'RU' };
    const network = { name: 'Сеть 網絡 Ltd', address: 'Οδός 5\n東京都', email: 'billing@vr.example', tax_id: '', invoice_footer: '' };
    for (const pdf of [await invoicePdf(named, statement, billing, network), await receiptPdf(named, billing, network)]) {
      const text = pdfText(pdf);
      for (const typed of [intl, `${intl} 1`, '101000 Москва', 'Überweisung 銀行', 'Сеть 網絡 Ltd', 'Οδός 5', '東京都']) expect(text).toContain(typed);
      // Subset fonts: a few kilobytes per font, not the megabytes of the font files.
      expect(pdf.length).toBeLessThan(120_000);
    }
  });

  it('writes dollars with thousands and a sign', () => {
    expect(usd(1234567.5)).toBe('$1,234,567.50');
    expect(usd(-0.05)).toBe('-$0.05');
    expect(usd(0)).toBe('$0.00');
  });
});
