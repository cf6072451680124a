/**
 * The IRS electronic file of a year's 1099-NEC forms in the FIRE format of Publication 1220
 * (docs/tax-forms.md, "The IRS file"): fixed-width ASCII records of 750 bytes — one T
 * (transmitter), one A (payer), a B per payee, one C (end of payer: payee count and control
 * totals) and one F (end of transmission). Positions below are the publication's, counted from 1.
 * A pure function: the caller hands it the whole tax numbers and drops them once it answers.
 */

export const RECORD_LENGTH = 750;

export interface FireParty {
  /** Nine digits. */
  tin: string;
  name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  email: string;
  contact: string;
}

export interface FirePayee {
  /** Nine digits. */
  tin: string;
  tinType: 'ein' | 'ssn';
  name: string;
  secondName: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  account: string;
  /** Box 1, nonemployee compensation, in cents. */
  compensationCents: number;
  /** Box 4, federal income tax withheld, in cents. */
  withheldCents: number;
}

export interface FireFile {
  year: number;
  tcc: string;
  test: boolean;
  /** A file of corrections: every B record carries the one-transaction correction indicator "G". */
  corrections: boolean;
  /** Filed for a year before the last one (prior year data indicator "P"). */
  priorYear: boolean;
  payer: FireParty;
  payees: FirePayee[];
}

/** Upper-case ASCII as the publication asks: accents dropped, anything else a space. */
export function fireText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 &\-,./#']/g, ' ');
}

/** A name line: letters, digits, spaces, hyphens and ampersands only. */
const nameText = (value: string) => fireText(value).replace(/[^A-Z0-9 &-]/g, ' ');

const digits = (v: string) => v.replace(/\D/g, '');

class Record {
  private readonly chars = Array<string>(RECORD_LENGTH).fill(' ');

  /** Text at 1-based position `at`, left-justified, blank-filled, cut at `length`. */
  text(at: number, length: number, value: string, clean: (v: string) => string = fireText): this {
    const v = clean(value).slice(0, length).padEnd(length, ' ');
    for (let i = 0; i < length; i++) this.chars[at - 1 + i] = v[i]!;
    return this;
  }

  /** A number right-justified and zero-filled. */
  number(at: number, length: number, value: number | string): this {
    const v = String(value);
    if (!/^\d+$/.test(v) || v.length > length) throw new Error(`value ${v} does not fit ${length} positions at ${at}`);
    const s = v.padStart(length, '0');
    for (let i = 0; i < length; i++) this.chars[at - 1 + i] = s[i]!;
    return this;
  }

  done(sequence: number): string {
    this.number(500, 8, sequence);
    // Positions 749-750: a carriage return and line feed end every record.
    this.chars[748] = '\r';
    this.chars[749] = '\n';
    return this.chars.join('');
  }
}

function tRecord(f: FireFile, payees: number): Record {
  const p = f.payer;
  return new Record()
    .text(1, 1, 'T')
    .number(2, 4, f.year)
    .text(6, 1, f.priorYear ? 'P' : '')
    .number(7, 9, digits(p.tin))
    .text(16, 5, f.tcc)
    .text(28, 1, f.test ? 'T' : '')
    .text(30, 40, p.name, nameText)
    .text(70, 40, p.name.slice(40), nameText)
    .text(110, 40, p.name, nameText)
    .text(150, 40, p.name.slice(40), nameText)
    .text(190, 40, p.street)
    .text(230, 40, p.city)
    .text(270, 2, p.state)
    .text(272, 9, digits(p.zip))
    .number(296, 8, payees)
    .text(304, 40, p.contact)
    .text(344, 15, digits(p.phone))
    .text(359, 50, p.email.toUpperCase())
    // In-house software: no vendor fields.
    .text(518, 1, 'I');
}

function aRecord(f: FireFile): Record {
  const p = f.payer;
  return new Record()
    .text(1, 1, 'A')
    .number(2, 4, f.year)
    .number(12, 9, digits(p.tin))
    .text(26, 2, 'NE')
    // Amount codes of 1099-NEC used: 1 nonemployee compensation, 4 federal income tax withheld.
    .text(28, 18, '14')
    .text(53, 40, p.name, nameText)
    .text(93, 40, p.name.slice(40), nameText)
    .text(133, 1, '0')
    .text(134, 40, p.street)
    .text(174, 40, p.city)
    .text(214, 2, p.state)
    .text(216, 9, digits(p.zip))
    .text(225, 15, digits(p.phone));
}

function bRecord(f: FireFile, b: FirePayee): Record {
  // Payment amounts 1-9, A-H and J (positions 55-270, twelve each): unused ones zero-filled.
  return zeroAmounts(new Record(), 55, 18, 12)
    .text(1, 1, 'B')
    .number(2, 4, f.year)
    .text(6, 1, f.corrections ? 'G' : '')
    .number(11, 1, b.tinType === 'ein' ? 1 : 2)
    .number(12, 9, digits(b.tin))
    .text(21, 20, b.account)
    .number(55, 12, b.compensationCents)
    .number(91, 12, b.withheldCents)
    .text(288, 40, b.name, nameText)
    .text(328, 40, b.secondName, nameText)
    .text(368, 40, b.street)
    .text(448, 40, b.city)
    .text(488, 2, b.state)
    .text(490, 9, digits(b.zip));
}

/** Zero-filled amount fields: B's twelve-digit amounts, C's eighteen-digit control totals. */
function zeroAmounts(r: Record, first: number, count: number, width: number): Record {
  for (let i = 0; i < count; i++) r.number(first + i * width, width, 0);
  return r;
}

export function fireFile(f: FireFile): string {
  const out: string[] = [];
  let seq = 0;
  out.push(tRecord(f, f.payees.length).done(++seq));
  out.push(aRecord(f).done(++seq));
  let box1 = 0;
  let box4 = 0;
  for (const b of f.payees) {
    out.push(bRecord(f, b).done(++seq));
    box1 += b.compensationCents;
    box4 += b.withheldCents;
  }
  // Control totals 1-9, A-H and J (positions 16-339): total 1 is box 1's sum, total 4 box 4's.
  const c = zeroAmounts(new Record().text(1, 1, 'C').number(2, 8, f.payees.length), 16, 18, 18).number(16, 18, box1).number(16 + 3 * 18, 18, box4);
  out.push(c.done(++seq));
  out.push(new Record().text(1, 1, 'F').number(2, 8, 1).number(10, 21, 0).number(50, 8, f.payees.length).done(++seq));
  return out.join('');
}
