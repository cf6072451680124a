/**
 * A small XML reader for the banks' status reports: elements, attributes, text, comments,
 * CDATA and the five entities with character references. No DTD (a file with one is refused:
 * nothing to expand), no external anything. Names keep their prefix in `qname`; `name` is the
 * local part, which is how ISO 20022 elements are looked up whatever prefix a bank uses.
 */
export interface XmlElement {
  qname: string;
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export class XmlError extends Error {}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref.startsWith('#x') ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      // XML's characters: no NUL, no surrogate halves, nothing past U+10FFFF.
      if (!(code >= 1 && code <= 0x10ffff) || (code >= 0xd800 && code <= 0xdfff)) throw new XmlError(`${whole} is not a character.`);
      return String.fromCodePoint(code);
    }
    const e = ENTITIES[ref];
    if (e === undefined) throw new XmlError(`Unknown entity ${whole}.`);
    return e;
  });
}

const NAME = /[A-Za-z_][\w.:-]*/y;

/** The name starting at `at`, or undefined. */
function nameAt(source: string, at: number): string | undefined {
  NAME.lastIndex = at;
  return NAME.exec(source)?.[0];
}

export function parseXml(source: string): XmlElement {
  let at = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const text = (s: string) => {
    const top = stack[stack.length - 1];
    if (top) top.text += s;
    else if (s.trim() !== '') throw new XmlError('Text outside the root element.');
  };
  while (at < source.length) {
    const lt = source.indexOf('<', at);
    if (lt < 0) {
      text(decode(source.slice(at)));
      break;
    }
    if (lt > at) text(decode(source.slice(at, lt)));
    if (source.startsWith('<?', lt)) {
      const end = source.indexOf('?>', lt);
      if (end < 0) throw new XmlError('Unclosed processing instruction.');
      at = end + 2;
    } else if (source.startsWith('<!--', lt)) {
      const end = source.indexOf('-->', lt);
      if (end < 0) throw new XmlError('Unclosed comment.');
      at = end + 3;
    } else if (source.startsWith('<![CDATA[', lt)) {
      const end = source.indexOf(']]>', lt);
      if (end < 0) throw new XmlError('Unclosed CDATA.');
      text(source.slice(lt + 9, end));
      at = end + 3;
    } else if (source.startsWith('<!', lt)) {
      throw new XmlError('A document type declaration is not allowed.');
    } else if (source.startsWith('</', lt)) {
      const end = source.indexOf('>', lt);
      if (end < 0) throw new XmlError('Unclosed end tag.');
      const qname = source.slice(lt + 2, end).trim();
      const open = stack.pop();
      if (open === undefined || open.qname !== qname) throw new XmlError(`</${qname}> closes ${open ? `<${open.qname}>` : 'nothing'}.`);
      at = end + 1;
    } else {
      const qname = nameAt(source, lt + 1);
      if (qname === undefined) throw new XmlError('A tag without a name.');
      let i = lt + 1 + qname.length;
      const attrs: Record<string, string> = {};
      for (;;) {
        while (/\s/.test(source[i] ?? '')) i++;
        if (source[i] === '>' || source.startsWith('/>', i)) break;
        const attr = nameAt(source, i);
        if (attr === undefined) throw new XmlError(`A broken attribute in <${qname}>.`);
        i += attr.length;
        while (/\s/.test(source[i] ?? '')) i++;
        if (source[i] !== '=') throw new XmlError(`Attribute ${attr} without a value.`);
        i++;
        while (/\s/.test(source[i] ?? '')) i++;
        const quote = source[i];
        if (quote !== '"' && quote !== "'") throw new XmlError(`Attribute ${attr} without quotes.`);
        const close = source.indexOf(quote, i + 1);
        if (close < 0) throw new XmlError(`Unclosed attribute ${attr}.`);
        attrs[attr] = decode(source.slice(i + 1, close));
        i = close + 1;
      }
      const selfClosing = source.startsWith('/>', i);
      const element: XmlElement = { qname, name: qname.includes(':') ? qname.slice(qname.indexOf(':') + 1) : qname, attrs, children: [], text: '' };
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(element);
      else if (root === undefined) root = element;
      else throw new XmlError('Two root elements.');
      if (!selfClosing) stack.push(element);
      at = i + (selfClosing ? 2 : 1);
    }
  }
  if (stack.length > 0) throw new XmlError(`<${stack[stack.length - 1]!.qname}> is not closed.`);
  if (root === undefined) throw new XmlError('No root element.');
  return root;
}

/** The namespace of an element's own prefix, declared on it or (for the root) nowhere else. */
export function namespaceOf(element: XmlElement): string | undefined {
  const prefix = element.qname.includes(':') ? element.qname.slice(0, element.qname.indexOf(':')) : undefined;
  return element.attrs[prefix === undefined ? 'xmlns' : `xmlns:${prefix}`];
}

export const child = (e: XmlElement | undefined, name: string): XmlElement | undefined => e?.children.find((c) => c.name === name);
export const childrenNamed = (e: XmlElement | undefined, name: string): XmlElement[] => e?.children.filter((c) => c.name === name) ?? [];
/** The trimmed text at a path of local names under `e`. */
export const textAt = (e: XmlElement | undefined, ...path: string[]): string | undefined => {
  let cur = e;
  for (const p of path) cur = child(cur, p);
  return cur === undefined ? undefined : cur.text.trim();
};
