import { closeSync, fsyncSync, openSync } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClickRecord } from './click-writer.ts';

/** The spool's directory under DATA_DIR: apart from everything else kept there. */
export const SPOOL_DIR = 'click-spool';
const CURRENT = 'current.jsonl';
const LOADING = /^loading-\d+-\d+\.jsonl$/;

/**
 * Clicks kept on this instance's disk until PostgreSQL takes them: one JSON line per click,
 * appended and flushed to disk (`fdatasync`) before the redirect is answered, as a committed batch
 * would be. `take` closes the file being appended to and renames it for loading (appends go on in
 * a new one); a file is deleted only after every click in it is in the database, so a kill -9 at
 * any point leaves them here for the next start.
 */
export class ClickSpool {
  readonly dir: string;
  private file: FileHandle | undefined;
  /** Appends and renames one after another. */
  private queue: Promise<unknown> = Promise.resolve();
  private seq = 0;
  /** Clicks appended since the last `take` (so an idle spool costs no file system call). */
  private appended = 0;

  constructor(dataDir: string) {
    this.dir = join(dataDir, SPOOL_DIR);
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => {});
    return run;
  }

  /** Appends the clicks; resolves once they are on disk. */
  append(clicks: readonly ClickRecord[]): Promise<void> {
    return this.serial(async () => {
      if (!this.file) {
        await mkdir(this.dir, { recursive: true });
        this.file = await open(join(this.dir, CURRENT), 'a');
        syncDir(this.dir);
      }
      let text = '';
      for (const c of clicks) text += `${JSON.stringify(c)}\n`;
      await this.file.appendFile(text);
      await this.file.datasync();
      this.appended += clicks.length;
    });
  }

  /**
   * The files ready to load, oldest first: what earlier runs left, and what was appended until now
   * (renamed so new clicks go to a fresh file). Empty when there is nothing.
   */
  take(): Promise<string[]> {
    return this.serial(async () => {
      const names = await readdir(this.dir).catch(() => [] as string[]);
      if (names.includes(CURRENT) && (this.appended > 0 || !this.file)) {
        await this.file?.close();
        this.file = undefined;
        this.appended = 0;
        const size = (await stat(join(this.dir, CURRENT))).size;
        if (size > 0) {
          const name = `loading-${Date.now()}-${this.seq++}.jsonl`;
          await rename(join(this.dir, CURRENT), join(this.dir, name));
          syncDir(this.dir);
          names.push(name);
        } else await unlink(join(this.dir, CURRENT));
      }
      return names
        .filter((n) => LOADING.test(n))
        .sort((a, b) => {
          const [, at1, s1] = a.split(/[-.]/);
          const [, at2, s2] = b.split(/[-.]/);
          return Number(at1) - Number(at2) || Number(s1) - Number(s2);
        })
        .map((n) => join(this.dir, n));
    });
  }

  /** Whether anything waits in the spool (a cheap check for the drain timer). */
  get dirty(): boolean {
    return this.appended > 0;
  }

  /** Closes the file being appended to (its clicks stay for the next start or drain). */
  close(): Promise<void> {
    return this.serial(async () => {
      await this.file?.close();
      this.file = undefined;
    });
  }
}

/** The clicks of a spool file; a line cut short by a crash mid-append (never acknowledged) is skipped. */
export async function readSpoolFile(path: string): Promise<ClickRecord[]> {
  const text = await readFile(path, 'utf8');
  const out: ClickRecord[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      const c = JSON.parse(line) as Omit<ClickRecord, 'createdAt'> & { createdAt: string };
      out.push({ ...c, createdAt: new Date(c.createdAt) });
    } catch {
      // The torn tail of an append the process did not live to acknowledge.
    }
  }
  return out;
}

export const removeSpoolFile = (path: string): Promise<void> => unlink(path);

/** A new or renamed file survives a machine crash only once its directory is flushed too. */
function syncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
