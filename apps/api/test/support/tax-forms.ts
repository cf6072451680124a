/** Filled tax forms as an affiliate sends them to `POST /v1/tax-forms` (the tax-forms and shared-details tests). */

/** A W-9 of a US individual (the name with markup, to be escaped wherever it goes). */
export const w9 = {
  form_type: 'w9',
  name: 'Alice <b>Walker</b>',
  business_name: '',
  tax_classification: 'individual',
  address: '12 Elm Street',
  city: 'Austin',
  state: 'tx',
  postal_code: '73301',
  tin_type: 'ssn',
  tin: '123-45-6789',
  certify: true,
  signature: 'Alice Walker',
};

/** A W-8BEN of a German resident with a foreign TIN. */
export const w8ben = {
  form_type: 'w8ben',
  name: 'Bruno Keller',
  country_of_citizenship: 'DE',
  address: 'Hauptstrasse 5',
  city: 'Berlin',
  postal_code: '10115',
  country: 'DE',
  us_tin: '',
  foreign_tin: 'DE 12/345/67890',
  foreign_tin_not_required: false,
  date_of_birth: '1988-04-12',
  treaty_country: 'DE',
  certify: true,
  signature: 'Bruno Keller',
};
