import type { TaxForm } from '@portal/contracts';
import type PDFDocument from 'pdfkit';
import { face, pdfDocument, write } from '../../lib/pdf-fonts.ts';
import { lastValidDay } from './expiry-date.ts';

/**
 * A filled form drawn as the IRS lays it out (US Letter, the form number block at the top left,
 * the title in the middle, numbered lines in boxes, the parts in black bands, "Sign Here"), so a
 * reviewer recognises it at a glance. Every TIN is drawn masked; typed text is drawn as text, never
 * interpreted, in Noto Sans with its CJK fallback (lib/pdf-fonts.ts), so names print in any script.
 */

type Doc = InstanceType<typeof PDFDocument>;

const L = 36;
const R = 576;
const W = R - L;

interface Head {
  number: string;
  revision: string;
  title: string;
  subtitle: string;
  side: string;
}

const heads: Record<TaxForm['form_type'], Head> = {
  w9: {
    number: 'W-9',
    revision: '(Rev. March 2024)',
    title: 'Request for Taxpayer Identification Number and Certification',
    subtitle: 'Go to www.irs.gov/FormW9 for instructions and the latest information.',
    side: 'Give form to the requester. Do not send to the IRS.',
  },
  w8ben: {
    number: 'W-8BEN',
    revision: '(Rev. October 2021)',
    title: 'Certificate of Foreign Status of Beneficial Owner for United States Tax Withholding and Reporting (Individuals)',
    subtitle: 'For use by individuals. Entities must use Form W-8BEN-E.',
    side: 'Give this form to the withholding agent or payer. Do not send to the IRS.',
  },
  w8bene: {
    number: 'W-8BEN-E',
    revision: '(Rev. October 2021)',
    title: 'Certificate of Status of Beneficial Owner for United States Tax Withholding and Reporting (Entities)',
    subtitle: 'For use by entities. Individuals must use Form W-8BEN.',
    side: 'Give this form to the withholding agent or payer. Do not send to the IRS.',
  },
};

function header(doc: Doc, h: Head): void {
  const top = 36;
  doc.lineWidth(1).rect(L, top, W, 64).stroke();
  doc.moveTo(L + 110, top).lineTo(L + 110, top + 64).moveTo(R - 120, top).lineTo(R - 120, top + 64).stroke();
  write(face(doc, 'regular').fontSize(7), 'Form', L + 4, top + 4);
  write(face(doc, 'bold').fontSize(h.number.length > 5 ? 16 : 20), h.number, L + 22, top + 2, { width: 86 });
  face(doc, 'regular').fontSize(7);
  write(doc, h.revision, L + 4, top + 30);
  write(doc, 'Department of the Treasury', L + 4, top + 40);
  write(doc, 'Internal Revenue Service', L + 4, top + 49);
  write(face(doc, 'bold').fontSize(11), h.title, L + 116, top + 6, { width: W - 242, align: 'center' });
  write(face(doc, 'regular').fontSize(7), h.subtitle, L + 116, top + 48, { width: W - 242, align: 'center' });
  write(face(doc, 'bold').fontSize(8), h.side, R - 116, top + 10, { width: 112 });
  doc.y = top + 70;
}

/** A black band: "Part I" and its title. */
function part(doc: Doc, label: string, title: string): void {
  const y = doc.y + 4;
  doc.rect(L, y, 44, 14).fill('black');
  write(face(doc.fillColor('white'), 'bold').fontSize(9), label, L + 4, y + 3, { width: 40 });
  write(doc.fillColor('black'), title, L + 50, y + 3, { width: W - 50 });
  doc.moveTo(L, y + 14).lineTo(R, y + 14).lineWidth(1).stroke();
  doc.y = y + 18;
}

