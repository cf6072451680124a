// Lighthouse on the production build (issue 4, Speed): `/` and `/signin`, mobile (Lighthouse's
// default: Moto G Power, slow 4G, 4x CPU slowdown) and desktop, with the system Chromium.
//   npm run build && npm run bench:lighthouse [-- --runs 3] [--only mobile|desktop] [--path /signin] [--save dir]
// --save writes each run's full report (JSON) to dir, to read the trace's long tasks and requests.
// Goal: performance >= 95; accessibility, best practices and SEO 100. Not part of npm test.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const port = Number(process.env.BENCH_PORT ?? 3190);
const debugPort = port + 1;
const base = `http://127.0.0.1:${port}`;
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const runs = Number(arg('--runs') ?? 1);
const paths = arg('--path') ? [arg('--path')!] : ['/', '/signin'];
const formFactors = arg('--only') ? [arg('--only') as 'mobile' | 'desktop'] : (['mobile', 'desktop'] as const);
const saveDir = arg('--save');
if (saveDir) mkdirSync(saveDir, { recursive: true });
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
// The flags of playwright.config.ts, headless.
const flags = ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const dataDir = `.data-bench-lighthouse-${port}`;
const server = spawn(process.execPath, ['scripts/e2e-server.ts'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: 'warn', DEMO_DATA: '0' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('The server did not start');
}

// The metrics shown next to the scores, each the median of its runs (as the scores are).
const metricKeys = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'] as const;
const formatMetric = (key: string, value: number) => (key === 'cumulative-layout-shift' ? value.toFixed(2) : key === 'total-blocking-time' ? `${Math.round(value / 10) * 10} ms` : `${(value / 1000).toFixed(1)} s`);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  await waitForServer();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: [...flags, `--remote-debugging-port=${debugPort}`] });
  try {
    const rows: string[][] = [];
    for (const formFactor of formFactors) {
      for (const path of paths) {
        const scores: Record<string, number[]> = {};
        const metrics: Record<string, number[]> = {};
        for (let run = 0; run < runs; run++) {
          const result = await lighthouse(
            base + path,
            { port: debugPort, output: 'json', logLevel: 'error', onlyCategories: [...categories] },
            formFactor === 'desktop' ? desktopConfig : undefined,
          );
          if (!result) throw new Error(`No Lighthouse result for ${path}`);
          const { lhr } = result;
          if (saveDir) {
            const name = `${saveDir}/${formFactor}${path.replace(/\W+/g, '-')}${run}`;
            writeFileSync(`${name}.json`, JSON.stringify(lhr));
            writeFileSync(`${name}.trace.json`, JSON.stringify((result.artifacts as { Trace?: unknown }).Trace ?? null));
          }
          for (const c of categories) (scores[c] ??= []).push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
          for (const key of metricKeys) (metrics[key] ??= []).push(lhr.audits[key]?.numericValue ?? Number.NaN);
          // What kept a category under 100, so it can be fixed.
          for (const c of categories) {
            for (const ref of lhr.categories[c]?.auditRefs ?? []) {
              const audit = lhr.audits[ref.id];
              if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1 && run === 0) console.log(`  ${formFactor} ${path} ${c}: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''}`);
            }
          }
        }
        rows.push([formFactor, path, ...categories.map((c) => String(median(scores[c]!))), ...metricKeys.map((key) => formatMetric(key, median(metrics[key]!)))]);
        if (runs > 1) console.log(`  ${formFactor} ${path} performance per run: ${scores.performance!.join(' ')}; TBT ${metrics['total-blocking-time']!.map((v) => Math.round(v)).join(' ')} ms`);
      }
    }
    const head = ['form', 'page', 'perf', 'a11y', 'best', 'seo', 'FCP', 'LCP', 'TBT', 'CLS'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (r: string[]) => r.map((v, i) => v.padEnd(widths[i]!)).join('  ');
    console.log(`\nLighthouse ${runs > 1 ? `(median of ${runs} runs)` : ''} on ${base}`);
    console.log(line(head));
    for (const r of rows) console.log(line(r));
  } finally {
    await browser.close();
  }
} finally {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
