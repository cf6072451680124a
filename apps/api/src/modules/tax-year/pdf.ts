import { maskTin } from '@portal/contracts';
import type PDFDocument from 'pdfkit';
import { face, pdfDocument, write } from '../../lib/pdf-fonts.ts';
import type { Boxes } from './issue.ts';

/**
 * Copy B of Form 1099-NEC and of Form 1042-S, laid out as the recipient copy is (US Letter, the
 * payer's and recipient's blocks at the left, the numbered amount boxes at the right, the form's
 * name and copy at the top right). The recipient's tax number is masked to its last four digits,
 * as the IRS allows on a recipient copy; the payer's is printed whole. Typed text is drawn as text.
 */

type Doc = InstanceType<typeof PDFDocument>;

export interface PrintedForm {
  form: '1099-NEC' | '1042-S';
  year: number;
  corrected: boolean;
  toDate: boolean;
  boxes: Boxes;
}

const L = 36;
const R = 576;
const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function cell(doc: Doc, x: number, y: number, w: number, h: number, label: string, value: string, size = 10): void {
  doc.lineWidth(0.5).rect(x, y, w, h).stroke();
  write(face(doc, 'regular').fontSize(6.5), label, x + 3, y + 2, { width: w - 6 });
  write(face(doc, 'regular').fontSize(size), value || ' ', x + 3, y + 12, { width: w - 6 });
}

function checkbox(doc: Doc, x: number, y: number, label: string, checked: boolean): void {
  doc.lineWidth(0.5).rect(x, y, 8, 8).stroke();
  if (checked) doc.moveTo(x + 1.5, y + 4).lineTo(x + 3.5, y + 6.5).lineTo(x + 7, y + 1.5).lineWidth(1.2).stroke();
  write(face(doc, 'bold').fontSize(8), label, x + 11, y);
}

const payeeTin = (b: Boxes) => (b.payee.tin_type && b.payee.tin_last4 ? maskTin(b.payee.tin_type, b.payee.tin_last4) : '');
const cityLine = (p: Boxes['payee']) => [p.city, `${p.state} ${p.postal_code}`.trim()].filter(Boolean).join(', ') + (p.country && p.country !== 'US' ? ` ${p.country}` : '');

function top(doc: Doc, f: PrintedForm): void {
  checkbox(doc, L + 150, 40, 'CORRECTED (if checked)', f.corrected);
  // Said in words too: a check mark is easy to miss on a printed copy.
  if (f.corrected) write(face(doc, 'bold').fontSize(9), 'CORRECTED FORM', L, 40);
  if (f.toDate) write(face(doc, 'bold').fontSize(8).fillColor('#a00000'), `Figures to date: ${f.year} has not ended`, L + 320, 40).fillColor('black');
}

function nec(doc: Doc, f: PrintedForm): void {
  const b = f.boxes;
  const y0 = 60;
  const lw = 300;
  cell(doc, L, y0, lw, 74, "PAYER'S name, street address, city or town, state or province, country, ZIP or foreign postal code, and telephone no.", [b.payer.name, b.payer.address, b.payer.email].filter(Boolean).join('\n'), 9);
  cell(doc, L, y0 + 74, lw / 2, 30, "PAYER'S TIN", b.payer.tin);
  cell(doc, L + lw / 2, y0 + 74, lw / 2, 30, "RECIPIENT'S TIN", payeeTin(b));
  cell(doc, L, y0 + 104, lw, 40, "RECIPIENT'S name", [b.payee.name, b.payee.business_name].filter(Boolean).join('\n'), 9);
  cell(doc, L, y0 + 144, lw, 28, 'Street address (including apt. no.)', b.payee.address);
  cell(doc, L, y0 + 172, lw, 28, 'City or town, state or province, country, and ZIP or foreign postal code', cityLine(b.payee));
  cell(doc, L, y0 + 200, lw, 28, 'Account number (see instructions)', b.account);
  const x = L + lw;
  cell(doc, x, y0, 110, 44, 'OMB No. 1545-0116', `Form 1099-NEC\n(Rev. April 2025)`, 9);
  cell(doc, x, y0 + 44, 110, 30, 'For calendar year', String(f.year), 12);
  write(face(doc, 'bold').fontSize(14), 'Nonemployee Compensation', x + 116, y0 + 10, { width: R - x - 120 });
  write(face(doc, 'bold').fontSize(10), 'Copy B', x + 116, y0 + 50);
  write(face(doc, 'regular').fontSize(8), 'For Recipient', x + 116, y0 + 63);
  cell(doc, x, y0 + 74, 240, 30, '1 Nonemployee compensation', money(b.gross_cents));
  cell(doc, x, y0 + 104, 240, 40, '2 Payer made direct sales totaling $5,000 or more of consumer products to recipient for resale', ' ', 8);
  cell(doc, x, y0 + 144, 240, 28, '3 Excess golden parachute payments', '');
  cell(doc, x, y0 + 172, 240, 28, '4 Federal income tax withheld', money(b.withheld_cents));
  cell(doc, x, y0 + 200, 80, 28, '5 State tax withheld', '');
  cell(doc, x + 80, y0 + 200, 80, 28, "6 State/Payer's state no.", '');
  cell(doc, x + 160, y0 + 200, 80, 28, '7 State income', '');
  doc.y = y0 + 240;
  paragraph(
    doc,
    'This is important tax information and is being furnished to the IRS. If you are required to file a return, a negligence penalty or other sanction may be imposed on you if this income is taxable and the IRS determines that it has not been reported.',
  );
  paragraph(doc, 'Form 1099-NEC (Rev. April 2025)   (keep for your records)   www.irs.gov/Form1099NEC   Department of the Treasury - Internal Revenue Service');
}

