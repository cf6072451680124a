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

/** One line per payout to pay by one method, with where to send it. */
export function bankExportCsv(items: readonly { payout: Payout; billing: Record<string, unknown> }[]): string {
  const detailKeys = [...new Set(items.flatMap((i) => Object.keys((i.billing.details as Record<string, unknown> | undefined) ?? {})))].sort();
  return csv(
    ['payout_id', 'invoice_number', 'period', 'affiliate_id', 'name', 'email', 'country', 'method', 'bank', ...detailKeys, 'amount', 'currency'],
    items.map(({ payout: p, billing }) => {
      const details = (billing.details as Record<string, unknown> | undefined) ?? {};
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
