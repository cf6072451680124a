import { describe, expect, it } from 'vitest';
import { fraudMessages, reasonForAffiliate } from './fraud.ts';

describe('reasons as the affiliate reads them', () => {
  it('speak to the affiliate of their own conversions and ratios, and of a rate hold as paid when the rate arrives', () => {
    expect(reasonForAffiliate(fraudMessages.ruleReasons.first_conversions(2))).toBe('One of your first 2 conversions.');
    expect(reasonForAffiliate(fraudMessages.ruleReasons.chargeback_ratio_30(2.5))).toBe('Your chargeback ratio over 30 days is above 2.5%.');
    expect(reasonForAffiliate(`${fraudMessages.ruleReasons.min_seconds(15)} ${fraudMessages.ruleReasons.refund_ratio_90(10)}`)).toBe(
      'Converted less than 15 seconds after the click. Your refund ratio over 90 days is above 10%.',
    );
    expect(reasonForAffiliate('No exchange rate for EUR on or before 2026-11-26.')).toBe('Waiting for the EUR exchange rate of 2026-11-26: it is paid when the rate arrives (nothing to appeal).');
    expect(reasonForAffiliate('Card used on five accounts')).toBe('Card used on five accounts');
  });
});
