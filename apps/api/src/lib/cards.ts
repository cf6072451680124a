/**
 * Card numbers inside stored and logged text. A card number is a run of 13 to 19 digits that passes
 * Luhn's check, its digits in any script (ASCII, full-width, Arabic-Indic, ...), written together or
 * with one space, dot or dash between them. Each is masked to its last four digits
 * (`************1111`), wherever it stands in the value.
 */

/** Names of fields and query parameters that hold card data, whatever their value. */
export const CARD_FIELD_NAME = /card|cc_?num|ccnumber|cc_?no$|^cc$|^[a-z]{0,2}pan$|cvv|cvc|^ccv$|expdate|exp_date|cc_?exp/i;

/** Digits (any script) joined by at most one separator: a candidate run. In a URL `+` is a space too. */
const RUN = /\p{Nd}(?:[ .\-\u00a0]?\p{Nd})*/gu;
const URL_RUN = /\p{Nd}(?:[ .\-\u00a0+]?\p{Nd})*/gu;
const DIGIT = /\p{Nd}/u;

/** A digit's value in any script: its place in its block of ten (Unicode puts 0..9 in order, blocks start on a 0). */
function digitValue(ch: string): number {
  const cp = ch.codePointAt(0)!;
  let start = cp;
  while (start > 0 && DIGIT.test(String.fromCodePoint(start - 1))) start--;
  return (cp - start) % 10;
}

function luhn(digits: readonly number[]): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits[digits.length - 1 - i]!;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const isCard = (digits: readonly number[]) => digits.length >= 13 && digits.length <= 19 && luhn(digits);
const masked = (digits: readonly number[]) => `${'*'.repeat(digits.length - 4)}${digits.slice(-4).join('')}`;

interface Group {
  start: number;
  end: number;
  digits: number[];
}

/** The groups of a run (digits between separators), with their offsets in the run. */
function groupsOf(run: string): Group[] {
  const groups: Group[] = [];
  let current: Group | null = null;
  let i = 0;
  for (const ch of run) {
    if (DIGIT.test(ch)) {
      if (!current) {
        current = { start: i, end: i, digits: [] };
        groups.push(current);
      }
      current.digits.push(digitValue(ch));
      current.end = i + ch.length;
    } else current = null;
    i += ch.length;
  }
  return groups;
}

/** Card lengths, the commonest first: which span of a longer run to read as the card. */
const LENGTHS = [16, 15, 19, 14, 13, 17, 18];

/**
 * The run with its card numbers masked: the whole run, else a span of whole groups that is one
 * (a phone number next to a card number: "555-1234 4111 1111 1111 1111"), then the rest.
 */
function maskRun(run: string): string {
  const groups = groupsOf(run);
  const all = groups.flatMap((g) => g.digits);
  if (isCard(all)) return masked(all);
  for (const length of LENGTHS) {
    for (let first = 0; first < groups.length; first++) {
      let count = 0;
      for (let last = first; last < groups.length && count < length; last++) {
        count += groups[last]!.digits.length;
        if (count !== length) continue;
        const span = groups.slice(first, last + 1);
        const digits = span.flatMap((g) => g.digits);
        if (isCard(digits)) return `${run.slice(0, span[0]!.start)}${masked(digits)}${maskRun(run.slice(span.at(-1)!.end))}`;
      }
    }
  }
  return run;
}

/**
 * The text with every card number masked. `keep(offset, text, run)`: a run the caller knows is not a card
 * number (a log line's epoch-milliseconds `time`, a fraction such as its `responseTime`) is left as it is. `url`: the text holds URLs, so
 * `+` separates digits and percent-escaped digits and separators (`%EF%BC%94`, `%20`) are read.
 */
export function maskCardNumbers(text: string, options: { keep?: (offset: number, text: string, run: string) => boolean; url?: boolean } = {}): string {
  const { keep, url } = options;
  const source = url ? decodeDigits(text) : text;
  return source.replace(url ? URL_RUN : RUN, (run: string, offset: number) => (keep?.(offset, source, run) ? run : maskRun(run)));
}

/** Percent-escapes that spell digits or separators, written out (the rest stay escaped). */
function decodeDigits(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (escapes) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(escapes);
    } catch {
      return escapes;
    }
    return /^[\p{Nd} .-]+$/u.test(decoded) ? decoded : escapes;
  });
}

/** Whether the whole value (spaces around it aside) is one card number. */
export function isCardNumber(value: string): boolean {
  const trimmed = value.trim();
  RUN.lastIndex = 0;
  const m = RUN.exec(trimmed);
  RUN.lastIndex = 0;
  return !!m && m[0] === trimmed && isCard(groupsOf(trimmed).flatMap((g) => g.digits));
}
