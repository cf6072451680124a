/**
 * The payment-runs module's door. Today: the payment files (`formats/`), pure functions the runs
 * call to make each rail's file, check its items before approval and read the bank's answer.
 */
export * from './formats/index.ts';
