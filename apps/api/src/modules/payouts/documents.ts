import { type NetworkDetails, networkDetailsSchema, type Payout, periodLabel, type StatementRow } from '@portal/contracts';
import type PDFDocument from 'pdfkit';
import type { Db } from '../../db/client.ts';
import { face, pdfDocument, write } from '../../lib/pdf-fonts.ts';
import { getNetworkDetails } from '../settings/index.ts';
import { laDate } from './periods.ts';

/**
 * Invoices and receipts as PDF: black on white, A4, Noto Sans with its CJK fallback (lib/pdf-fonts.ts),
 * so names and addresses print in any script. Every text a person typed (names, addresses, reasons)
 * is drawn as text, never interpreted.
 */

/** The network's details as Global Settings, Network details holds them (sections.ts owns the setting). */
export const networkDetails = (db: Db): Promise<NetworkDetails> => getNetworkDetails(db);

/**
 * The issuer's details a payout's invoice and receipt print: those frozen into the payout when it was
 * issued (the close writes them into `billing.issuer`); a payout issued before they were frozen prints
 * the network's details as they are now.
 */
export async function issuerOf(db: Db, billing: Record<string, unknown>): Promise<NetworkDetails> {
  const frozen = networkDetailsSchema.safeParse(billing.issuer);
  return frozen.success ? frozen.data : networkDetails(db);
}

