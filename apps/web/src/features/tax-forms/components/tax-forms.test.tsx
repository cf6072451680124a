import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type TaxForm, type TaxFormState, taxFormMessages, validationMessages } from '@portal/contracts';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider.tsx';
import { FillForm } from './fill-form.tsx';
import { TaxFormReviewDialog } from './review-dialog.tsx';
import { TaxFormPanel } from './tax-form-panel.tsx';

const sent: { method: string; url: string; body: unknown }[] = [];

const notUploaded: TaxFormState = { affiliate: { id: 7, name: 'Dana Roux', email: 'dana@example.com' }, status: 'not_uploaded', issue: 'legal_forms_not_submitted', current: null, history: [] };

const pendingForm: TaxForm = {
  id: 41,
  affiliate: { id: 7, name: 'Dana Roux', email: 'dana@example.com' },
  form_type: 'w8ben',
  source: 'filled',
  status: 'pending',
  fields: { name: 'Dana Roux', country: 'FR', date_of_birth: '1988-04-12', foreign_tin: '****7890', treaty_country: 'FR' },
  tin_type: 'foreign',
  tin_masked: '****7890',
  signature: 'Dana Roux',
  signed_at: '2026-11-20',
  expires_at: '2030-01-01T08:00:00.000Z',
  expired: false,
  submitted_at: '2026-11-20T17:00:00.000Z',
  reviewed_at: null,
  reviewed_by: null,
  decline_reason: null,
  superseded: false,
  file_name: null,
};

/** The API as these screens call it: one reply per path; every call is kept in `sent`. */
function reply(url: string, method: string): { status: number; body: unknown } {
  const path = new URL(url, 'http://localhost').pathname;
  if (path === '/v1/tax-forms/me') return { status: 200, body: { data: notUploaded } };
  if (path === '/v1/user/profile/form/options') return { status: 200, body: { data: { sites: [], methods: [], countries: [{ code: 'DE', name: 'Germany' }, { code: 'FR', name: 'France' }, { code: 'US', name: 'United States' }] } } };
  if (path === '/v1/tax-forms/41/pdf') return { status: 200, body: {} };
  if (path === '/v1/tax-forms/41' && method === 'GET') return { status: 200, body: { data: pendingForm } };
  if (path === '/v1/tax-forms/41/decline') {
    const body = sent.at(-1)?.body as { reason: string; status: 'pending' | 'not_uploaded' };
    const kept = body.status === 'pending';
    return { status: 200, body: { data: { ...pendingForm, status: kept ? 'pending' : 'declined', decline_reason: body.reason }, message: kept ? taxFormMessages.keptPending : taxFormMessages.declined } };
  }
  return { status: 404, body: { error_code: 'not_found', message: 'Not found' } };
}

const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(async (url, init) => {
  const method = init?.method ?? 'GET';
  sent.push({ method, url: String(url), body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
  const r = reply(String(url), method);
  return new Response(JSON.stringify(r.body), { status: r.status, headers: { 'content-type': 'application/json' } });
});

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  // jsdom has no object URLs; the review shows the PDF through one.
  URL.createObjectURL = vi.fn<(obj: Blob | MediaSource) => string>(() => 'blob:tax-form');
  URL.revokeObjectURL = vi.fn<(url: string) => void>();
});
afterEach(() => vi.unstubAllGlobals());

function renderWith(node: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(['config'], { maintenance: false, captcha: null, social_providers: [] });
  return render(
    <MemoryRouter>
      <AppProvider queryClient={queryClient}>{node}</AppProvider>
    </MemoryRouter>,
  );
}

const writes = () => sent.filter((s) => s.method !== 'GET');

