import { render, screen, within } from '@testing-library/react';
import type { SharedGroup } from '@portal/contracts';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider.tsx';
import { SharedDetailsSection } from './shared-details-section.tsx';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
let groups: SharedGroup[] = [];

const fetchMock = vi.fn<(url: string) => Promise<Response>>(async (url) => {
  if (url.startsWith('/v1/fraud/shared')) return json({ data: groups });
  throw new Error(`unexpected call to ${url}`);
});

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.unstubAllGlobals());

function show() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={['/fraud']}>
      <AppProvider queryClient={queryClient}>
        <SharedDetailsSection />
      </AppProvider>
    </MemoryRouter>,
  );
}

describe('Shared details on the Fraud screen', () => {
  it('lists each shared detail by kind, its affiliates linking to their details', async () => {
    groups = [
      { kind: 'payout_details', affiliates: [{ id: 7, name: 'Lena Fischer', email: 'lena@example.com' }, { id: 9, name: 'Mateo Alvarez', email: 'mateo@example.com' }] },
      { kind: 'signup_ip', affiliates: [{ id: 3, name: 'Ann', email: 'ann@example.com' }, { id: 4, name: 'Ben', email: 'ben@example.com' }] },
    ];
    show();
    const table = await screen.findByRole('table', { name: 'Shared details' });
    expect(screen.getByRole('heading', { name: 'Shared details' })).toBeTruthy();
    const row = within(table).getByText('Payout details').closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Lena Fischer' }).getAttribute('href')).toBe('/profile?user=7&id=7');
    expect(within(row).getByRole('link', { name: 'Mateo Alvarez' }).getAttribute('href')).toBe('/profile?user=9&id=9');
    expect(within(row).getByText('mateo@example.com')).toBeTruthy();
    expect(within(table).getByText('Sign-up address')).toBeTruthy();
  });

  it('says so when no two affiliates share anything', async () => {
    groups = [];
    show();
    expect(await screen.findByText('No two affiliates share payout details, a tax number or a sign-up address.')).toBeTruthy();
  });
});
