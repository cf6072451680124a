// Screenshots of the pages at 375 px and 1440 px, for looking at what we build:
//   npm run build && node scripts/screenshots.ts [http://127.0.0.1:3000] [/path ...]
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const paths = process.argv.slice(3).length ? process.argv.slice(3) : ['/', '/no-such-page'];
const out = 'screenshots';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const width of [375, 1440]) {
  const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: 'dark' });
  for (const path of paths) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const file = `${out}/${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${width}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
