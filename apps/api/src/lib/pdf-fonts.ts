import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import PDFDocument from 'pdfkit';

/**
 * Fonts for the PDFs we print (invoices, receipts, tax forms): Noto Sans, embedded and subset,
 * so any name or address prints as typed (Latin, Greek, Cyrillic, Devanagari), with Noto Sans SC
 * as the fallback for the characters Noto Sans lacks (Chinese, Japanese kana, ...). The standard
 * PDF fonts (Helvetica) only know Windows-1252 and print anything else as garbage.
 *
 * Text is drawn in runs: each run in the first font of the face that has all its characters, the
 * runs chained with pdfkit's `continued`, so lines still wrap as one text. Only the glyphs used are
 * embedded (pdfkit subsets), so a PDF grows by tens of kilobytes, not by the font files.
 */

type Doc = InstanceType<typeof PDFDocument>;
export type Face = 'regular' | 'bold' | 'italic';
type Script = 'sans' | 'cjk';

const require = createRequire(import.meta.url);
// The same fontkit pdfkit loads (its CommonJS build), so its fonts are the ones pdfkit knows.
const fontkit = require('fontkit') as typeof import('fontkit');
const files: Record<Script, Record<Face, string>> = {
  sans: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
    italic: '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf',
  },
  // No italic in CJK typefaces: the regular face stands in.
  cjk: {
    regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
    italic: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  },
};

// The files are read once per process, each the first time a PDF needs it.
const bytes = new Map<string, Buffer>();
function fontBytes(s: Script, f: Face): Buffer {
  const spec = files[s][f];
  let b = bytes.get(spec);
  if (!b) {
    b = readFileSync(require.resolve(spec));
    bytes.set(spec, b);
  }
  return b;
}

// One fontkit font per file and process, shared by every document. pdfkit would open a new one for
// each document, and a new font decodes its tables again on first use (its glyph locations, its
// layout tables: tens of milliseconds per font and document, a third of a second for Noto Sans' first
// layout): the document gets pdfkit's own embedded font built on the shared one instead.
const shared = new Map<string, Font>();
function sharedFont(s: Script, f: Face): Font {
  const spec = files[s][f];
  let font = shared.get(spec);
  if (!font) {
    font = fontkit.create(fontBytes(s, f)) as Font;
    shared.set(spec, font);
  }
  return font;
}

// Which font draws a character: the main one if it has a glyph for it (the faces share their coverage).
const scriptOf = new Map<number, Script>();
function scriptFor(cp: number): Script {
  let s = scriptOf.get(cp);
  if (s === undefined) {
    s = cp < 0x250 || sharedFont('sans', 'regular').hasGlyphForCodePoint(cp) ? 'sans' : 'cjk';
    scriptOf.set(cp, s);
  }
  return s;
}

const fontName = (s: Script, f: Face) => `${s}-${f}`;
const current = new WeakMap<Doc, Face>();

/** Switches the document to a face (regular, bold or italic) for the next `write` calls. */
export function face(doc: Doc, f: Face): Doc {
  current.set(doc, f);
  return doc.font(fontFor(doc, 'sans', f));
}

/** pdfkit's own fields that hold a document's fonts: `font(name)` looks a font up by name there. */
interface FontTable {
  current: object | null;
  byName: Record<string, object>;
  nextId(): string;
}
function fontTable(doc: Doc): FontTable {
  const d = doc as unknown as { _font: object | null; _fontFamilies: Record<string, object>; _fontCount: number };
  return {
    // oxlint-disable-next-line no-underscore-dangle -- pdfkit's field
    current: d._font,
    // oxlint-disable-next-line no-underscore-dangle -- pdfkit's field
    byName: d._fontFamilies,
    // oxlint-disable-next-line no-underscore-dangle -- pdfkit's field, as pdfkit's font() numbers its fonts
    nextId: () => `F${++d._fontCount}`,
  };
}
type EmbeddedFont = new (doc: Doc, font: Font, id: string) => object;

// pdfkit's embedded font class, as the first font it opens shows it.
let embeddedFont: EmbeddedFont | null = null;
function embeddedFontClass(): EmbeddedFont {
  if (!embeddedFont) {
    const probe = new PDFDocument({ font: '', autoFirstPage: false });
    probe.registerFont('probe', fontBytes('sans', 'regular'));
    embeddedFont = fontTable(probe.font('probe')).current!.constructor as EmbeddedFont;
  }
  return embeddedFont;
}

// pdfkit lays out (shapes) each word once per font and document, and shaping is most of the time a
// document takes: the words' layouts are shared by the documents too, per face, up to a bound.
const layouts = new Map<string, Record<string, unknown>>();
const LAYOUTS_KEPT = 20_000;
function sharedLayouts(name: string): Record<string, unknown> {
  let cache = layouts.get(name);
  if (!cache || Object.keys(cache).length > LAYOUTS_KEPT) {
    cache = Object.create(null) as Record<string, unknown>;
    layouts.set(name, cache);
  }
  return cache;
}

/** The name under which the document has the font of a script and face, added on first use. */
function fontFor(doc: Doc, s: Script, f: Face): string {
  const name = fontName(s, f);
  const fonts = fontTable(doc);
  if (!fonts.byName[name]) {
    const EmbeddedFont = embeddedFontClass();
    const font = new EmbeddedFont(doc, sharedFont(s, f), fonts.nextId()) as { layoutCache?: Record<string, unknown> };
    font.layoutCache = sharedLayouts(name);
    fonts.byName[name] = font;
  }
  return name;
}

/** A new document in the regular face (without pdfkit's default Helvetica, which is parsed per document). */
export function pdfDocument(options: PDFKit.PDFDocumentOptions): Doc {
  const doc = new PDFDocument({ ...options, font: '' });
  face(doc, 'regular');
  return doc;
}

/** The text split into runs of one font; spaces and punctuation stay in the run they follow. */
export function runs(text: string): Array<{ script: Script; text: string }> {
  const out: Array<{ script: Script; text: string }> = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const last = out.at(-1);
    const s = last && cp < 0x80 && !/[A-Za-z0-9]/.test(ch) ? last.script : scriptFor(cp);
    if (last && last.script === s) last.text += ch;
    else out.push({ script: s, text: ch });
  }
  return out;
}

type TextOptions = PDFKit.Mixins.TextOptions;

/** `doc.text` in the current face, with the CJK fallback where the main font has no glyph. */
export function write(doc: Doc, text: string, x?: number, y?: number, options: TextOptions = {}): Doc {
  const f = current.get(doc) ?? 'regular';
  const parts = runs(text);
  // pdfkit takes (text, options) when no position is given: (text, undefined, undefined, options) would drop them.
  const draw = (t: string, o: TextOptions, at: boolean) => (at && x !== undefined ? doc.text(t, x, y, o) : doc.text(t, o));
  if (parts.length <= 1) {
    doc.font(fontFor(doc, parts[0]?.script ?? 'sans', f));
    draw(text, options, true);
  } else {
    parts.forEach((p, i) => {
      doc.font(fontFor(doc, p.script, f));
      draw(p.text, { ...options, continued: i < parts.length - 1 || options.continued === true }, i === 0);
    });
  }
  return doc.font(fontFor(doc, 'sans', f));
}
