import { type Payout, quotedCell, type StatementRow, toCsv } from '@portal/contracts';

/**
 * Payout files. A statement and the bank sheets are for people to open: the contracts' one CSV
 * writer (formula neutralising and quoting). PayPal's upload file is a bank's own format: quoting
 * only, its cells as PayPal reads them.
 */
export const amountCell = (dollars: number): string => (Math.round(dollars * 100) / 100).toFixed(2);

export function statementCsv(statement: readonly StatementRow[]): string {
  return toCsv(
    ['id', 'date', 'kind', 'offer', 'conversion_id', 'description', 'amount'],
    statement.map((r) => [
      String(r.id),
      r.created_at,
      r.kind,
      r.offer?.name ?? '',
      r.conversion_id === null ? '' : String(r.conversion_id),
      r.description,
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
  return toCsv(
    ['payout_id', 'invoice_number', 'period', 'affiliate_id', 'name', 'email', 'country', 'method', 'bank', ...detailKeys.map((k) => `payee_${k}`), 'amount', 'currency'],
    items.map(({ payout: p, billing }) => {
      const details = detailsOf(billing);
      return [
        String(p.id),
        p.invoice_number,
        p.period,
        String(p.affiliate.id),
        p.affiliate.name,
        p.affiliate.email,
        typeof billing.country === 'string' ? billing.country : '',
        p.method,
        p.bank?.name ?? '',
        ...detailKeys.map((k) => typeof details[k] === 'object' ? JSON.stringify(details[k]) : (details[k] as string | number | undefined)),
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
    return [quotedCell(typeof details.email === 'string' ? details.email : ''), amountCell(p.amount), 'USD', quotedCell(p.invoice_number), quotedCell(`Payout for ${p.period}, invoice ${p.invoice_number}`), 'PAYPAL'].join(',');
  });
  return lines.map((l) => `${l}\r\n`).join('');
}