/** A numbered line in a box: the small label on top, the value beneath. */
function line(doc: Doc, n: string, label: string, value: string, opts: { x?: number; width?: number; keepY?: boolean } = {}): number {
  const x = opts.x ?? L;
  const width = opts.width ?? W;
  const y = doc.y;
  write(face(doc, 'bold').fontSize(7), n, x + 2, y + 2, { width: 14 });
  write(face(doc, 'regular').fontSize(7), label, x + 16, y + 2, { width: width - 20 });
  const labelBottom = doc.y;
  write(face(doc, 'regular').fontSize(10), value || ' ', x + 16, labelBottom + 2, { width: width - 20 });
  const bottom = doc.y + 3;
  doc.lineWidth(0.5).rect(x, y, width, bottom - y).stroke();
  if (!opts.keepY) doc.y = bottom;
  return bottom;
}

/** Two lines side by side. */
function pair(doc: Doc, a: [string, string, string], b: [string, string, string], split = 0.6): void {
  const y = doc.y;
  const wa = Math.round(W * split);
  const bottomA = line(doc, ...a, { width: wa, keepY: true });
  doc.y = y;
  const bottomB = line(doc, ...b, { x: L + wa, width: W - wa, keepY: true });
  doc.y = Math.max(bottomA, bottomB);
}

function checkbox(doc: Doc, x: number, y: number, label: string, checked: boolean): void {
  doc.lineWidth(0.5).rect(x, y, 8, 8).stroke();
  if (checked) doc.moveTo(x + 1.5, y + 4).lineTo(x + 3.5, y + 6.5).lineTo(x + 7, y + 1.5).lineWidth(1.2).stroke();
  write(face(doc, 'regular').fontSize(7.5), label, x + 11, y, { width: 150 });
}

function paragraph(doc: Doc, text: string, size = 7.5): void {
  write(face(doc, 'regular').fontSize(size), text, L + 4, doc.y + 3, { width: W - 8 });
}

function signHere(doc: Doc, who: string, form: TaxForm, extra?: [string, string]): void {
  const y = doc.y + 8;
  doc.lineWidth(1).rect(L, y, W, 40).stroke();
  face(doc, 'bold').fontSize(12);
  write(doc, 'Sign', L + 6, y + 6);
  write(doc, 'Here', L + 6, y + 20);
  doc.moveTo(L + 50, y).lineTo(L + 50, y + 40).stroke();
  write(face(doc, 'regular').fontSize(7), who, L + 56, y + 4, { width: 300 });
  write(face(doc, 'italic').fontSize(13), form.signature ?? '', L + 56, y + 16, { width: 300 });
  write(face(doc, 'regular').fontSize(7), 'Date', R - 130, y + 4);
  write(doc.fontSize(10), usDate(form.signed_at), R - 130, y + 18);
  doc.y = y + 44;
  if (extra) line(doc, '', extra[0], extra[1]);
}

const usDate = (day: string) => {
  const [y, m, d] = day.split('-');
  return `${m}/${d}/${y}`;
};

const f = (form: TaxForm, name: string): string => {
  const v = form.fields[name];
  return typeof v === 'string' ? v : '';
};

const classifications: Array<[string, string]> = [
  ['individual', 'Individual/sole proprietor'],
  ['c_corporation', 'C corporation'],
  ['s_corporation', 'S corporation'],
  ['partnership', 'Partnership'],
  ['trust_estate', 'Trust/estate'],
  ['llc_c', 'LLC (C corporation)'],
  ['llc_s', 'LLC (S corporation)'],
  ['llc_p', 'LLC (partnership)'],
  ['other', 'Other'],
];

