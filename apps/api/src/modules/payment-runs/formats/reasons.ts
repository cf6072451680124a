/** An ISO 20022 status reason or a NACHA return / change code in words ("The account is closed"). */
export function reasonText(code: string): string {
  void code;
  throw new Error('not implemented yet');
}

/** A NACHA change code (C01..C09...) in words, and the detail it corrects. */
export function correctionWords(code: string): { field: string; words: string } {
  void code;
  throw new Error('not implemented yet');
}
