import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

/** A minimal RFC 4180 reader, to check what a spreadsheet would get back. */
function cells(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted && c === '"' && csv[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && c === '\r' && csv[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks and ends lines with CRLF', () => {
    expect(toCsv(['a', 'b'], [['1', 'x,y']])).toBe('a,b\r\n1,"x,y"\r\n');
    expect(toCsv(['a'], [['say "hi"']])).toBe('a\r\n"say ""hi"""\r\n');
  });

  it.each(['=HYPERLINK("http://x","y")', '+1+1', '-1+1', '@SUM(A1)', '\tcmd', '\rcmd', '＝1+1'])('neutralises the formula %j', (value) => {
    const [, [cell]] = cells(toCsv(['sub1'], [[value]])) as [string[], string[]];
    expect(cell).toBe(`'${value}`);
  });

  it('quotes a bare carriage return or line feed inside a cell, so no row is split', () => {
    expect(toCsv(['sub2'], [['x\r=2+3']])).toBe('sub2\r\n"x\r=2+3"\r\n');
    expect(toCsv(['sub2'], [['x\n=2+3']])).toBe('sub2\r\n"x\n=2+3"\r\n');
    expect(toCsv(['tx'], [['\r=1+1']])).toBe(`tx\r\n"'\r=1+1"\r\n`);
  });

  it.each([' =1+1', '  +1', '\n=1+1', '\r\n@SUM(A1)', '\u00a0-1+1'])('neutralises a formula after leading whitespace %j', (value) => {
    const [, [cell]] = cells(toCsv(['sub1'], [[value]])) as [string[], string[]];
    expect(cell).toBe(`'${value}`);
  });

  it('keeps numbers, negative amounts included', () => {
    expect(toCsv(['earnings', 'clicks'], [['-12.50', 3], [-4, '0']])).toBe('earnings,clicks\r\n-12.50,3\r\n-4,0\r\n');
  });

  it('gives back every cell for any text, and no cell a spreadsheet would run', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const width = rows[0]!.length;
        const table = rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
        const back = cells(toCsv(table[0]!.map((_, i) => `c${i}`), table)).slice(1);
        back.forEach((r, y) =>
          r.forEach((cell, x) => {
            const original = table[y]![x]!;
            expect(cell === original || cell === `'${original}`).toBe(true);
            expect(/^[=+\-@\t\r＝＋－＠]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell)).toBe(false);
          }),
        );
      }),
    );
  });
});