describe('TaxFormPanel: the questionnaire', () => {
  it.each([
    [/A US person/, 'Form W-9', 'Taxpayer identification number'],
    [/A foreign individual/, 'Form W-8BEN', 'Country of citizenship'],
    [/A foreign company/, 'Form W-8BEN-E', 'Country of incorporation'],
  ])('the answer %s opens %s', async (answer, form, field) => {
    renderWith(<TaxFormPanel />);
    expect(await screen.findByText('Not Uploaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send a new form' }));
    expect(screen.queryByRole('form')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: answer }));
    const opened = await screen.findByRole('form', { name: form });
    expect(within(opened).getByLabelText(field)).toBeTruthy();
    expect(screen.getAllByRole('form')).toHaveLength(1);
  });

  it('offers the PDF upload instead of the fields', async () => {
    renderWith(<TaxFormPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send a new form' }));
    fireEvent.click(screen.getByRole('radio', { name: /A foreign individual/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Upload a signed PDF' }));
    expect(screen.queryByRole('form', { name: 'Form W-8BEN' })).toBeNull();
    expect(screen.getByText('Signed form (PDF, at most 5 MB)')).toBeTruthy();
  });
});

describe('FillForm: an empty submit', () => {
  /** The message shown under a field (its described-by helper text). */
  const messageOf = (input: HTMLElement) => {
    const id = input.getAttribute('aria-describedby');
    return id ? document.getElementById(id)?.textContent : undefined;
  };

  it.each([
    ['w9', ['Name (as shown on your tax return)', 'Address', 'City', 'State', 'ZIP / postal code', 'Taxpayer identification number', 'Signature']],
    ['w8ben', ['Name (as shown on your tax return)', 'Address', 'City', 'Signature']],
    ['w8bene', ['Name (as shown on your tax return)', 'Address', 'City', 'Name of the person signing', 'Signature']],
  ] as const)('%s: "This field is required" on each required field and on the certification; nothing is sent', async (type, fields) => {
    const onDone = vi.fn<() => void>();
    renderWith(<FillForm type={type} onDone={onDone} onCancel={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit form' }));
    await waitFor(() => expect(screen.getByLabelText('Signature').getAttribute('aria-invalid')).toBe('true'));
    for (const label of fields) {
      const input = screen.getByLabelText(label, { selector: 'input' });
      expect({ label, invalid: input.getAttribute('aria-invalid'), message: messageOf(input) }).toEqual({ label, invalid: 'true', message: validationMessages.required });
    }
    // The certification box, under it.
    const certify = screen.getByRole('checkbox', { name: /Under penalties of perjury/ });
    expect(certify.closest('div')?.parentElement?.textContent).toContain(validationMessages.required);
    // Optional fields stay quiet.
    const optional = type === 'w9' ? 'Business name, if different' : 'US taxpayer number (SSN, ITIN or EIN), if any';
    expect(screen.getByLabelText(optional, { selector: 'input' }).getAttribute('aria-invalid')).toBe('false');
    expect(writes()).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('FillForm: the W-8BEN widgets', () => {
  it('chooses countries with a search, not by scrolling a list of 249, and the date of birth with the date picker', async () => {
    renderWith(<FillForm type="w8ben" onDone={() => {}} onCancel={() => {}} />);
    const citizenship = screen.getByRole('combobox', { name: 'Country of citizenship' });
    citizenship.focus();
    fireEvent.keyDown(citizenship, { key: 'ArrowDown' });
    // Every country but the US (a US person fills a W-9).
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Germany', 'France']));
    fireEvent.change(citizenship, { target: { value: 'germ' } });
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Germany']));
    fireEvent.click(screen.getByRole('option', { name: 'Germany' }));
    expect((citizenship as HTMLInputElement).value).toBe('Germany');
    // The treaty country is optional: said under it, not in its label.
    expect(screen.getByRole('combobox', { name: 'Tax treaty country' })).toBeTruthy();
    expect(screen.queryByText(/\(optional\)|YYYY-MM-DD/)).toBeNull();
    // The date of birth opens a calendar; empty, it says so under the field like the others.
    expect(screen.getByRole('button', { name: /Choose date/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit form' }));
    const dob = screen.getByLabelText('Date of birth', { selector: 'input' }).closest('.MuiFormControl-root') as HTMLElement;
    await waitFor(() => expect(dob.textContent).toContain(validationMessages.required));
    expect(dob.querySelector('.Mui-error')).toBeTruthy();
  });
});

describe('TaxFormReviewDialog: the form data', () => {
  it('shows the foreign tax number once, countries and the date of birth in words, and labels without format hints', async () => {
    renderWith(<TaxFormReviewDialog id={41} onClose={() => {}} />);
    const data = (await screen.findByText('Foreign tax identifying number')).closest('dl') as HTMLElement;
    expect(within(data).getAllByText('****7890')).toHaveLength(1);
    expect(within(data).queryByText('Taxpayer number')).toBeNull();
    expect(within(data).getByText('Apr 12, 1988')).toBeTruthy();
    await waitFor(() => expect(within(data).getAllByText('France')).toHaveLength(2));
    expect(within(data).getByText('Tax treaty country')).toBeTruthy();
    expect(within(data).queryByText(/\(optional\)|YYYY-MM-DD/)).toBeNull();
  });
});

describe('TaxFormReviewDialog: the decline dialog', () => {
  async function decline(choice: RegExp | null, reason: string) {
    const onClose = vi.fn<() => void>();
    renderWith(<TaxFormReviewDialog id={41} onClose={onClose} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the tax form' });
    // No reason: said on the field, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText(validationMessages.required)).toBeTruthy();
    expect(writes()).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Reason (sent to the affiliate)'), { target: { value: reason } });
    if (choice) fireEvent.click(within(dialog).getByRole('radio', { name: choice }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    return writes();
  }

  it('sends status not_uploaded for the first choice (the default)', async () => {
    expect(await decline(null, 'Not signed')).toEqual([{ method: 'POST', url: '/v1/tax-forms/41/decline', body: { reason: 'Not signed', status: 'not_uploaded' } }]);
  });

  it('sends status pending for the alternative choice', async () => {
    expect(await decline(/^Pending/, 'Page 2 is missing')).toEqual([{ method: 'POST', url: '/v1/tax-forms/41/decline', body: { reason: 'Page 2 is missing', status: 'pending' } }]);
  });

  it('can go back to Not Uploaded after picking Pending', async () => {
    expect((await decline(/^Not Uploaded/, 'Wrong form'))[0]?.body).toEqual({ reason: 'Wrong form', status: 'not_uploaded' });
  });
});
