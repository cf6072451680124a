import type { RunFile, RunFileInput } from './types.ts';

/** The NACHA file of an ACH run. */
export function achFile(input: RunFileInput): RunFile {
  void input;
  throw new Error('not implemented yet');
}
