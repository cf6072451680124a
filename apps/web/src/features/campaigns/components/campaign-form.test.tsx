import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { trackingMessages } from '@portal/contracts';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider.tsx';
import { CampaignForm } from './campaign-form.tsx';

const site = { id: 3, name: 'vr', display_name: 'VR Site' };
const offer = {
  id: 7,
  name: 'VR cpa',
  description: '',
  site,
  landing_page: null,
  payout_type: 'cpa',
  goal: 'sale',
  default_payout: 10,
  status: 'active',
  fallback_url: null,
  created_at: '2026-01-01T00:00:00Z',
};
const landingPage = { id: 11, site_id: 3, name: 'Main tour', url: 'https://vr.example/tour', description: '', language: 'en', rating: 0 };
const list = (data: unknown[]) => ({ data, meta: { total: data.length, page: 1, per_page: Math.max(data.length, 1) } });

const sent: { method: string; url: string; body: unknown }[] = [];
let saveReply: { status: number; body: unknown };
const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(async (url, init) => {
  const method = init?.method ?? 'GET';
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  if (method === 'GET' && url.includes('/v1/offers')) return json(200, list([offer]));
  if (method === 'GET' && url.includes('/v1/landing-pages')) return json(200, list([landingPage]));
  sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
  return json(saveReply.status, saveReply.body);
});

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderForm(onClose = () => {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(['config'], { maintenance: false, captcha: null, social_providers: [] });
  return render(
    <MemoryRouter>
      <AppProvider queryClient={queryClient}>
        <CampaignForm campaign={undefined} onClose={onClose} />
      </AppProvider>
    </MemoryRouter>,
  );
}

async function pick(label: RegExp, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('CampaignForm', () => {
  it('marks every empty required field on the first save and sends nothing', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Name, offer and the landing page (the default destination) at once.
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    expect(sent).toEqual([]);
  });

  it('checks only the destination chosen, then creates the campaign with it', async () => {
    const onClose = vi.fn<() => void>();
    renderForm(onClose);
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Summer' } });
    await pick(/^Offer/, 'VR cpa (VR Site)');
    await pick(/^Landing page/, 'Main tour');
    saveReply = {
      status: 201,
      body: {
        data: {
          id: 1,
          name: 'Summer',
          offer: { id: 7, name: 'VR cpa' },
          site,
          payout_type: 'cpa',
          destination_type: 'landing_page',
          destination: 'Main tour',
          landing_page_id: 11,
          destination_url: null,
          geo_targeting: [],
          tracking_url: 'http://portal.test/t/abc',
          date_created: '2026-01-01T00:00:00Z',
          all_time_earnings: 0,
        },
        message: trackingMessages.campaignCreated,
      },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/v1/campaigns', body: { name: 'Summer', offer_id: 7, destination_type: 'landing_page', landing_page_id: 11, destination_url: null, geo_targeting: [] } });
  });

  it('puts the server’s field errors on their fields, inner rows included', async () => {
    renderForm();
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Geo' } });
    await pick(/^Offer/, 'VR cpa (VR Site)');
    await pick(/^Landing page/, 'Main tour');
    fireEvent.click(screen.getByRole('button', { name: /Add a country/i }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Country/ }), { target: { value: 'de' } });
    saveReply = { status: 422, body: { error_code: 'validation_failed', message: 'The given data was invalid.', errors: { 'geo_targeting.0.country': ['Field must be unique'] } } };
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Field must be unique')).toBeTruthy();
    expect(sent[0]?.body).toMatchObject({ geo_targeting: [{ country: 'DE' }] });
  });
});