/** "$1,234.50", "-$12.00". */
export function usd(dollars: number): string {
  const cents = Math.round(Math.abs(dollars) * 100);
  const whole = Math.floor(cents / 100).toLocaleString('en-US');
  return `${dollars < 0 && cents > 0 ? '-' : ''}$${whole}.${String(cents % 100).padStart(2, '0')}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** SPEC.md: dates as "MMM D, YYYY", in Los Angeles. */
export function displayDate(iso: string): string {
  const [y, m, d] = laDate(new Date(iso)).split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

export interface InvoiceLine {
  label: string;
  detail: string;
  amount: number;
}

/** Statement rows grouped as the invoice shows them: per offer, then commissions, bonuses, adjustments, returns, fees, withholding. */
export function invoiceLines(statement: readonly StatementRow[]): { earnings: InvoiceLine[]; deductions: InvoiceLine[] } {
  const byOffer = new Map<string, { label: string; earnings: number; reversals: number; cents: number }>();
  const other = new Map<string, { count: number; cents: number }>();
  const deductions = new Map<string, number>();
  const add = (map: Map<string, { count: number; cents: number }>, key: string, cents: number) => {
    const e = map.get(key) ?? { count: 0, cents: 0 };
    e.count++;
    e.cents += cents;
    map.set(key, e);
  };
  for (const r of statement) {
    const cents = Math.round(r.amount * 100);
    if (r.kind === 'earning' || r.kind === 'reversal') {
      const key = r.offer ? String(r.offer.id) : 'none';
      const e = byOffer.get(key) ?? { label: r.offer ? r.offer.name : 'Other earnings', earnings: 0, reversals: 0, cents: 0 };
      if (r.kind === 'earning') e.earnings++;
      else e.reversals++;
      e.cents += cents;
      byOffer.set(key, e);
    } else if (r.kind === 'withholding') deductions.set('Tax withholding', (deductions.get('Tax withholding') ?? 0) + cents);
    else if (r.kind === 'fee') {
      const label = r.description.includes('method') ? 'Payment method fee' : 'Custom split fee';
      deductions.set(label, (deductions.get(label) ?? 0) + cents);
    } else {
      const label =
        { referral_commission: 'Referral commissions', bonus: 'Bonuses', adjustment: 'Adjustments', rejected_payout_return: 'Returned from rejected payouts' }[r.kind] ?? r.kind;
      add(other, label, cents);
    }
  }
  const earnings: InvoiceLine[] = [...byOffer.values()].map((e) => ({
    label: e.label,
    detail: `${e.earnings} conversion${e.earnings === 1 ? '' : 's'}${e.reversals ? `, ${e.reversals} reversal${e.reversals === 1 ? '' : 's'}` : ''}`,
    amount: e.cents / 100,
  }));
  for (const [label, e] of other) earnings.push({ label, detail: `${e.count} item${e.count === 1 ? '' : 's'}`, amount: e.cents / 100 });
  return { earnings, deductions: [...deductions].map(([label, cents]) => ({ label, detail: '', amount: cents / 100 })) };
}

type Doc = InstanceType<typeof PDFDocument>;

function render(title: string, network: NetworkDetails, draw: (doc: Doc) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = pdfDocument({ size: 'A4', margin: 50, info: { Title: title, Creator: network.name } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fillColor('black');
    draw(doc);
    // The network's own words (registration, bank, VAT notes) end every document.
    if (network.invoice_footer) {
      write(face(doc.moveDown(2), 'regular').fontSize(8), network.invoice_footer, LEFT, doc.y, { width: RIGHT - LEFT });
    }
    doc.end();
  });
}

const LEFT = 50;
const RIGHT = 545;

function party(doc: Doc, x: number, y: number, heading: string, lines: string[]): number {
  write(face(doc, 'bold').fontSize(10), heading, x, y, { width: 230 });
  face(doc, 'regular').fontSize(10);
  for (const line of lines.filter(Boolean)) write(doc, line, x, doc.y, { width: 230 });
  return doc.y;
}

function row(doc: Doc, label: string, detail: string, amount: string, bold = false): void {
  if (doc.y > 760) doc.addPage();
  const y = doc.y;
  face(doc, bold ? 'bold' : 'regular').fontSize(10);
  write(doc, label, LEFT, y, { width: 250 });
  const after = doc.y;
  write(doc, detail, 310, y, { width: 130 });
  write(doc, amount, 440, y, { width: RIGHT - 440, align: 'right' });
  doc.y = Math.max(after, doc.y) + 4;
}

function rule(doc: Doc): void {
  doc.moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).lineWidth(0.5).strokeColor('black').stroke();
  doc.y += 6;
}

function affiliateLines(payout: Payout, billing: Record<string, unknown>): string[] {
  const s = (k: string) => (typeof billing[k] === 'string' ? (billing[k] as string) : '');
  return [
    s('company') || payout.affiliate.name,
    s('company') ? payout.affiliate.name : '',
    s('address'),
    [s('postal_code'), s('city')].filter(Boolean).join(' '),
    s('country'),
    payout.affiliate.email,
    `Affiliate ID ${payout.affiliate.id}`,
  ];
}

function networkLines(n: NetworkDetails): string[] {
  return [n.name, ...n.address.split('\n'), n.email, n.tax_id ? `Tax ID: ${n.tax_id}` : ''];
}

export function invoicePdf(payout: Payout, statement: readonly StatementRow[], billing: Record<string, unknown>, network: NetworkDetails): Promise<Buffer> {
  return render(`Invoice ${payout.invoice_number}`, network, (doc) => {
    write(face(doc, 'bold').fontSize(18), 'Self-billing invoice', LEFT, 50);
    face(doc, 'regular').fontSize(10).moveDown(0.5);
    write(doc, `Invoice number: ${payout.invoice_number}`);
    write(doc, `Invoice date: ${displayDate(payout.created_at)}`);
    write(doc, `Period: ${periodLabel(payout.period)}`);
    write(doc, `Payout ID: ${payout.id}`);
    write(doc, `Payment method: ${payout.method_name}`);
    const top = doc.y + 14;
    const a = party(doc, LEFT, top, 'Supplier (affiliate)', affiliateLines(payout, billing));
    const b = party(doc, 310, top, 'Customer (issued by)', networkLines(network));
    doc.y = Math.max(a, b) + 16;

    const lines = invoiceLines(statement);
    row(doc, 'Description', 'Items', 'Amount (USD)', true);
    rule(doc);
    for (const l of lines.earnings) row(doc, l.label, l.detail, usd(l.amount));
    rule(doc);
    row(doc, 'Gross earnings', '', usd(payout.gross), true);
    for (const l of lines.deductions) row(doc, l.label, '', usd(l.amount));
    rule(doc);
    row(doc, 'Total payable', 'USD', usd(payout.amount), true);

    face(doc.moveDown(2), 'regular').fontSize(8);
    write(
      doc,
      `Self-billing invoice: issued by ${network.name} on behalf of the supplier named above, under the self-billing agreement accepted by the supplier. ` +
        'The supplier agrees not to issue its own invoices for the services covered here and to tell the issuer if its tax details change. ' +
        'Amounts are in US dollars.',
      LEFT,
      doc.y,
      { width: RIGHT - LEFT },
    );
  });
}

export function receiptPdf(payout: Payout, billing: Record<string, unknown>, network: NetworkDetails): Promise<Buffer> {
  return render(`Receipt ${payout.invoice_number}`, network, (doc) => {
    write(face(doc, 'bold').fontSize(18), 'Payment receipt', LEFT, 50);
    face(doc, 'regular').fontSize(10).moveDown(0.5);
    write(doc, `Receipt for invoice ${payout.invoice_number}`);
    write(doc, `Paid on: ${payout.paid_at ? displayDate(payout.paid_at) : ''}`);
    write(doc, `Period: ${periodLabel(payout.period)}`);
    write(doc, `Payout ID: ${payout.id}`);
    write(doc, `Payment method: ${payout.method_name}`);
    if (payout.reference) write(doc, `Reference: ${payout.reference}`);
    const top = doc.y + 14;
    const a = party(doc, LEFT, top, 'Paid to', affiliateLines(payout, billing));
    const b = party(doc, 310, top, 'Paid by', networkLines(network));
    doc.y = Math.max(a, b) + 16;
    row(doc, 'Gross earnings', '', usd(payout.gross));
    if (payout.fee) row(doc, 'Fees', '', usd(-payout.fee));
    if (payout.withholding) row(doc, 'Tax withholding', '', usd(-payout.withholding));
    rule(doc);
    row(doc, 'Amount paid', 'USD', usd(payout.amount), true);
  });
}
