import type { RunFile, RunFileInput } from './types.ts';

/** The ISO 20022 pain.001 credit transfer of a wire run: SEPA part and cross-border part. */
export function sepaFile(input: RunFileInput): RunFile {
  void input;
  throw new Error('not implemented yet');
}
