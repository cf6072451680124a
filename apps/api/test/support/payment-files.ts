import type { PayingAccount, RunFileInput, RunItem } from '../../src/modules/payment-runs/formats/index.ts';

/** The network's paying accounts of the tests: EUR and USD wires, ACH, Paxum, PayPal and USDT. */
export const payingAccounts: PayingAccount[] = [
  { rail: 'wire', id: 'wire-eur', holder_name: 'VR Affiliates Société Générale', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', currency: 'EUR', pain_version: 'pain.001.001.09', address: { country: 'DE', lines: ['Friedrichstraße 1', '10117 Berlin'] } },
  { rail: 'wire', id: 'wire-usd', holder_name: 'VR Affiliates', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', currency: 'USD', pain_version: 'pain.001.001.09' },
  {
    rail: 'ach', id: 'ach-usd', company_name: 'VR Affiliates LLC', company_id: '1234567890', odfi_routing: '021000021',
    immediate_destination: '021000021', immediate_destination_name: 'JPMORGAN CHASE', immediate_origin: '1234567890', immediate_origin_name: 'VR AFFILIATES LLC', currency: 'USD',
  },
  { rail: 'paxum', id: 'paxum-usd', payer_email: 'payouts@network.example', currency: 'USD' },
  { rail: 'paypal', id: 'paypal-usd', payer_email: 'payouts@network.example', currency: 'USD' },
  { rail: 'usdt', id: 'usdt-trc20', network: 'TRC20', wallet_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', currency: 'USDT' },
];

const base = { remittance: 'Payout 2026-10 invoice 2026-000012' };

/** A wire run: two SEPA payees in EUR (one with accents, no BIC), a USD wire to a US account, a EUR wire outside SEPA. */
export const wireItems: RunItem[] = [
  { ...base, reference: 'PR7-1', paying_account_id: 'wire-eur', payee: { name: 'Zoë Müller-Straße', is_company: false, country: 'DE', address_lines: ['Hauptstraße 5', 'München'] }, amount_cents: 118750, currency: 'EUR', iban: 'FR14 2004 1010 0505 0001 3M02 606', bic: 'BNPAFRPP' },
  { ...base, reference: 'PR7-2', paying_account_id: 'wire-eur', payee: { name: 'Studio Ørsted & Co', is_company: true, country: 'NL' }, amount_cents: 7001, currency: 'EUR', iban: 'NL91ABNA0417164300', remittance: 'Payout 2026-10 invoice 2026-000013' },
  { ...base, reference: 'PR7-3', paying_account_id: 'wire-usd', payee: { name: 'Jane Doe', is_company: false, country: 'US', address_lines: ['1 Main St', 'Austin TX 78701'] }, amount_cents: 250000, currency: 'USD', account_number: '000123456789', bic: 'CHASUS33' },
  { ...base, reference: 'PR7-4', paying_account_id: 'wire-usd', payee: { name: 'Media Ltd', is_company: true, country: 'AE' }, amount_cents: 99, currency: 'USD', iban: 'AE070331234567890123456', bic: 'EBILAEAD' },
];

export const achItems: RunItem[] = [
  { ...base, reference: '021000020000001', paying_account_id: 'ach-usd', payee: { name: 'John Smith', is_company: false, country: 'US' }, amount_cents: 123456, currency: 'USD', routing_number: '011000015', account_number: '12345678', account_type: 'checking' },
  { ...base, reference: '021000020000002', paying_account_id: 'ach-usd', payee: { name: 'Acme Traffic Inc', is_company: true, country: 'US' }, amount_cents: 5000, currency: 'USD', routing_number: '026009593', account_number: '987654321', account_type: 'savings' },
  { ...base, reference: '021000020000003', paying_account_id: 'ach-usd', payee: { name: 'Renée Ångström', is_company: false, country: 'US' }, amount_cents: 1, currency: 'USD', routing_number: '121000248', account_number: '4444', account_type: 'checking' },
];

export const paxumItems: RunItem[] = [
  { ...base, reference: 'PR9-1', paying_account_id: 'paxum-usd', payee: { name: 'A', is_company: false }, amount_cents: 50000, currency: 'USD', email: 'a@paxum.example' },
  { ...base, reference: 'PR9-2', paying_account_id: 'paxum-usd', payee: { name: 'B', is_company: false }, amount_cents: 1005, currency: 'USD', email: '=b@paxum.example', remittance: 'Payout 2026-10 invoice 2026-000099, "bonus"' },
];

export const usdtItems: RunItem[] = [
  { ...base, reference: 'PR10-1', paying_account_id: 'usdt-trc20', payee: { name: 'C', is_company: false }, amount_cents: 77777, currency: 'USDT', wallet_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', network: 'TRC20' },
];

export function runInput(items: RunItem[], over: Partial<RunFileInput> = {}): RunFileInput {
  return {
    run_id: '7',
    message_id: 'RUN7-20261201',
    created_at: new Date('2026-11-30T09:15:42.123Z'),
    execution_date: '2026-12-01',
    initiating_party: 'VR Affiliates',
    paying_accounts: payingAccounts,
    items,
    ...over,
  };
}
