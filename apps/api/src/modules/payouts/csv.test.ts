import type { Payout } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { bankExportCsv } from './csv.ts';

const payout = (id: number, over: Partial<Payout> = {}): Payout => ({
  id,
  period: '2026-10',
  status: 'to_pay',
  amount: 1187.5,
  gross: 1250,
  withholding: 37.5,
  fee: 25,
  currency: 'USD',
  method: 'paypal',
  method_name: 'PayPal',
  bank: null,
  affiliate: { id: 3, name: 'Jane Doe', email: 'jane@example.com' },
  hold_reasons: [],
  reject_reason: null,
  invoice_number: `2026-0000${id}`,
  created_at: '2026-11-01T09:00:00.000Z',
  approved_at: '2026-11-02T09:00:00.000Z',
  paid_at: null,
  reference: null,
  unmark_paid_until: null,
  ...over,
});

describe('bank export', () => {
  it('PayPal: the Payouts Web payment file, without a header, in its column order', () => {
    const file = bankExportCsv('paypal', [
      { payout: payout(12), billing: { country: 'DE', details: { email: 'jane.pays@example.com' } } },
      { payout: payout(13, { amount: 70, affiliate: { id: 4, name: 'Sam', email: 'sam@example.com' } }), billing: { details: { email: '=cmd@example.com' } } },
    ]);
    expect(file.split('\r\n')).toEqual([
      'jane.pays@example.com,1187.50,USD,2026-000012,"Payout for 2026-10, invoice 2026-000012",PAYPAL',
      // A bank's own file: its cells as PayPal reads them (quoted where needed), no spreadsheet prefix.
      '=cmd@example.com,70.00,USD,2026-000013,"Payout for 2026-10, invoice 2026-000013",PAYPAL',
      '',
    ]);
  });

  it('other methods: every column named once, the payee details under payee_…', () => {
    const file = bankExportCsv('wire', [{ payout: payout(12, { method: 'wire' }), billing: { country: 'DE', details: { email: 'acct@example.com', iban: 'DE89370400440532013000' } } }]);
    const [header, line] = file.split('\r\n');
    const names = header!.split(',');
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(['payout_id', 'invoice_number', 'period', 'affiliate_id', 'name', 'email', 'country', 'method', 'bank', 'payee_email', 'payee_iban', 'amount', 'currency']);
    expect(line).toBe('12,2026-000012,2026-10,3,Jane Doe,jane@example.com,DE,wire,,acct@example.com,DE89370400440532013000,1187.50,USD');
  });

  it('other methods: a sheet for people, through the one writer (formulas after whitespace defused, bare CR quoted)', () => {
    const file = bankExportCsv('wire', [{ payout: payout(12, { method: 'wire', affiliate: { id: 3, name: ' =1+1', email: 'x\r=2+3@example.com' } }), billing: { details: { iban: '@SUM(A1)' } } }]);
    const line = file.split('\r\n')[1]!;
    expect(line).toBe(`12,2026-000012,2026-10,3,' =1+1,"x\r=2+3@example.com",,wire,,'@SUM(A1),1187.50,USD`);
  });
});
