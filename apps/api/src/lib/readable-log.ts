import { Writable } from 'node:stream';

const levels: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/**
 * One JSON log line as a person reads it in a terminal: the time and the message, the level only
 * when it is not `info`, a request as `GET /path 200 (3 ms)`, an error with its message and stack.
 * A line that is not JSON passes through unchanged.
 */
export function readableLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const time = typeof entry.time === 'number' ? new Date(entry.time).toTimeString().slice(0, 8) : '';
  const level = typeof entry.level === 'number' && entry.level !== 30 ? `${(levels[entry.level] ?? String(entry.level)).toUpperCase()} ` : '';
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  let text = String(entry.msg ?? '');
  if (req?.method) text = `${req.method} ${req.url ?? ''} ${text}`;
  if (res?.statusCode) text = `${text} ${res.statusCode}${typeof entry.responseTime === 'number' ? ` (${Math.round(entry.responseTime)} ms)` : ''}`;
  const err = entry.err as { message?: string; stack?: string } | undefined;
  if (err) text += `\n${err.stack ?? err.message ?? ''}`;
  return `${time} ${level}${text}\n`;
}

/** A stream for the server's logger that writes each JSON line to `out` as `readableLogLine` renders it. */
export function readableLogStream(out: NodeJS.WritableStream = process.stdout): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending += chunk.toString();
      let end: number;
      while ((end = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 1);
        if (line.trim()) out.write(readableLogLine(line));
      }
      done();
    },
  });
}