function w9(doc: Doc, form: TaxForm): void {
  paragraph(doc, 'Before you begin. For guidance related to the purpose of Form W-9, see Purpose of Form, below.');
  doc.y += 4;
  line(doc, '1', 'Name of entity/individual. An entry is required. (For a sole proprietor or disregarded entity, enter the owner\'s name on line 1.)', f(form, 'name'));
  line(doc, '2', 'Business name/disregarded entity name, if different from above.', f(form, 'business_name'));
  const y = doc.y;
  write(face(doc, 'bold').fontSize(7), '3a', L + 2, y + 2);
  write(face(doc, 'regular').fontSize(7), 'Check the appropriate box for federal tax classification of the entity/individual whose name is entered on line 1. Check only one.', L + 16, y + 2, { width: W - 20 });
  const boxes = doc.y + 3;
  classifications.forEach(([key, label], i) => checkbox(doc, L + 16 + (i % 5) * 104, boxes + Math.floor(i / 5) * 13, label, f(form, 'tax_classification') === key));
  doc.lineWidth(0.5).rect(L, y, W, boxes + 28 - y).stroke();
  doc.y = boxes + 28;
  line(doc, '5', 'Address (number, street, and apt. or suite no.).', f(form, 'address'));
  line(doc, '6', 'City, state, and ZIP code', [f(form, 'city'), `${f(form, 'state')} ${f(form, 'postal_code')}`.trim()].filter(Boolean).join(', '));
  part(doc, 'Part I', 'Taxpayer Identification Number (TIN)');
  paragraph(doc, 'Enter your TIN in the appropriate box. The TIN provided must match the name given on line 1 to avoid backup withholding.');
  const isSsn = form.tin_type !== 'ein';
  pair(doc, ['', 'Social security number', isSsn ? (form.tin_masked ?? '') : ''], ['', 'Employer identification number', isSsn ? '' : (form.tin_masked ?? '')], 0.5);
  part(doc, 'Part II', 'Certification');
  paragraph(
    doc,
    'Under penalties of perjury, I certify that: 1. The number shown on this form is my correct taxpayer identification number (or I am waiting for a number to be issued to me); and 2. I am not subject to backup withholding because (a) I am exempt from backup withholding, or (b) I have not been notified by the Internal Revenue Service (IRS) that I am subject to backup withholding as a result of a failure to report all interest or dividends, or (c) the IRS has notified me that I am no longer subject to backup withholding; and 3. I am a U.S. citizen or other U.S. person (defined below); and 4. The FATCA code(s) entered on this form (if any) indicating that I am exempt from FATCA reporting is correct.',
  );
  signHere(doc, 'Signature of U.S. person', form);
}

