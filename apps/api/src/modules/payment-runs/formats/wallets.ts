import type { RunFile, RunFileInput } from './types.ts';

export function paxumFile(input: RunFileInput): RunFile {
  void input;
  throw new Error('not implemented yet');
}

export function paypalFile(input: RunFileInput): RunFile {
  void input;
  throw new Error('not implemented yet');
}

export function usdtFile(input: RunFileInput): RunFile {
  void input;
  throw new Error('not implemented yet');
}
