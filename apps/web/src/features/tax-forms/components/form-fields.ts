import { type TaxFormType, w8EntityTypes, w8FatcaStatuses, w9TaxClassifications } from '@portal/contracts';

/** One field of a tax form as the screen draws it. */
export type FieldDef =
  | { name: string; kind: 'text'; autoComplete?: string; width?: 'half' }
  | { name: string; kind: 'select'; options: readonly string[]; width?: 'half' }
  | { name: string; kind: 'country'; optional?: boolean; width?: 'half' }
  | { name: string; kind: 'date'; width?: 'half' }
  | { name: string; kind: 'checkbox' };

const text = (name: string, autoComplete?: string, width?: 'half'): FieldDef => ({ name, kind: 'text', ...(autoComplete ? { autoComplete } : {}), ...(width ? { width } : {}) });
const country = (name: string, optional = false): FieldDef => ({ name, kind: 'country', optional, width: 'half' });

/** Both W-8 forms: the permanent residence address, the taxpayer numbers and the treaty country. */
const w8ResidenceAndTins: FieldDef[] = [
  text('address', 'street-address'),
  text('city', 'address-level2', 'half'),
  text('postal_code', 'postal-code', 'half'),
  country('country'),
  text('foreign_tin', 'off', 'half'),
  { name: 'foreign_tin_not_required', kind: 'checkbox' },
  text('us_tin', 'off', 'half'),
  country('treaty_country', true),
];

/** The fields of each form, in the order of the official form (the certification and signature come last). */
export const formFields: Record<TaxFormType, FieldDef[]> = {
  w9: [
    text('name', 'name'),
    text('business_name', 'organization'),
    { name: 'tax_classification', kind: 'select', options: w9TaxClassifications },
    text('address', 'street-address'),
    text('city', 'address-level2', 'half'),
    text('state', 'address-level1', 'half'),
    text('postal_code', 'postal-code', 'half'),
    { name: 'tin_type', kind: 'select', options: ['ssn', 'ein'], width: 'half' },
    text('tin', 'off'),
  ],
  w8ben: [
    text('name', 'name'),
    country('country_of_citizenship'),
    { name: 'date_of_birth', kind: 'date', width: 'half' },
    ...w8ResidenceAndTins,
  ],
  w8bene: [
    text('name', 'organization'),
    country('country_of_incorporation'),
    { name: 'entity_type', kind: 'select', options: w8EntityTypes, width: 'half' },
    { name: 'fatca_status', kind: 'select', options: w8FatcaStatuses, width: 'half' },
    ...w8ResidenceAndTins,
    text('signer_name', 'name'),
  ],
};

/** A blank form of a type: every text empty, boxes unticked. */
export function blankForm(type: TaxFormType): Record<string, unknown> {
  const values: Record<string, unknown> = { form_type: type, certify: false, signature: '' };
  for (const f of formFields[type]) values[f.name] = f.kind === 'checkbox' ? false : '';
  if (type === 'w9') values.tin_type = 'ssn';
  return values;
}
