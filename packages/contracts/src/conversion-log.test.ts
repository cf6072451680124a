import { describe, expect, it } from 'vitest';
import { canAttachConversion, canReverseConversion, conversionLogQuerySchema, formatMinorAmount } from './conversion-log.ts';

describe('the conversion log', () => {
  it('writes an amount with its currency’s minor digits', () => {
    expect(formatMinorAmount(1999, 'USD')).toBe('19.99');
    expect(formatMinorAmount(5, 'EUR')).toBe('0.05');
    expect(formatMinorAmount(-250, 'GBP')).toBe('-2.50');
    expect(formatMinorAmount(1000, 'JPY')).toBe('1000');
    expect(formatMinorAmount(1234, 'KWD')).toBe('1.234');
  });

  it('reads its query: newest first, 25 a page, stored statuses only', () => {
    expect(conversionLogQuerySchema.parse({})).toMatchObject({ page: 1, per_page: 25, sort: 'time', order: 'desc' });
    expect(conversionLogQuerySchema.safeParse({ status: 'duplicate' }).success).toBe(false);
    expect(conversionLogQuerySchema.safeParse({ from: '2024-9-1' }).success).toBe(false);
  });

  it('offers staff the actions that fit a row', () => {
    expect(canReverseConversion({ status: 'accepted', type: 'sale' })).toBe(true);
    expect(canReverseConversion({ status: 'accepted', type: 'refund' })).toBe(false);
    expect(canReverseConversion({ status: 'reversed', type: 'sale' })).toBe(false);
    expect(canAttachConversion({ status: 'orphaned' })).toBe(true);
    expect(canAttachConversion({ status: 'accepted' })).toBe(false);
  });
});