function s1042(doc: Doc, f: PrintedForm): void {
  const b = f.boxes;
  const c = b.codes_1042s!;
  const y0 = 60;
  write(face(doc, 'bold').fontSize(16), 'Form 1042-S', L, y0);
  write(face(doc, 'bold').fontSize(11), "Foreign Person's U.S. Source Income Subject to Withholding", L + 110, y0 + 2, { width: 300 });
  write(face(doc, 'regular').fontSize(8), `OMB No. 1545-0096   ${f.year}`, R - 140, y0);
  write(face(doc, 'bold').fontSize(10), 'Copy B for Recipient', R - 140, y0 + 14);
  checkbox(doc, R - 140, y0 + 30, 'AMENDED', f.corrected);
  const y = y0 + 48;
  const w = (R - L) / 4;
  cell(doc, L, y, w, 30, '1 Income code', c.income_code);
  cell(doc, L + w, y, w, 30, '2 Gross income', money(b.gross_cents));
  cell(doc, L + 2 * w, y, w, 30, '3 Chapter indicator', String(c.chapter));
  cell(doc, L + 3 * w, y, w, 30, '3a Exemption code', c.exemption_code ?? '');
  cell(doc, L, y + 30, w, 30, '3b Tax rate', c.tax_rate);
  cell(doc, L + w, y + 30, w, 30, '7a Federal tax withheld', money(b.withheld_cents));
  cell(doc, L + 2 * w, y + 30, w, 30, '10 Total withholding credit', money(b.withheld_cents));
  cell(doc, L + 3 * w, y + 30, w, 30, '11 Tax paid by withholding agent', '$0.00');
  const half = (R - L) / 2;
  cell(doc, L, y + 60, half, 30, "12a Withholding agent's EIN", b.payer.tin);
  cell(doc, L + half, y + 60, half, 30, '12b Ch. 3 status code / 12c Ch. 4 status code', '');
  cell(doc, L, y + 90, R - L, 46, "12d Withholding agent's name and 12h-12i address", [b.payer.name, b.payer.address].filter(Boolean).join('\n'), 9);
  cell(doc, L, y + 136, half, 30, "13a Recipient's name", b.payee.name);
  cell(doc, L + half, y + 136, half, 30, "13b Recipient's country code", b.payee.country);
  cell(doc, L, y + 166, R - L, 30, '13c Address (number and street)', b.payee.address);
  cell(doc, L, y + 196, R - L, 30, '13d City or town, state or province, country, ZIP or foreign postal code', cityLine(b.payee));
  const tin = payeeTin(b);
  cell(doc, L, y + 226, half, 30, "13e Recipient's U.S. TIN, if any", b.payee.tin_type === 'us' ? tin : '');
  cell(doc, L + half, y + 226, half / 2, 30, '13f Ch. 3 status code', c.recipient_status_code);
  cell(doc, L + half * 1.5, y + 226, half / 2, 30, '13g Ch. 4 status code', '');
  cell(doc, L, y + 256, half, 30, "13i Recipient's foreign tax identification number, if any", b.payee.tin_type === 'foreign' ? tin : '');
  cell(doc, L + half, y + 256, half / 2, 30, '13l Date of birth', b.payee.date_of_birth ?? '');
  cell(doc, L + half * 1.5, y + 256, half / 2, 30, 'Treaty country', c.treaty_country ?? '');
  cell(doc, L, y + 286, half, 30, 'Account number', b.account);
  doc.y = y + 326;
  paragraph(doc, 'Form 1042-S (keep for your records). U.S. income tax filing requirements: generally, every nonresident alien individual and every foreign corporation with income subject to U.S. tax must file a return. Department of the Treasury - Internal Revenue Service.');
}

function paragraph(doc: Doc, text: string): void {
  write(face(doc, 'regular').fontSize(7.5), text, L, doc.y + 6, { width: R - L });
}

/** The recipient copy of an issued (or about to be issued) form. */
export function yearFormPdf(f: PrintedForm): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = pdfDocument({ size: 'LETTER', margin: L, info: { Title: `Form ${f.form} ${f.year} - ${f.boxes.payee.name}`, Creator: f.boxes.payer.name } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fillColor('black').strokeColor('black');
    top(doc, f);
    if (f.form === '1099-NEC') nec(doc, f);
    else s1042(doc, f);
    doc.end();
  });
}
