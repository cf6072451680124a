import { execFileSync } from 'node:child_process';

/** The text of a PDF, read back with poppler's pdftotext (layout kept, so a line reads as printed). */
export function pdfText(bytes: Buffer | Uint8Array): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');
}
