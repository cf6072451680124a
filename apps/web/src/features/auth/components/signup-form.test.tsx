import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { authMessages, type PublicConfig, termsMessages } from '@portal/contracts';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider.tsx';
import type { FormOptions } from '../api/get-form-options.ts';
import { SignupForm } from './signup-form.tsx';

const config: PublicConfig = { maintenance: false, captcha: null, social_providers: [] };
const formOptions: FormOptions = {
  sites: [
    { id: 1, name: 'vr-one', display_name: 'VR One' },
    { id: 2, name: 'vr-two', display_name: 'VR Two' },
    { id: 3, name: 'vr-three', display_name: 'VR Three' },
  ],
  methods: [
    { value: 'website', label: 'Website or blog' },
    { value: 'social_media', label: 'Social media' },
    { value: 'forums', label: 'Forums' },
  ],
  countries: [
    { code: 'DE', name: 'Germany' },
    { code: 'FR', name: 'France' },
  ],
};

type Reply = { status: number; body: unknown };
const replies = { register: { status: 200, body: { data: { message: authMessages.activationSent } } } as Reply };
const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(async (url) => {
  if (!url.startsWith('/v1/register')) throw new Error(`unexpected call to ${url}`);
  const { status, body } = replies.register;
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
});

beforeEach(() => {
  replies.register = { status: 200, body: { data: { message: authMessages.activationSent } } };
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderSignup(path = '/signup') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(['config'], config);
  queryClient.setQueryData(['profile', 'form-options'], formOptions);
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <AppProvider queryClient={queryClient}>
        <SignupForm />
      </AppProvider>
    </MemoryRouter>,
  );
  const byName = (name: string) => {
    const input = view.container.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    if (!input) throw new Error(`no input named ${name}`);
    return input;
  };
  return { byName };
}

const field = (label: string) => screen.getByLabelText(label, { exact: false });
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
const registerCalls = () => fetchMock.mock.calls.filter(([url]) => url.startsWith('/v1/register'));

/** Picks a choice of a select input (MUI Autocomplete): open the list, then click the option. */
function choose(label: string, option: string, search?: string) {
  const input = field(label);
  input.focus();
  if (search === undefined) fireEvent.keyDown(input, { key: 'ArrowDown' });
  else fill(input, search);
  fireEvent.click(screen.getByRole('option', { name: option }));
}

/** The message shown under an input: its helper text, found through aria-describedby. */
function messageOf(input: HTMLElement): string | null | undefined {
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
}

function fillAccount(byName: (name: string) => HTMLInputElement, confirmation = 'first-pass-2026') {
  fill(field('First name'), 'Casey Newton');
  fill(field('Email'), 'Casey@Example.com');
  fill(byName('password'), 'first-pass-2026');
  fill(byName('password_confirmation'), confirmation);
  fireEvent.click(screen.getByRole('checkbox', { name: termsBox }));
}

const termsBox = 'I accept the Terms of Service and confirm that I am 18 or older';

describe('SignupForm', () => {
  it('asks for the required fields, then for a matching password, before anything is sent', async () => {
    const { byName } = renderSignup();
    create();
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(4));
    for (const input of [field('First name'), field('Email'), byName('password'), byName('password_confirmation')]) {
      expect(messageOf(input)).toBe('This field is required');
    }
    // The Terms of Service and age 18+: a box of its own, its own words, the terms a link beside the form.
    expect(screen.getByText(termsMessages.acceptRequired)).toBeTruthy();
    const terms = screen.getByRole('link', { name: 'Terms of Service' });
    expect(terms.getAttribute('href')).toBe('/terms-and-conditions');
    expect(terms.getAttribute('target')).toBe('_blank');

    fillAccount(byName, 'something-else');
    create();
    expect(await screen.findByText('Password mismatch')).toBeTruthy();
    expect(messageOf(byName('password_confirmation'))).toBe('Password mismatch');
    expect(screen.queryByText('This field is required')).toBeNull();
    expect(registerCalls()).toHaveLength(0);
  });

  it("puts the server's uniqueness error on the email field", async () => {
    replies.register = { status: 422, body: { error_code: 'unique', message: authMessages.emailTaken, errors: { email: [authMessages.emailTaken] } } };
    const { byName } = renderSignup();
    fillAccount(byName);
    create();
    await waitFor(() => expect(messageOf(field('Email'))).toBe(authMessages.emailTaken));
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    // It landed on its field, so the form says nothing else above the fields.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByText(authMessages.emailTaken)).toHaveLength(1);
  });

  it('says above the fields what no field shows (a failed bot check)', async () => {
    replies.register = { status: 422, body: { error_code: 'captcha_failed', message: authMessages.captchaFailed, errors: { captcha_token: [authMessages.captchaFailed] } } };
    const { byName } = renderSignup();
    fillAccount(byName);
    create();
    expect((await screen.findByRole('alert')).textContent).toBe(authMessages.captchaFailed);
  });

  it('sends sites_ids and methods as lists and passes referred_by on', async () => {
    const { byName } = renderSignup('/signup?referred_by=42');
    fillAccount(byName);
    choose('Sites you want to promote', 'VR One');
    choose('Sites you want to promote', 'VR Three');
    choose('Promotion methods', 'Website or blog');
    choose('Promotion methods', 'Forums');
    choose('Country', 'Germany', 'germ');
    fill(field('Company'), '  Newton Media  ');
    fill(field('Website'), 'https://newton.example.com');
    create();

    // Said once: the heading, then where the link went.
    expect(await screen.findByText(/^We sent a link to activate your account to .+@.+\. Open it to finish signing up\.$/)).toBeTruthy();
    expect(screen.getAllByText(/Check your email/)).toHaveLength(1);
    expect(registerCalls()).toHaveLength(1);
    const [url, init] = registerCalls()[0] ?? [];
    expect(url).toBe('/v1/register?referred_by=42');
    expect(init?.method).toBe('POST');
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      first_name: 'Casey Newton',
      email: 'casey@example.com',
      password: 'first-pass-2026',
      password_confirmation: 'first-pass-2026',
      sites_ids: [1, 3],
      methods: ['website', 'forums'],
      country: 'DE',
      company: 'Newton Media',
      website: 'https://newton.example.com',
      accept_terms: true,
    });
  });

  it('sends no referred_by when the address has none', async () => {
    const { byName } = renderSignup();
    fillAccount(byName);
    create();
    await waitFor(() => expect(registerCalls()).toHaveLength(1));
    expect(registerCalls()[0]?.[0]).toBe('/v1/register');
    const body = JSON.parse(String(registerCalls()[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ sites_ids: [], methods: [], country: '' });
  });
});
