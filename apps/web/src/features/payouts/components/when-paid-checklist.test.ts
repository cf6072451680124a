import type { WhenPaid } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n-all.ts';
import { checklistItems } from './when-paid-checklist.tsx';

const base: WhenPaid = {
  eligible: true,
  method: 'paypal',
  method_name: 'PayPal',
  minimum: 50,
  balance: 120.5,
  reaches_minimum: true,
  pending_hold: 0,
  next_release_at: null,
  releases: [],
  hold_days: 14,
  risk_hold_days: 0,
  issues: [],
  next_close: { period: '2026-11', date: '2026-12-01T09:00:00Z' },
  projected: { period: '2026-11', date: '2026-12-01T09:00:00Z', amount: 120.5 },
};

describe('When am I paid?', () => {
  it('says all is set and when the next payout comes', () => {
    const items = checklistItems(base, i18n.t);
    expect(items.map((i) => [i.state, i.text])).toEqual([
      ['done', 'Your balance of $120.50 reaches the $50.00 minimum for PayPal'],
      ['done', 'No earnings waiting out the hold period'],
      ['done', 'Your profile is complete for payouts'],
      ['next', 'Next payout: $120.50 around Dec 1, 2026'],
    ]);
  });

  it('lists what is missing, each issue with the link that fixes it, and the release of held earnings', () => {
    const items = checklistItems(
      {
        ...base,
        eligible: false,
        balance: 12.3,
        reaches_minimum: false,
        pending_hold: 40,
        next_release_at: '2026-11-20T18:00:00Z',
        releases: [
          { date: '2026-11-20T18:00:00Z', amount: 25, next_payout: true },
          { date: '2026-12-03T18:00:00Z', amount: 15, next_payout: false },
        ],
        issues: [{ code: 'billing_account_incomplete', link: '/profile?tab=billing' }],
        projected: null,
      },
      i18n.t,
    );
    expect(items.map((i) => [i.state, i.text, i.link])).toEqual([
      ['todo', 'Your balance of $12.30 needs $37.70 more to reach the $50.00 minimum for PayPal: it carries over until then', undefined],
      ['wait', '$40.00 of recent earnings waits out the 14-day hold; each day’s earnings are released 14 days later:', undefined],
      ['wait', 'Nov 20, 2026: $25.00, in the next payout', undefined],
      ['wait', 'Dec 3, 2026: $15.00, in a later payout', undefined],
      ['todo', 'Fix: Billing details are incomplete', '/profile?tab=billing'],
      ['wait', 'No payout projected at the next close, on Dec 1, 2026', undefined],
    ]);
  });

  it('says why the hold is longer when chargebacks lengthen it', () => {
    const items = checklistItems({ ...base, hold_days: 44, risk_hold_days: 30 }, i18n.t);
    expect(items.map((i) => i.text)).toContain('Your hold is 30 days longer while your chargebacks over 90 days are high: 44 days in all.');
    expect(checklistItems(base, i18n.t).some((i) => i.key === 'risk-hold')).toBe(false);
  });

  it('names a missing payment method once, not again as incomplete billing details', () => {
    const items = checklistItems({ ...base, eligible: false, method: null, method_name: null, issues: [{ code: 'billing_account_incomplete', link: '/profile?tab=billing' }, { code: 'legal_forms_not_submitted', link: '/profile?tab=billing' }] }, i18n.t);
    const texts = items.map((i) => i.text);
    expect(texts).toContain('Choose a payment method in your billing details');
    expect(texts).not.toContain('Fix: Billing details are incomplete');
    expect(items.filter((i) => i.link === '/profile?tab=billing')).toHaveLength(2);
    expect(texts.some((t) => t.startsWith('Fix: ') && t !== 'Fix: Billing details are incomplete')).toBe(true);
  });

  it('asks for a payment method first when none is chosen', () => {
    const [first] = checklistItems({ ...base, method: null, method_name: null }, i18n.t);
    expect(first).toMatchObject({ state: 'todo', text: 'Choose a payment method in your billing details', link: '/profile?tab=billing' });
  });
});