function w8ben(doc: Doc, form: TaxForm): void {
  part(doc, 'Part I', 'Identification of Beneficial Owner (see instructions)');
  pair(doc, ['1', 'Name of individual who is the beneficial owner', f(form, 'name')], ['2', 'Country of citizenship', f(form, 'country_of_citizenship')]);
  line(doc, '3', 'Permanent residence address (street, apt. or suite no., or rural route). Do not use a P.O. box or in-care-of address.', f(form, 'address'));
  pair(doc, ['', 'City or town, state or province. Include postal code where appropriate.', [f(form, 'city'), f(form, 'postal_code')].filter(Boolean).join(' ')], ['', 'Country', f(form, 'country')]);
  pair(doc, ['5', 'U.S. taxpayer identification number (SSN or ITIN), if required', f(form, 'us_tin')], ['6a', 'Foreign tax identifying number (see instructions)', f(form, 'foreign_tin')]);
  const y = doc.y;
  checkbox(doc, L + 16, y + 4, '6b Check if FTIN not legally required', form.fields.foreign_tin_not_required === true);
  doc.y = y + 16;
  line(doc, '8', 'Date of birth (MM-DD-YYYY)', f(form, 'date_of_birth') ? usDate(f(form, 'date_of_birth')).replace(/\//g, '-') : '');
  part(doc, 'Part II', 'Claim of Tax Treaty Benefits (for chapter 3 purposes only)');
  line(doc, '9', 'I certify that the beneficial owner is a resident of the country below within the meaning of the income tax treaty between the United States and that country.', f(form, 'treaty_country'));
  part(doc, 'Part III', 'Certification');
  paragraph(
    doc,
    'Under penalties of perjury, I declare that I have examined the information on this form and to the best of my knowledge and belief it is true, correct, and complete. I further certify under penalties of perjury that: I am the individual that is the beneficial owner of all the income or proceeds to which this form relates; the person named on line 1 of this form is not a U.S. person; this form relates to income not effectively connected with the conduct of a trade or business in the United States; and the person named on line 1 is a resident of the treaty country listed on line 9 of the form (if any).',
  );
  signHere(doc, 'Signature of beneficial owner (or individual authorized to sign for beneficial owner)', form, ['Print name of signer', f(form, 'name')]);
}

function w8bene(doc: Doc, form: TaxForm): void {
  part(doc, 'Part I', 'Identification of Beneficial Owner');
  pair(doc, ['1', 'Name of organization that is the beneficial owner', f(form, 'name')], ['2', 'Country of incorporation or organization', f(form, 'country_of_incorporation')]);
  line(doc, '4', 'Chapter 3 Status (entity type) (Must check one box only)', f(form, 'entity_type').replace(/_/g, ' '));
  line(doc, '5', 'Chapter 4 Status (FATCA status)', f(form, 'fatca_status').replace(/_/g, ' ').replace(/\b(nffe|ffi|iga)\b/g, (s) => s.toUpperCase()));
  line(doc, '6', 'Permanent residence address (street, apt. or suite no., or rural route). Do not use a P.O. box or in-care-of address (other than a registered address).', f(form, 'address'));
  pair(doc, ['', 'City or town, state or province. Include postal code where appropriate.', [f(form, 'city'), f(form, 'postal_code')].filter(Boolean).join(' ')], ['', 'Country', f(form, 'country')]);
  pair(doc, ['8', 'U.S. taxpayer identification number (TIN), if required', f(form, 'us_tin')], ['9a', 'Foreign TIN', f(form, 'foreign_tin')]);
  const y = doc.y;
  checkbox(doc, L + 16, y + 4, '9b If a TIN is not legally required, check here', form.fields.foreign_tin_not_required === true);
  doc.y = y + 16;
  part(doc, 'Part III', 'Claim of Tax Treaty Benefits (if applicable). (For chapter 3 purposes only.)');
  line(doc, '14a', 'I certify that the beneficial owner is a resident of the country below within the meaning of the income tax treaty between the United States and that country.', f(form, 'treaty_country'));
  part(doc, 'Part XXX', 'Certification');
  paragraph(
    doc,
    'Under penalties of perjury, I declare that I have examined the information on this form and to the best of my knowledge and belief it is true, correct, and complete. I further certify under penalties of perjury that: the entity identified on line 1 of this form is the beneficial owner of all the income or proceeds to which this form relates; the entity identified on line 1 of this form is not a U.S. person; and the income to which this form relates is not effectively connected with the conduct of a trade or business in the United States.',
  );
  paragraph(doc, 'I certify that I have the capacity to sign for the entity identified on line 1 of this form.');
  signHere(doc, 'Signature of individual authorized to sign for beneficial owner', form, ['Print name', f(form, 'signer_name')]);
}

/** The rendered PDF of a form filled in the app. */
export function taxFormPdf(form: TaxForm, networkName: string): Promise<Buffer> {
  const h = heads[form.form_type];
  return new Promise((resolve, reject) => {
    const doc = pdfDocument({ size: 'LETTER', margin: L, info: { Title: `Form ${h.number} - ${form.affiliate.name}`, Creator: networkName } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fillColor('black').strokeColor('black');
    header(doc, h);
    ({ w9, w8ben, w8bene })[form.form_type](doc, form);
    doc.moveDown(1.2);
    const notes = [
      `Filled in and signed electronically (typed signature) at ${networkName} by affiliate #${form.affiliate.id}, ${form.affiliate.email}. Form #${form.id}.`,
      'Taxpayer identification numbers are shown masked; the full numbers are kept encrypted.',
      ...(form.expires_at ? [`Valid through ${lastValidDay(new Date(form.expires_at))}.`] : []),
    ];
    write(face(doc, 'regular').fontSize(7).fillColor('#333333'), notes.join(' '), L, doc.y, { width: W });
    doc.end();
  });
}
