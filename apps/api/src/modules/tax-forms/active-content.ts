import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFRef, PDFStream } from '@cantoo/pdf-lib';

/**
 * An uploaded tax form is opened by staff, so it must do nothing when opened: its active content
 * (docs/tax-forms.md) is stripped, the file saved again, and checked once more; a file we cannot
 * read, an encrypted one (its insides cannot be checked) or one still holding active content after
 * stripping is refused. Forms filled in Acrobat carry field scripts (number formats and the like):
 * they lose them and keep their filled values and look.
 */

/** Actions that are kept: going to a page, opening a web address (the IRS forms link irs.gov). */
const SAFE_ACTIONS = new Set(['GoTo', 'URI', 'Named']);
/** Keys that carry or trigger active content wherever they appear. */
const ACTIVE_KEYS = new Set(['JS', 'JavaScript', 'AA', 'OpenAction', 'Next', 'EmbeddedFiles', 'EF', 'XFA', 'RichMediaContent', 'RichMediaSettings', 'RichMediaExecute']);
/** Annotations that play or hold content. */
const ACTIVE_ANNOTATIONS = new Set(['RichMedia', 'FileAttachment', 'Screen', 'Movie', 'Sound', '3D']);
const ACTIVE_TYPES = new Set(['EmbeddedFile', 'RichMediaContent']);

const nameOf = (o: PDFObject | undefined) => (o instanceof PDFName ? o.decodeText() : undefined);

export type ActiveContentResult = { ok: true; bytes: Uint8Array; removed: string[] } | { ok: false; reason: 'unreadable' | 'encrypted' | 'active_content' };

export async function stripActiveContent(bytes: Uint8Array): Promise<ActiveContentResult> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  if (doc.isEncrypted || doc.context.trailerInfo.Encrypt) return { ok: false, reason: 'encrypted' };
  const root = doc.context.trailerInfo.Root;
  if (!(root instanceof PDFRef && doc.context.lookup(root) instanceof PDFDict)) return { ok: false, reason: 'unreadable' };
  // The parser reads the whole file, every revision and object stream: nothing found, nothing changed.
  let found: string[];
  try {
    found = findActiveContent(doc);
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  if (!found.length) return { ok: true, bytes, removed: [] };
  try {
    const removed = strip(doc);
    dropUnreachable(doc);
    const out = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
    // The saved file is read again as a stranger's would be: nothing active may be left.
    const again = await PDFDocument.load(out, { updateMetadata: false });
    return findActiveContent(again).length ? { ok: false, reason: 'active_content' } : { ok: true, bytes: out, removed };
  } catch {
    return { ok: false, reason: 'active_content' };
  }
}

/** What active content the document holds (empty when none), by key, action or annotation. */
export function findActiveContent(doc: PDFDocument): string[] {
  const found = new Set<string>();
  for (const dict of allDicts(doc)) {
    for (const [key, value] of dict.entries()) {
      const k = key.decodeText();
      if (ACTIVE_KEYS.has(k) && !(k === 'OpenAction' && isSafeTarget(doc, value))) found.add(`/${k}`);
      if (k === 'A' && !isSafeTarget(doc, value)) found.add(`/A ${actionName(doc, value)}`);
    }
    const subtype = nameOf(dict.get(PDFName.of('Subtype')));
    if (subtype && ACTIVE_ANNOTATIONS.has(subtype)) found.add(`/Subtype /${subtype}`);
    const type = nameOf(dict.get(PDFName.of('Type')));
    if (type && ACTIVE_TYPES.has(type)) found.add(`/Type /${type}`);
  }
  return [...found];
}

/** Removes active content in place; returns what was removed. */
function strip(doc: PDFDocument): string[] {
  const removed = new Set<string>();
  for (const dict of allDicts(doc)) {
    for (const [key, value] of dict.entries()) {
      const k = key.decodeText();
      const unsafeAction = k === 'A' && !isSafeTarget(doc, value);
      if ((ACTIVE_KEYS.has(k) && !(k === 'OpenAction' && isSafeTarget(doc, value))) || unsafeAction) {
        dict.delete(key);
        removed.add(`/${k}`);
      }
    }
    const annots = dict.get(PDFName.of('Annots'));
    const list = annots instanceof PDFRef ? doc.context.lookup(annots) : annots;
    if (list instanceof PDFArray) {
      for (let i = list.size() - 1; i >= 0; i--) {
        const annot = doc.context.lookup(list.get(i));
        const subtype = annot instanceof PDFDict ? nameOf(annot.get(PDFName.of('Subtype'))) : undefined;
        if (subtype && ACTIVE_ANNOTATIONS.has(subtype)) {
          list.remove(i);
          removed.add(`/Subtype /${subtype}`);
        }
      }
    }
  }
  return [...removed];
}

/** An action dictionary (or a destination) that only moves within the file or opens a web address. */
function isSafeTarget(doc: PDFDocument, value: PDFObject): boolean {
  const target = value instanceof PDFRef ? doc.context.lookup(value) : value;
  if (target instanceof PDFArray) return true; // an explicit destination
  if (!(target instanceof PDFDict)) return false;
  const s = nameOf(target.get(PDFName.of('S')));
  return s !== undefined && SAFE_ACTIONS.has(s) && !target.has(PDFName.of('Next')) && !target.has(PDFName.of('JS'));
}

function actionName(doc: PDFDocument, value: PDFObject): string {
  const target = value instanceof PDFRef ? doc.context.lookup(value) : value;
  return (target instanceof PDFDict && nameOf(target.get(PDFName.of('S')))) || 'action';
}

/** Every dictionary of the file: indirect objects, streams' dictionaries and the ones nested in them. */
function* allDicts(doc: PDFDocument): Generator<PDFDict> {
  const seen = new Set<PDFObject>();
  const stack: PDFObject[] = doc.context.enumerateIndirectObjects().map(([, o]) => o);
  const trailer = doc.context.trailerInfo;
  for (const o of [trailer.Root, trailer.Info]) if (o) stack.push(o);
  while (stack.length) {
    const o = stack.pop()!;
    if (seen.has(o)) continue;
    seen.add(o);
    const dict = o instanceof PDFStream ? o.dict : o;
    if (dict instanceof PDFDict) {
      yield dict;
      for (const [, v] of dict.entries()) if (!(v instanceof PDFRef)) stack.push(v);
    } else if (dict instanceof PDFArray) {
      for (const v of dict.asArray()) if (!(v instanceof PDFRef)) stack.push(v);
    }
  }
}

/** Deletes the objects nothing reaches any more from the catalogue or the document information (what was stripped). */
function dropUnreachable(doc: PDFDocument): void {
  const reached = new Set<string>();
  const stack: PDFObject[] = [];
  const trailer = doc.context.trailerInfo;
  for (const o of [trailer.Root, trailer.Info]) if (o) stack.push(o);
  while (stack.length) {
    const o = stack.pop()!;
    if (o instanceof PDFRef) {
      if (reached.has(o.tag)) continue;
      reached.add(o.tag);
      const target = doc.context.lookup(o);
      if (target) stack.push(target);
      continue;
    }
    const dict = o instanceof PDFStream ? o.dict : o;
    if (dict instanceof PDFDict) for (const [, v] of dict.entries()) stack.push(v);
    else if (dict instanceof PDFArray) stack.push(...dict.asArray());
  }
  for (const [ref] of doc.context.enumerateIndirectObjects()) if (!reached.has(ref.tag)) doc.context.delete(ref);
}
