import { render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../../app/provider.tsx';
import { SharedDetailsNotice } from './shared-details-notice.tsx';

const show = (shared: Parameters<typeof SharedDetailsNotice>[0]['shared']) =>
  render(
    <MemoryRouter>
      <AppProvider queryClient={new QueryClient()}>
        <SharedDetailsNotice shared={shared} />
      </AppProvider>
    </MemoryRouter>,
  );

describe('Affiliate Details: details shared with other affiliates', () => {
  it('names each kind shared and links to the affiliates sharing it', () => {
    show([
      { kind: 'payout_details', with: [{ id: 9, name: 'Mateo Alvarez' }, { id: 12, name: 'Noah Fischer' }] },
      { kind: 'tax_number', with: [{ id: 9, name: 'Mateo Alvarez' }] },
    ]);
    const notice = screen.getByRole('region', { name: 'Shares details with other affiliates' });
    const [payout, tax] = within(notice).getAllByRole('listitem');
    expect(payout!.textContent).toBe('Payout details shared with Mateo Alvarez, Noah Fischer');
    expect(within(payout!).getByRole('link', { name: 'Noah Fischer' }).getAttribute('href')).toBe('/profile?user=12&id=12');
    expect(tax!.textContent).toBe('Tax number shared with Mateo Alvarez');
    expect(notice.textContent).toContain('A referral between them earns no commission.');
  });

  it('shows nothing when the affiliate shares nothing', () => {
    const { container } = show([]);
    expect(container.textContent).toBe('');
  });
});
