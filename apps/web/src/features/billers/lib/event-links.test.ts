import type { BillerEvent } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { accountLabel } from './biller-fields.ts';
import { conversionLogLink } from './event-links.ts';

const event = (patch: Partial<BillerEvent>): BillerEvent => ({
  id: 7,
  received_at: '2026-11-26T05:30:00.000Z',
  biller: 'ccbill',
  biller_account_id: 3,
  site: { id: 4, name: 'NovaVR' },
  method: 'POST',
  biller_event: 'NewSaleSuccess',
  event_type: 'sale',
  transaction_id: '0112233',
  subscription_id: '1112233',
  status: 'accepted',
  reason: null,
  conversion_id: 91,
  raw: {},
  dropped_fields: [],
  replayed_at: null,
  ...patch,
});

describe('biller event links', () => {
  it('opens the conversion log on the day the event arrived in the network’s time zone, on its site', () => {
    // 05:30 UTC on Nov 26 is still Nov 25 in Los Angeles.
    const link = new URL(conversionLogLink(event({}))!, 'http://x');
    expect(link.pathname).toBe('/conversion-log');
    expect(Object.fromEntries(link.searchParams)).toEqual({ from: '2026-11-25', to: '2026-11-25', site_id: '4' });
  });

  it('has no link when the event made no conversion', () => {
    expect(conversionLogLink(event({ conversion_id: null, status: 'subscription' }))).toBeUndefined();
  });
});

describe('biller account label', () => {
  it('names an account by its biller’s identifiers only', () => {
    const base = { ccbill_account: '951234', ccbill_subaccount: '0001', epoch_reseller: 'x', epoch_product_code: null, segpay_merchant_id: null, verotel_shop_id: '9' };
    expect(accountLabel({ ...base, biller: 'ccbill' } as never)).toBe('951234 / 0001');
    expect(accountLabel({ ...base, biller: 'verotel' } as never)).toBe('9');
    expect(accountLabel({ ...base, biller: 'segpay' } as never)).toBe('');
  });
});
