import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { WithheldCommission } from '@portal/contracts';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider.tsx';
import { WithheldCommissionsSection } from './withheld-commissions-section.tsx';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const pending: WithheldCommission = {
  id: 4,
  time: '2026-11-02T10:00:00.000Z',
  referrer: { id: 7, name: 'Lena Fischer', email: 'lena@example.com' },
  referred: { id: 9, name: 'Mateo Alvarez', email: 'mateo@example.com' },
  amount: 0.5,
  shared: ['payout_details'],
  status: 'pending',
  decided_at: null,
  decided_by: null,
  paid: null,
  reason: null,
};
let list: WithheldCommission[] = [];
const posts: Array<{ url: string; body: unknown }> = [];

const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(async (url, init) => {
  if (url.startsWith('/v1/fraud/withheld-commissions?')) return json({ data: list, meta: { total: list.length, page: 1, per_page: 200 } });
  if (init?.method === 'POST') {
    posts.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    list = [];
    const released = url.endsWith('/release');
    return json({ data: { ...pending, status: released ? 'released' : 'rejected', paid: released ? 0.5 : null }, message: released ? 'Commission released.' : 'Commission rejected.' });
  }
  throw new Error(`unexpected call to ${url}`);
});

beforeEach(() => {
  posts.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function show() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={['/fraud']}>
      <AppProvider queryClient={queryClient}>
        <WithheldCommissionsSection />
      </AppProvider>
    </MemoryRouter>,
  );
}

describe('Withheld referral commissions on the Fraud screen', () => {
  it('lists each with the details shared, and releases one after asking', async () => {
    list = [pending];
    show();
    const table = await screen.findByRole('table', { name: 'Withheld referral commissions' });
    const row = within(table).getByText('Lena Fischer').closest('tr')!;
    expect(within(row).getByText('Mateo Alvarez')).toBeTruthy();
    expect(within(row).getByText('Payout details')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Release commission #4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release commission #4?' });
    expect(posts).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(posts.map((p) => p.url)).toEqual(['/v1/fraud/withheld-commissions/4/release']));
    expect(await screen.findByText('No referral commission is waiting for review.')).toBeTruthy();
  });

  it('rejects one with a reason', async () => {
    list = [pending];
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject commission #4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject commission #4?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'One household' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(posts).toEqual([{ url: '/v1/fraud/withheld-commissions/4/reject', body: { reason: 'One household' } }]));
  });
});
