import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Payout } from '@portal/contracts';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider.tsx';
import { PayoutsPage } from './payouts-page.tsx';

function payout(id: number, name: string, amount: number): Payout {
  return {
    id,
    period: '2026-10',
    status: 'to_approve',
    amount,
    gross: amount,
    withholding: 0,
    fee: 0,
    currency: 'USD',
    method: 'paypal',
    method_name: 'PayPal',
    bank: null,
    affiliate: { id: id + 10, name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` },
    hold_reasons: [],
    reject_reason: null,
    invoice_number: `2026-00000${id}`,
    created_at: '2026-11-15T10:00:00Z',
    approved_at: null,
    paid_at: null,
    reference: null,
    unmark_paid_until: null,
  };
}

const rows = [payout(1, 'Alex Rivera', 350.25), payout(2, 'Jordan Blake', 99.75)];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const calls: { url: string; body: unknown }[] = [];

const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(async (url, init) => {
  calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
  if (url.startsWith('/v1/payouts/bulk/approve')) {
    return json({
      data: {
        results: [
          { id: 1, ok: true, status: 'to_pay', error_code: null, message: 'Payout approved successfully' },
          { id: 2, ok: false, status: 'held', error_code: 'conflict', message: 'This payout is held until the affiliate fixes their profile.' },
        ],
      },
    });
  }
  if (url.startsWith('/v1/payouts?')) {
    return json({ data: rows, meta: { total: 2, page: 1, per_page: 20, totals: { count: 2, amount: 450, gross: 450, withholding: 0, fee: 0 } } });
  }
  if (url.startsWith('/v1/payment-methods')) return json({ data: [{ id: 1, type: 'paypal', name: 'PayPal', min_payout: 50, fee: 0 }] });
  throw new Error(`unexpected call to ${url}`);
});

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('/payouts bulk approve', () => {
  it('approves the selection in one batch and shows each row’s own result, keeping the refused one selected', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <MemoryRouter initialEntries={['/payouts']}>
        <AppProvider queryClient={queryClient}>
          <PayoutsPage />
        </AppProvider>
      </MemoryRouter>,
    );
    await screen.findByText('Jordan Blake');
    expect(screen.getByTestId('payouts-totals').textContent).toBe('2 payouts, $450.00');
    expect(calls.some((c) => c.url.startsWith('/v1/payouts?') && c.url.includes('section=to_approve'))).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all payouts on this page' }));
    expect(screen.getByTestId('payouts-totals').textContent).toBe('2 selected, $450.00');
    fireEvent.click(screen.getByRole('button', { name: 'Approve selected' }));
    // Asked first, with the count and the total; nothing is sent before.
    const ask = await screen.findByRole('dialog', { name: 'Approve 2 payouts?' });
    expect(ask.textContent).toContain('2 payouts totalling $450.00 go to To pay');
    expect(calls.some((c) => c.url.startsWith('/v1/payouts/bulk/approve'))).toBe(false);
    fireEvent.click(within(ask).getByRole('button', { name: 'Approve' }));

    const dialog = await screen.findByRole('dialog', { name: 'Approve payouts' });
    await waitFor(() => expect(within(dialog).getByTestId('bulk-status').textContent).toBe('1 done, 1 failed'));
    expect(calls.find((c) => c.url.startsWith('/v1/payouts/bulk/approve'))!.body).toEqual({ ids: [1, 2] });
    expect(within(dialog).getByTestId('bulk-row-1').getAttribute('data-result')).toBe('ok');
    expect(within(dialog).getByTestId('bulk-row-2').textContent).toContain('Failed: This payout is held until the affiliate fixes their profile.');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('payouts-totals').textContent).toBe('1 selected, $99.75');
  });
});
