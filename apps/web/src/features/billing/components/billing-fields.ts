import type { PaymentMethodType } from '@portal/contracts';

export interface DetailField {
  name: string;
  /** A fixed choice instead of free text. */
  options?: readonly string[];
  optional?: boolean;
  inputMode?: 'text' | 'email' | 'numeric';
  autoComplete?: string;
}

/** The details each payment method asks for, in the order a person reads them off their bank papers. */
export const detailFields: Record<PaymentMethodType, DetailField[]> = {
  wire: [
    { name: 'account_holder', autoComplete: 'name' },
    { name: 'iban' },
    { name: 'swift' },
    { name: 'bank_name' },
    { name: 'bank_address', optional: true },
  ],
  ach: [
    { name: 'account_holder', autoComplete: 'name' },
    { name: 'routing_number', inputMode: 'numeric' },
    { name: 'account_number', inputMode: 'numeric' },
    { name: 'account_type', options: ['checking', 'savings'] },
  ],
  paypal: [{ name: 'email', inputMode: 'email', autoComplete: 'email' }],
  paxum: [{ name: 'email', inputMode: 'email', autoComplete: 'email' }],
  usdt: [{ name: 'network', options: ['trc20', 'erc20'] }, { name: 'wallet_address' }],
};

/** The details kept when the method changes: only the new method's fields, blank where unknown. */
export function detailsFor(method: PaymentMethodType, previous: Record<string, string>): Record<string, string> {
  return Object.fromEntries(detailFields[method].map((f) => [f.name, previous[f.name] ?? '']));
}
