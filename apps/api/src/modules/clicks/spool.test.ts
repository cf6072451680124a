import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClickRecord } from './click-writer.ts';
import { ClickSpool, readSpoolFile, removeSpoolFile, SPOOL_DIR } from './spool.ts';

const click = (cid: string): ClickRecord => ({
  cid,
  createdAt: new Date('2026-11-27T10:00:00.123Z'),
  day: '2026-11-27',
  affiliateId: 1,
  offerId: 2,
  siteId: 3,
  campaignId: null,
  landingPageId: null,
  linkId: 4,
  creative: null,
  sub1: '=HYPERLINK("x")',
  sub2: 'line\nbreak',
  sub3: null,
  sub4: null,
  sub5: null,
  country: 'DE',
  device: 'vr',
  visitorHash: 'h',
  isBot: false,
  fallbackReason: null,
  invalidReason: null,
  smartLinkId: null,
});

describe('the click spool', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
  const dataDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'spool-'));
    dirs.push(d);
    return d;
  };

  it('gives back every click as it was appended, in order, and new appends go to a new file', async () => {
    const spool = new ClickSpool(dataDir());
    await spool.append([click('a'), click('b')]);
    await spool.append([click('c')]);
    const [first, ...rest] = await spool.take();
    expect(rest).toEqual([]);
    expect(await readSpoolFile(first!)).toEqual([click('a'), click('b'), click('c')]);
    await spool.append([click('d')]);
    const files = await spool.take();
    expect(files).toHaveLength(2);
    expect(files[0]).toBe(first);
    expect(await readSpoolFile(files[1]!)).toEqual([click('d')]);
    await Promise.all(files.map(removeSpoolFile));
    expect(await spool.take()).toEqual([]);
    await spool.close();
  });

  it('keeps what a process left for the next one, skipping a line cut short by a crash', async () => {
    const dir = dataDir();
    const before = new ClickSpool(dir);
    await before.append([click('a'), click('b')]);
    // The process dies mid-append: the last line is torn (never acknowledged).
    appendFileSync(join(dir, SPOOL_DIR, 'current.jsonl'), '{"cid":"c","createdAt":"2026-');
    const after = new ClickSpool(dir);
    const files = await after.take();
    expect(files).toHaveLength(1);
    expect((await readSpoolFile(files[0]!)).map((c) => c.cid)).toEqual(['a', 'b']);
    expect(readdirSync(join(dir, SPOOL_DIR)).some((f) => f === 'current.jsonl')).toBe(false);
  });
});
