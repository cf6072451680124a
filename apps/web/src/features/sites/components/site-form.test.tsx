import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { trackingMessages } from '@portal/contracts';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider.tsx';
import { SiteForm } from './site-form.tsx';

type Reply = { status: number; body: unknown };
let reply: Reply;
const sent: { url: string; body: unknown }[] = [];
const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(async (url, init) => {
  sent.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
  return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
});

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderForm(onClose = () => {}, onKey = (_name: string, _key: string) => {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(['config'], { maintenance: false, captcha: null, social_providers: [] });
  return render(
    <MemoryRouter>
      <AppProvider queryClient={queryClient}>
        <SiteForm site={undefined} onClose={onClose} onKey={onKey} />
      </AppProvider>
    </MemoryRouter>,
  );
}

const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('SiteForm', () => {
  it('sends nothing until the required fields are filled, then creates the site and hands its key on', async () => {
    const onKey = vi.fn<(name: string, key: string) => void>();
    const onClose = vi.fn<() => void>();
    renderForm(onClose, onKey);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('This field is required')).length).toBe(3);
    expect(sent).toEqual([]);

    fireEvent.change(field(/^Name/), { target: { value: 'vr-new' } });
    fireEvent.change(field(/^Display name/), { target: { value: 'VR New' } });
    fireEvent.change(field(/^URL/), { target: { value: 'https://vr-new.example.com' } });
    reply = { status: 201, body: { data: { id: 9, name: 'vr-new', display_name: 'VR New', url: 'https://vr-new.example.com', description: '', type: 'vr', manager: null, models_api_url: null, scenes_api_url: null, message: '', fallback_url: null, created_at: '2026-01-01T00:00:00Z', api_key: 'key-123' } } };
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onKey).toHaveBeenCalledWith('VR New', 'key-123'));
    expect(sent[0]).toMatchObject({ url: '/v1/sites', body: { name: 'vr-new', display_name: 'VR New', url: 'https://vr-new.example.com', type: 'vr' } });
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText(trackingMessages.siteCreated)).toBeTruthy();
  });

  it("puts the server's field error on its field and keeps the form open", async () => {
    const onClose = vi.fn<() => void>();
    renderForm(onClose);
    fireEvent.change(field(/^Name/), { target: { value: 'vr-one' } });
    fireEvent.change(field(/^Display name/), { target: { value: 'VR One' } });
    fireEvent.change(field(/^URL/), { target: { value: 'https://vr-one.example.com' } });
    reply = { status: 422, body: { error_code: 'unique', message: 'The name has already been taken.', errors: { name: ['The name has already been taken.'] } } };
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field(/^Name/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('The name has already been taken.').length).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
  });
});
