import { deflateSync } from 'node:zlib';

/**
 * Safe-for-work placeholder pictures for the demo creatives, drawn here (no photos in the
 * repository): PNG from a pixel function, SVG from shapes and text.
 */
export type Rgb = [number, number, number];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc(body));
  return Buffer.concat([len, body, sum]);
}

/** An RGB PNG given as a pixel function. */
export function png(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 6 })), chunk('IEND', Buffer.alloc(0))]);
}

export const hex = (c: string): Rgb => [parseInt(c.slice(1, 3), 16), parseInt(c.slice(3, 5), 16), parseInt(c.slice(5, 7), 16)];
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [Math.round(a[0] + (b[0] - a[0]) * t), Math.round(a[1] + (b[1] - a[1]) * t), Math.round(a[2] + (b[2] - a[2]) * t)];
const clamp = (v: number) => Math.max(0, Math.min(1, v));

/** A banner-like picture: a diagonal gradient, soft rings around a headset-like shape, and a button. */
export function bannerPng(width: number, height: number, from: string, to: string): Buffer {
  const a = hex(from);
  const b = hex(to);
  const cx = width * (width > height ? 0.78 : 0.5);
  const cy = height * (width > height ? 0.5 : 0.38);
  const r = Math.min(width, height) * 0.3;
  const bx0 = width * (width > height ? 0.08 : 0.2);
  const by0 = height * (width > height ? 0.58 : 0.78);
  const bw = width * (width > height ? 0.3 : 0.6);
  const bh = Math.max(10, height * (width > height ? 0.22 : 0.07));
  return png(width, height, (x, y) => {
    let c = mix(a, b, clamp((x / width + y / height) / 2));
    const d = Math.hypot(x - cx, y - cy);
    if (Math.abs(((d / (r * 0.35)) % 1) - 0.5) < 0.04 && d < r * 2.2) c = mix(c, [255, 255, 255], 0.18);
    const inVisor = Math.abs(x - cx) < r && Math.abs(y - cy) < r * 0.45;
    if (inVisor) c = mix(c, [20, 22, 30], 0.75);
    const inLens = Math.hypot(x - (cx - r * 0.45), y - cy) < r * 0.28 || Math.hypot(x - (cx + r * 0.45), y - cy) < r * 0.28;
    if (inLens) c = mix(c, hex(to), 0.7);
    if (x >= bx0 && x < bx0 + bw && y >= by0 && y < by0 + bh) c = mix(c, [255, 255, 255], 0.85);
    return c;
  });
}

/** A landing page preview: a header bar, a hero picture block, text lines and a call to action. */
export function landingPng(width: number, height: number, from: string, to: string): Buffer {
  const a = hex(from);
  const b = hex(to);
  const dark: Rgb = [23, 26, 33];
  const mobile = width < height;
  const heroH = height * (mobile ? 0.35 : 0.5);
  const lines = mobile ? [0.45, 0.5, 0.55] : [0.6, 0.66, 0.72];
  return png(width, height, (x, y) => {
    if (y < height * 0.07) return x > width * 0.04 && x < width * 0.22 && Math.abs(y - height * 0.035) < height * 0.012 ? [255, 255, 255] : mix(dark, a, 0.15);
    if (y < height * 0.07 + heroH) {
      const t = clamp((x / width + (y - height * 0.07) / heroH) / 2);
      const c = mix(a, b, t);
      const d = Math.hypot(x - width * 0.65, y - (height * 0.07 + heroH / 2));
      return Math.abs(((d / 40) % 1) - 0.5) < 0.05 ? mix(c, [255, 255, 255], 0.2) : c;
    }
    for (const l of lines) if (Math.abs(y - height * l) < height * 0.012 && x > width * 0.08 && x < width * (0.08 + (mobile ? 0.8 : 0.5) * (1 - (l - lines[0]!) * 3))) return [150, 156, 170];
    const cta = x > width * 0.08 && x < width * (mobile ? 0.92 : 0.3) && Math.abs(y - height * (mobile ? 0.66 : 0.82)) < height * 0.03;
    return cta ? b : dark;
  });
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A banner as SVG: gradient, headset outline, the site's name, a line of text and a button. */
export function bannerSvg(width: number, height: number, from: string, to: string, title: string, line: string, cta: string): string {
  const wide = width / height > 3;
  const tall = height / width > 1.5;
  const fs = Math.round(Math.min(width, height) * (wide ? 0.32 : tall ? 0.16 : 0.13));
  const tx = wide ? height * 0.3 : width * 0.08;
  const ty = wide ? height * 0.45 : height * (tall ? 0.18 : 0.3);
  const by = wide ? height * 0.58 : height * (tall ? 0.82 : 0.72);
  const bw = wide ? width * 0.18 : width * 0.6;
  const bx = wide ? width * 0.78 : tall ? width * 0.2 : width * 0.08;
  const bh = wide ? height * 0.5 : height * 0.12;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/><rect x="2" y="2" width="${width - 4}" height="${height - 4}" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="2"/><text x="${tx}" y="${ty}" font-family="Arial, Helvetica, sans-serif" font-size="${fs}" font-weight="700" fill="#ffffff">${esc(title)}</text><text x="${tx}" y="${wide ? ty + fs * 0.9 : ty + fs * 1.3}" font-family="Arial, Helvetica, sans-serif" font-size="${Math.round(fs * 0.5)}" fill="#ffffff" fill-opacity="0.85">${esc(line)}</text><rect x="${bx}" y="${wide ? height * 0.25 : by}" width="${bw}" height="${bh}" rx="${bh / 2}" fill="#ffffff"/><text x="${bx + bw / 2}" y="${(wide ? height * 0.25 : by) + bh * 0.66}" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="${Math.round(bh * 0.45)}" font-weight="700" fill="${from}">${esc(cta)}</text></svg>`;
}

/** A site's logo as SVG: a rounded mark with the initial and the display name. */
export function logoSvg(name: string, color: string, text: string): string {
  const w = 60 + name.length * 22;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="64" viewBox="0 0 ${w} 64"><rect x="4" y="8" width="48" height="48" rx="12" fill="${color}"/><text x="28" y="42" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="26" font-weight="700" fill="#ffffff">${esc(name.slice(0, 1))}</text><text x="62" y="42" font-family="Arial, Helvetica, sans-serif" font-size="28" font-weight="700" fill="${text}">${esc(name)}</text></svg>`;
}

/** The square mark of a logo as PNG (for places that take no SVG). */
export function logoMarkPng(color: string): Buffer {
  const c = hex(color);
  return png(128, 128, (x, y) => {
    const inside = Math.max(Math.abs(x - 64) - 44, 0) ** 2 + Math.max(Math.abs(y - 64) - 44, 0) ** 2 < 16 ** 2;
    if (!inside) return [255, 255, 255];
    const ring = Math.abs(Math.hypot(x - 64, y - 64) - 26) < 5;
    return ring ? [255, 255, 255] : c;
  });
}
