import type { PaymentMethodType } from '@portal/contracts';
import { type PayingAccount as FilePayingAccount, type RunItem, isSepaCountry, remittanceText } from './formats/index.ts';
import type { PayingAccountRow } from '../money-settings/index.ts';

/**
 * The payee as a run freezes it (docs/payment-runs.md): the affiliate's name, country and
 * recipient type, the method they are paid by and its details, and when those details last changed.
 */
export interface FrozenPayee {
  name: string;
  is_company: boolean;
  country: string;
  address_lines: string[];
  method: PaymentMethodType;
  details: Record<string, string>;
  /** When the billing details were last saved (the cooling-off check). */
  changed_at: string;
  period: string;
  invoice_number: string;
}

/** The payee's name as the rail prints it: the account holder where the method has one. */
export function payeeName(p: FrozenPayee): string {
  return (p.details.account_holder ?? '').trim() || p.name;
}

/** Where the money goes, as one key: two payees with the same key share one account. */
export function accountKey(p: FrozenPayee): string | null {
  const d = p.details;
  switch (p.method) {
    case 'wire':
      return d.iban ? `iban:${d.iban}` : null;
    case 'ach':
      return d.routing_number && d.account_number ? `ach:${d.routing_number}:${d.account_number}` : null;
    case 'paxum':
    case 'paypal':
      return d.email ? `${p.method}:${d.email.trim().toLowerCase()}` : null;
    case 'usdt':
      return d.wallet_address ? `usdt:${d.wallet_address.trim()}` : null;
  }
}

/** A wire payee paid in EUR from the EUR account: an IBAN of the SEPA zone. */
export function isSepaPayee(p: FrozenPayee): boolean {
  const iban = p.details.iban ?? '';
  return p.method === 'wire' && iban.length > 2 && isSepaCountry(iban.slice(0, 2));
}

/** The run item as the file prints it. */
export function runItemOf(p: FrozenPayee, item: { reference: string; payingAccountId: number | null; amountSentMinor: number; currency: string }): RunItem {
  const d = p.details;
  const base: RunItem = {
    reference: item.reference,
    paying_account_id: String(item.payingAccountId ?? ''),
    payee: { name: payeeName(p), is_company: p.is_company, country: p.country || undefined, address_lines: p.address_lines.filter(Boolean) },
    amount_cents: item.amountSentMinor,
    currency: item.currency,
    remittance: remittanceText(p.period, p.invoice_number),
  };
  switch (p.method) {
    case 'wire':
      return { ...base, iban: d.iban, bic: d.swift, bank_name: d.bank_name };
    case 'ach':
      return { ...base, routing_number: d.routing_number, account_number: d.account_number, account_type: d.account_type === 'savings' ? 'savings' : 'checking' };
    case 'paxum':
    case 'paypal':
      return { ...base, email: d.email };
    case 'usdt':
      return { ...base, wallet_address: d.wallet_address, network: d.network === 'erc20' ? 'ERC20' : 'TRC20' };
  }
}

/** A paying account as the file reads it. */
export function filePayingAccount(a: PayingAccountRow): FilePayingAccount {
  const id = String(a.id);
  switch (a.rail) {
    case 'ach':
      return {
        rail: 'ach',
        id,
        company_name: a.achCompanyName,
        company_id: a.achCompanyId,
        odfi_routing: a.achOdfiRouting,
        immediate_destination: a.achImmediateDestination.replace(/\D/g, '').slice(-9),
        immediate_destination_name: a.name.slice(0, 23),
        immediate_origin: a.achImmediateOrigin,
        immediate_origin_name: a.achCompanyName.slice(0, 23),
        currency: 'USD',
      };
    case 'paxum':
      return { rail: 'paxum', id, payer_email: a.payerEmail, currency: a.currency };
    case 'paypal':
      return { rail: 'paypal', id, payer_email: a.payerEmail || undefined, currency: a.currency };
    case 'usdt':
      return { rail: 'usdt', id, network: a.walletNetwork === 'erc20' ? 'ERC20' : 'TRC20', wallet_address: a.wallet, currency: 'USDT' };
    default:
      return { rail: 'wire', id, holder_name: a.accountHolder || a.name, iban: a.iban, bic: a.swift, currency: a.currency, pain_version: a.painVersion === '03' ? 'pain.001.001.03' : 'pain.001.001.09' };
  }
}

/** USD cents to minor units of a currency at `rate` (USD per unit, decimal text), rounded half up, exactly. */
export function convertCents(cents: number, rate: string): number {
  const [whole = '0', frac = ''] = rate.split('.');
  const scale = 10n ** 10n;
  const scaled = BigInt(whole) * scale + BigInt((frac + '0000000000').slice(0, 10));
  if (scaled <= 0n) throw new Error('A rate is positive.');
  const n = BigInt(cents) * scale;
  return Number((2n * n + scaled) / (2n * scaled));
}
