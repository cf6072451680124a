import type { Payout, StatementRow } from '@portal/contracts';

/**
 * CSV for spreadsheets: text cells that a spreadsheet would run as a formula are prefixed with
 * `'`; amounts are plain numbers with two decimals, so a column sum is exact.
 */
export function textCell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const amountCell = (dollars: number): string => (Math.round(dollars * 100) / 100).toFixed(2);

function csv(header: string[], lines: string[][]): string {
  return `${[header.join(','), ...lines.map((l) => l.join(','))].join('\r\n')}\r\n`;
}

export function statementCsv(statement: readonly StatementRow[]): string {
  return csv(
    ['id', 'date', 'kind', 'offer', 'conversion_id', 'description', 'amount'],
    statement.map((r) => [
      String(r.id),
      textCell(r.created_at),
      textCell(r.kind),
      textCell(r.offer?.name ?? ''),
      r.conversion_id === null ? '' : String(r.conversion_id),
      textCell(r.description),
      amountCell(r.amount),
    ]),
  );
}

type BankExportItem = { payout: Payout; billing: Record<string, unknown> };

const detailsOf = (billing: Record<string, unknown>) => (billing.details as Record<string, unknown> | undefined) ?? {};

/**
 * The bank export of the payouts to pay by one method. PayPal gets the file its Payouts Web upload
 * reads ({@link paypalPayoutsCsv}); every other method a sheet with a header, where the payee's
 * billing details follow under `payee_<field>` so none shares a name with the affiliate's own columns.
 */
export function bankExportCsv(method: string, items: readonly BankExportItem[]): string {
  if (method === 'paypal') return paypalPayoutsCsv(items);
  const detailKeys = [...new Set(items.flatMap((i) => Object.keys(detailsOf(i.billing))))].sort();
  return csv(
    ['payout_id', 'invoice_number', 'period', 'affiliate_id', 'name', 'email', 'country', 'method', 'bank', ...detailKeys.map((k) => `payee_${k}`), 'amount', 'currency'],
    items.map(({ payout: p, billing }) => {
      const details = detailsOf(billing);
      return [
        String(p.id),
        textCell(p.invoice_number),
        textCell(p.period),
        String(p.affiliate.id),
        textCell(p.affiliate.name),
        textCell(p.affiliate.email),
        textCell(typeof billing.country === 'string' ? billing.country : ''),
        textCell(p.method),
        textCell(p.bank?.name ?? ''),
        ...detailKeys.map((k) => textCell(typeof details[k] === 'object' ? JSON.stringify(details[k]) : (details[k] as string | number | undefined))),
        amountCell(p.amount),
        'USD',
      ];
    }),
  );
}

/**
 * PayPal Payouts Web's payment file: no header row, one payout a line, in its column order:
 * recipient (the PayPal email of the payee's billing details), amount, currency, customer ID
 * (our invoice number: PayPal's reference for the payment), note to the recipient, and the
 * recipient wallet `PAYPAL`.
 */
export function paypalPayoutsCsv(items: readonly BankExportItem[]): string {
  const lines = items.map(({ payout: p, billing }) => {
    const details = detailsOf(billing);
    return [textCell(typeof details.email === 'string' ? details.email : ''), amountCell(p.amount), 'USD', textCell(p.invoice_number), textCell(`Payout for ${p.period}, invoice ${p.invoice_number}`), 'PAYPAL'].join(',');
  });
  return lines.map((l) => `${l}\r\n`).join('');
}
