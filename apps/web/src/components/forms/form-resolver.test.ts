import { moneySettingsInputSchema } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import type { FormItem } from './field-types.ts';
import { formResolver } from './form-resolver.ts';

// The API takes whole-number settings as JSON numbers only: a number field hands over what was typed as a number.
const fields: FormItem<{ referral_rate: unknown; hold_days: unknown }>[] = [
  { name: 'referral_rate', label: 'rate', type: 'text', required: true },
  { name: 'hold_days', label: 'days', type: 'number', required: true },
];
const resolve = (values: Record<string, unknown>) => formResolver(moneySettingsInputSchema as never, fields as never)(values as never, undefined, { fields: {}, shouldUseNativeValidation: false } as never);

describe('number fields', () => {
  it('save the number typed, not its text', async () => {
    expect((await resolve({ referral_rate: '5', hold_days: '14' })).values).toEqual({ referral_rate: 5, hold_days: 14 });
  });
  it('refuse text that does not spell a whole number', async () => {
    for (const hold_days of ['1e1', '1.5', 'x']) expect(Object.keys((await resolve({ referral_rate: '5', hold_days })).errors)).toEqual(['hold_days']);
  });
});
