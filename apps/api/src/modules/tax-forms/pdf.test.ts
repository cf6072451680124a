import type { TaxForm } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/support/pdf.ts';
import { taxFormPdf } from './pdf.ts';

const intl = 'Zürich 東京 Ελλάδα';

const form = (form_type: TaxForm['form_type'], fields: TaxForm['fields']): TaxForm => ({
  id: 41,
  affiliate: { id: 9, name: intl, email: 'z@example.com' },
  form_type,
  source: 'filled',
  status: 'pending',
  fields,
  tin_type: form_type === 'w9' ? 'ssn' : null,
  tin_masked: form_type === 'w9' ? '***-**-6789' : null,
  signature: `${intl} signed`,
  signed_at: '2026-11-02',
  expires_at: form_type === 'w9' ? null : '2030-01-01T08:00:00.000Z',
  expired: false,
  submitted_at: '2026-11-02T10:00:00.000Z',
  reviewed_at: null,
  reviewed_by: null,
  decline_reason: null,
  superseded: false,
  file_name: null,
});

describe('tax form PDFs', () => {
  it.each([
    ['W-9', form('w9', { name: intl, business_name: 'Ελλάδα 商店', tax_classification: 'individual', address: `${intl} 7`, city: 'Austin', state: 'TX', postal_code: '73301' })],
    ['W-8BEN', form('w8ben', { name: intl, country_of_citizenship: 'GR', address: `${intl} 7`, city: 'Αθήνα', postal_code: '10552', country: 'GR', foreign_tin: '東京-1' })],
    ['W-8BEN-E', form('w8bene', { name: intl, country_of_incorporation: 'CN', entity_type: 'corporation', fatca_status: 'active_nffe', address: `${intl} 7`, city: '上海', postal_code: '200000', country: 'CN', signer_name: 'Ελλάδα 王' })],
  ])('prints a %s with names and addresses in any script exactly as typed', async (_label, f) => {
    const pdf = await taxFormPdf(f, 'Сеть 網絡');
    const text = pdfText(pdf);
    for (const typed of [intl, `${intl} 7`, `${intl} signed`, 'at Сеть 網絡 by affiliate #9']) expect(text).toContain(typed);
    const typedFields = Object.values(f.fields).filter((v): v is string => typeof v === 'string' && /[^\x20-\x7e]/.test(v));
    expect(typedFields.length).toBeGreaterThan(2);
    for (const typed of typedFields) expect(text).toContain(typed);
    expect(pdf.length).toBeLessThan(150_000);
  });
});
