/** The affiliates screen's Bonus dialog. */
export const bonus = {
  open: 'Bonus',
  title: 'Bonus for {{name}}',
  text: 'A positive amount is a bonus; a negative one is an adjustment and needs its reason. Both appear on the affiliate’s next statement.',
  amount: 'Amount',
  amountHint: 'Dollars, up to two decimals; negative for an adjustment',
  reason: 'Reason',
  adjustmentReason: 'Adjustment reason',
  reasons: { correction: 'Correction', chargeback: 'Chargeback', fraud: 'Fraud', overpayment: 'Overpayment', other: 'Other' },
  correctsId: 'Corrects ledger row (ID)',
  correctsIdHint: 'Optional: the row this adjustment corrects',
  submit: 'Add bonus',
  submitAdjustment: 'Add adjustment',
};
