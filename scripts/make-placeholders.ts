// Writes the generated placeholder images the public site uses (no photos in the repository):
//   node scripts/make-placeholders.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const out = 'apps/web/public';

/** A minimal PNG encoder for an RGB image given as a pixel function. */
function png(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

// Social preview: a violet-to-cyan gradient with soft rings.
writeFileSync(
  `${out}/og-image.png`,
  png(1200, 630, (x, y) => {
    const t = x / 1200;
    const ring = Math.sin(Math.hypot(x - 900, y - 315) / 28) * 10;
    return [Math.round(139 * (1 - t) + 34 * t + ring), Math.round(92 * (1 - t) + 211 * t + ring), Math.round(246 * (1 - t) + 238 * t)];
  }),
);

const palettes: Record<string, [string, string]> = { features: ['#8b5cf6', '#22d3ee'], network: ['#22d3ee', '#3b82f6'], programs: ['#f59e0b', '#8b5cf6'] };
mkdirSync(`${out}/landing`, { recursive: true });
for (const [section, [a, b]] of Object.entries(palettes)) {
  for (const [kind, w, h] of [['desktop', 960, 540], ['mobile', 600, 600]] as const) {
    const rings = Array.from({ length: 6 }, (_, i) => `<circle cx="${w * 0.7}" cy="${h * 0.5}" r="${40 + i * 38}" fill="none" stroke="#ffffff" stroke-opacity="${0.22 - i * 0.03}" stroke-width="2"/>`).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${section} illustration"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="${w}" height="${h}" rx="24" fill="#171a21"/><rect x="12" y="12" width="${w - 24}" height="${h - 24}" rx="18" fill="url(#g)" fill-opacity="0.35"/>${rings}<rect x="${w * 0.12}" y="${h * 0.3}" width="${w * 0.32}" height="${h * 0.08}" rx="${h * 0.04}" fill="#ffffff" fill-opacity="0.8"/><rect x="${w * 0.12}" y="${h * 0.45}" width="${w * 0.24}" height="${h * 0.05}" rx="${h * 0.025}" fill="#ffffff" fill-opacity="0.5"/><rect x="${w * 0.12}" y="${h * 0.55}" width="${w * 0.28}" height="${h * 0.05}" rx="${h * 0.025}" fill="#ffffff" fill-opacity="0.5"/></svg>\n`;
    writeFileSync(`${out}/landing/${section}-${kind}.svg`, svg);
  }
}
console.log('placeholders written');
