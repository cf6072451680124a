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
const r = (n: number) => Math.round(n * 10) / 10;

/** A perspective grid floor running to a horizon: the "virtual space" every section stands in. */
function floor(w: number, h: number, horizon: number, color: string): string {
  const lines: string[] = [];
  for (let i = 1; i <= 9; i++) {
    const y = horizon + (h - horizon) * (i / 9) ** 1.8;
    lines.push(`<line x1="0" y1="${r(y)}" x2="${w}" y2="${r(y)}"/>`);
  }
  for (let i = -12; i <= 12; i++) lines.push(`<line x1="${r(w / 2 + i * 18)}" y1="${horizon}" x2="${r(w / 2 + i * w * 0.16)}" y2="${h}"/>`);
  return `<g stroke="${color}" stroke-opacity="0.35" stroke-width="1.5">${lines.join('')}</g>`;
}

/** A VR headset drawn from shapes: visor, two lenses with a glint, strap. */
function headset(cx: number, cy: number, size: number, a: string, b: string): string {
  const w = size;
  const h = size * 0.5;
  const x = cx - w / 2;
  const y = cy - h / 2;
  return `<g><path d="M${r(x - w * 0.08)} ${r(cy)} Q ${r(cx)} ${r(y - h * 0.9)} ${r(x + w * 1.08)} ${r(cy)}" fill="none" stroke="#0b0d12" stroke-opacity="0.7" stroke-width="${r(h * 0.16)}" stroke-linecap="round"/>
<rect x="${r(x)}" y="${r(y)}" width="${r(w)}" height="${r(h)}" rx="${r(h * 0.42)}" fill="url(#visor)" stroke="#ffffff" stroke-opacity="0.35" stroke-width="2"/>
<rect x="${r(x + w * 0.06)}" y="${r(y + h * 0.14)}" width="${r(w * 0.88)}" height="${r(h * 0.5)}" rx="${r(h * 0.25)}" fill="#ffffff" fill-opacity="0.12"/>
<circle cx="${r(cx - w * 0.22)}" cy="${r(cy + h * 0.05)}" r="${r(h * 0.26)}" fill="${a}" fill-opacity="0.55"/><circle cx="${r(cx + w * 0.22)}" cy="${r(cy + h * 0.05)}" r="${r(h * 0.26)}" fill="${b}" fill-opacity="0.55"/>
<circle cx="${r(cx - w * 0.26)}" cy="${r(cy - h * 0.05)}" r="${r(h * 0.07)}" fill="#ffffff" fill-opacity="0.8"/><circle cx="${r(cx + w * 0.18)}" cy="${r(cy - h * 0.05)}" r="${r(h * 0.07)}" fill="#ffffff" fill-opacity="0.8"/></g>`;
}

/** Features: a statistics card with its rising chart floating beside the headset. */
function featuresArt(w: number, h: number, a: string, b: string): string {
  const cw = w * 0.42;
  const ch = h * 0.42;
  const x0 = w * 0.08;
  const y0 = h * 0.14;
  const pts = Array.from({ length: 9 }, (_, i) => [x0 + 24 + (i * (cw - 48)) / 8, y0 + ch - 30 - (ch - 80) * (0.15 + 0.85 * (i / 8) ** 1.4 + 0.08 * Math.sin(i * 1.7))] as const);
  const line = pts.map(([x, y], i) => `${i ? 'L' : 'M'}${r(x)} ${r(y)}`).join(' ');
  const area = `${line} L${r(pts.at(-1)![0])} ${r(y0 + ch - 20)} L${r(pts[0]![0])} ${r(y0 + ch - 20)} Z`;
  const bars = [0.5, 0.8, 0.65].map((v, i) => `<rect x="${r(x0 + 24 + i * 40)}" y="${r(y0 + 22)}" width="28" height="8" rx="4" fill="${i ? b : a}" fill-opacity="${r(v)}"/>`).join('');
  return `<g><rect x="${r(x0)}" y="${r(y0)}" width="${r(cw)}" height="${r(ch)}" rx="18" fill="#10131a" fill-opacity="0.82" stroke="#ffffff" stroke-opacity="0.18"/>${bars}
<path d="${area}" fill="url(#area)"/><path d="${line}" fill="none" stroke="${b}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"/>
${pts.map(([x, y]) => `<circle cx="${r(x)}" cy="${r(y)}" r="4" fill="#ffffff"/>`).join('')}</g>
${headset(w * 0.72, h * 0.4, Math.min(w * 0.34, h * 0.56), a, b)}`;
}

