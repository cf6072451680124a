import type { StatusFile } from './types.ts';

/**
 * Reads a bank's or wallet's answer: a pain.002 status report (.003 to .010, by namespace), a
 * NACHA return / notification of change file, or a CSV (reference, status, reason). Throws
 * `StatusFileError` when it is none of them.
 */
export function parseStatusFile(bytes: Buffer): StatusFile {
  void bytes;
  throw new Error('not implemented yet');
}
