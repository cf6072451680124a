/** Width and height of a stored image, read from its header (png, gif, jpg) or its root element (svg). */
export interface ImageSize {
  width: number;
  height: number;
}

const valid = (w: number, h: number): ImageSize | undefined => (w > 0 && h > 0 && w < 100_000 && h < 100_000 ? { width: Math.round(w), height: Math.round(h) } : undefined);

function pngSize(b: Uint8Array, v: DataView): ImageSize | undefined {
  return b.byteLength >= 24 ? valid(v.getUint32(16), v.getUint32(20)) : undefined;
}

function gifSize(b: Uint8Array, v: DataView): ImageSize | undefined {
  return b.byteLength >= 10 ? valid(v.getUint16(6, true), v.getUint16(8, true)) : undefined;
}

/** Walks the JPEG segments to the first start-of-frame marker (SOF0–SOF15 but DHT, JPG and DAC). */
function jpgSize(b: Uint8Array, v: DataView): ImageSize | undefined {
  let i = 2;
  while (i + 9 < b.byteLength) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    const length = v.getUint16(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return valid(v.getUint16(i + 7), v.getUint16(i + 5));
    i += 2 + length;
  }
  return undefined;
}

/** Absolute lengths only (px or unitless); otherwise the viewBox. */
function svgSize(b: Uint8Array): ImageSize | undefined {
  const head = new TextDecoder().decode(b.subarray(0, 4096));
  const root = /<svg\b[^>]*>/i.exec(head)?.[0];
  if (!root) return undefined;
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']\\s*([\\d.]+)(px)?\\s*["']`, 'i').exec(root)?.[1];
  const w = attr('width');
  const h = attr('height');
  if (w && h) return valid(Number(w), Number(h));
  const box = /\sviewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*["']/i.exec(root);
  return box ? valid(Number(box[1]), Number(box[2])) : undefined;
}

export function imageSize(bytes: Uint8Array, ext: string): ImageSize | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (ext === 'png') return pngSize(bytes, view);
  if (ext === 'gif') return gifSize(bytes, view);
  if (ext === 'jpg') return jpgSize(bytes, view);
  if (ext === 'svg') return svgSize(bytes);
  return undefined;
}