/** Our network: the sites as glowing spheres around the headset, linked to it. */
function networkArt(w: number, h: number, a: string, b: string): string {
  const cx = w * 0.5;
  const cy = h * 0.38;
  const nodes = [0, 1, 2, 3, 4].map((i) => {
    const t = (i / 5) * Math.PI * 2 - Math.PI / 2;
    return [cx + Math.cos(t) * w * 0.34, cy + Math.sin(t) * h * 0.26, 14 + ((i * 7) % 12)] as const;
  });
  const links = nodes.map(([x, y]) => `<line x1="${r(cx)}" y1="${r(cy)}" x2="${r(x)}" y2="${r(y)}" stroke="#ffffff" stroke-opacity="0.25" stroke-width="2" stroke-dasharray="6 8"/>`).join('');
  const spheres = nodes.map(([x, y, s], i) => `<circle cx="${r(x)}" cy="${r(y)}" r="${s * 2.2}" fill="${i % 2 ? a : b}" fill-opacity="0.18"/><circle cx="${r(x)}" cy="${r(y)}" r="${s}" fill="url(#sphere${i % 2})"/>`).join('');
  return `${links}${spheres}${headset(cx, cy, Math.min(w * 0.3, h * 0.5), a, b)}`;
}

/** Programs: rising columns of earnings, a coin and a revshare badge. */
function programsArt(w: number, h: number, a: string, b: string): string {
  const base = h * 0.62;
  const cols = [0.25, 0.38, 0.5, 0.66, 0.84].map((v, i) => {
    const bw = w * 0.07;
    const x = w * 0.12 + i * bw * 1.5;
    const top = base - v * h * 0.5;
    return `<rect x="${r(x)}" y="${r(top)}" width="${r(bw)}" height="${r(base - top)}" rx="8" fill="url(#column)" fill-opacity="${r(0.55 + i * 0.1)}"/>`;
  }).join('');
  const coinX = w * 0.74;
  const coinY = h * 0.36;
  const cr = Math.min(w, h) * 0.14;
  return `${cols}<circle cx="${r(coinX)}" cy="${r(coinY)}" r="${r(cr * 1.5)}" fill="${a}" fill-opacity="0.16"/><circle cx="${r(coinX)}" cy="${r(coinY)}" r="${r(cr)}" fill="url(#coin)" stroke="#ffffff" stroke-opacity="0.5" stroke-width="3"/>
<text x="${r(coinX)}" y="${r(coinY + cr * 0.32)}" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="800" font-size="${r(cr * 0.9)}" fill="#ffffff">$</text>
<g transform="translate(${r(w * 0.6)} ${r(h * 0.08)})"><rect width="${r(Math.max(190, w * 0.22))}" height="44" rx="22" fill="#10131a" fill-opacity="0.85" stroke="${b}" stroke-width="2"/><text x="${r(Math.max(190, w * 0.22) / 2)}" y="29" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="700" font-size="18" fill="#ffffff">Lifetime revshare</text></g>`;
}

const art: Record<string, (w: number, h: number, a: string, b: string) => string> = { features: featuresArt, network: networkArt, programs: programsArt };

mkdirSync(`${out}/landing`, { recursive: true });
for (const [section, [a, b]] of Object.entries(palettes)) {
  for (const [kind, w, h] of [['desktop', 960, 540], ['mobile', 600, 600]] as const) {
    const defs = `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}" stop-opacity="0.55"/><stop offset="0.6" stop-color="#141726"/><stop offset="1" stop-color="${b}" stop-opacity="0.45"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.62" r="0.5"><stop offset="0" stop-color="${b}" stop-opacity="0.55"/><stop offset="1" stop-color="${b}" stop-opacity="0"/></radialGradient>
<linearGradient id="visor" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2a2f3f"/><stop offset="1" stop-color="#0d1017"/></linearGradient>
<linearGradient id="area" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${b}" stop-opacity="0.45"/><stop offset="1" stop-color="${b}" stop-opacity="0"/></linearGradient>
<linearGradient id="column" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>
<radialGradient id="coin" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#fde68a"/><stop offset="1" stop-color="${a}"/></radialGradient>
<radialGradient id="sphere0" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${b}"/></radialGradient>
<radialGradient id="sphere1" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${a}"/></radialGradient></defs>`;
    const horizon = h * 0.66;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${section} illustration">${defs}<rect width="${w}" height="${h}" fill="#0f1115"/><rect width="${w}" height="${h}" fill="url(#bg)"/><ellipse cx="${w / 2}" cy="${r(horizon)}" rx="${r(w * 0.6)}" ry="${r(h * 0.3)}" fill="url(#glow)"/>${floor(w, h, horizon, b)}${art[section]!(w, h, a, b)}</svg>\n`;
    writeFileSync(`${out}/landing/${section}-${kind}.svg`, svg);
  }
}
console.log('placeholders written');
