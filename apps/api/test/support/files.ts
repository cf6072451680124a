import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A real PNG of that size in one colour, every pixel encoded. */
export function realPng(width: number, height: number, background = '#7c3aed'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
}

/**
 * A PNG whose header declares `width` x `height` (checksums right, so it is a PNG to any reader)
 * but whose data holds only the first few rows: a small file that a decoder trusting the header
 * would blow up to width x height pixels.
 */
export function pngDeclaring(width: number, height: number, rows = 4): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, deflate, no filter method, not interlaced
  const scanlines = Buffer.alloc(Math.min(rows, height) * (width + 1)); // each row: filter byte 0, then black pixels
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(scanlines)), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * An animated GIF of `frames` frames on a `width` x `height` screen, each frame one pixel: a file of
 * a hundred bytes that a viewer paints as `frames` full screens.
 */
export function gifDeclaring(width: number, height: number, frames: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen.set([0x80, 0, 0], 4); // a global colour table of two colours
  const frame = Buffer.from([
    0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00, // graphic control: 0.1 s
    0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x00, // image descriptor: one pixel at the top left
    0x02, 0x02, 0x44, 0x01, 0x00, // its LZW data
  ]);
  return Buffer.concat([Buffer.from('GIF89a', 'latin1'), screen, Buffer.from([0, 0, 0, 0xff, 0xff, 0xff]), ...Array.from({ length: frames }, () => frame), Buffer.from([0x3b])]);
}

/** A real 1x1 PNG. */
export const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** PNG magic bytes followed by padding: a PNG by content, `size` bytes long. */
export function pngOfSize(size: number): Buffer {
  const b = Buffer.alloc(size);
  tinyPng.copy(b);
  return b;
}

export const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

export function form(fields: Record<string, string | string[]>, files: Record<string, { name: string; bytes: Buffer; type?: string }> = {}): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) fd.append(k, item);
  for (const [k, f] of Object.entries(files)) fd.append(k, new Blob([f.bytes], { type: f.type ?? 'application/octet-stream' }), f.name);
  return fd;
}
