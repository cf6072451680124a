import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import {
  type Bank,
  bankInputSchema,
  type PaymentMethod,
  paymentMethodInputSchema,
  paymentMethodTypes,
  recipientTypes,
  type SplitFee,
  splitFeeInputSchema,
  type TaxWithholding,
  taxWithholdingInputSchema,
} from '@portal/contracts';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { formatMoney, formatPercent } from '../../../lib/format.ts';
import { useAffiliateOptions } from '../../../lib/queries/get-affiliate-options.ts';
import { banksList, paymentMethodsList, splitFeesList, taxWithholdingsList } from '../api/lists.ts';
import { SettingsSection, type SettingsSectionSpec } from './settings-section.tsx';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

const percent = formatPercent;
const activeChip = (on: boolean, t: TFunction) => <Chip size="small" variant="outlined" color={on ? 'success' : 'default'} label={t(on ? 'moneySettings.active' : 'moneySettings.inactive')} />;
const recipient = (type: string, t: TFunction) => t(`billing.recipientTypes.${type}`);

/** Each money list as data (texts under `moneySettings.<text>`); `SettingsSection` draws them all alike. */
const methods: SettingsSectionSpec<PaymentMethod, Record<string, string | boolean>> = {
  id: 'payment-methods',
  text: 'methods',
  list: paymentMethodsList,
  keyOf: (r) => r.id,
  rowName: (r) => r.name,
  columns: [['name', (r) => r.name], ['type', (r, t) => t(`moneySettings.methodTypes.${r.type}`)], ['minimum', (r) => formatMoney(r.min_payout), 'right'], ['fee', (r) => formatMoney(r.fee), 'right'], ['status', (r, t) => activeChip(r.is_active, t)]],
  schema: paymentMethodInputSchema,
  empty: { type: '', name: '', min_payout: '', fee: '0', is_active: true },
  fields: [
    { name: 'type', kind: 'select', options: [paymentMethodTypes, 'moneySettings.methodTypes'], required: true, fixedOnEdit: true },
    { name: 'name', required: true },
    { name: 'min_payout', label: 'minimum', required: true, inputMode: 'decimal', helper: 'dollars' },
    { name: 'fee', inputMode: 'decimal', helper: 'feeHint' },
    { name: 'is_active', label: 'active', kind: 'switch' },
  ],
};

/** An IBAN as printed (ISO 13616): groups of four, so a long one wraps between groups instead of widening the table. */
const ibanForPrint = (iban: string) => iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

const banks: SettingsSectionSpec<Bank, Record<string, string | boolean>> = {
  id: 'banks',
  text: 'banks',
  list: banksList,
  keyOf: (r) => r.id,
  rowName: (r) => r.name,
  columns: [['name', (r) => r.name], ['holder', (r) => r.account_holder], ['iban', (r) => ibanForPrint(r.iban)], ['swift', (r) => r.swift], ['currency', (r) => r.currency], ['status', (r, t) => activeChip(r.is_active, t)]],
  schema: bankInputSchema,
  empty: { name: '', account_holder: '', iban: '', swift: '', currency: 'USD', is_active: true },
  fields: [{ name: 'name', required: true }, { name: 'account_holder', label: 'holder' }, { name: 'iban' }, { name: 'swift' }, { name: 'currency' }, { name: 'is_active', label: 'active', kind: 'switch' }],
};

const withholdings: SettingsSectionSpec<TaxWithholding, Record<string, string>> = {
  id: 'tax-withholdings',
  text: 'withholdings',
  list: taxWithholdingsList,
  keyOf: (r) => r.id,
  rowName: (r, t) => `${countryName(r.country)}, ${recipient(r.recipient_type, t)}`,
  columns: [['country', (r) => `${countryName(r.country)} (${r.country})`], ['recipientType', (r, t) => recipient(r.recipient_type, t)], ['rate', (r) => percent(r.rate), 'right']],
  schema: taxWithholdingInputSchema,
  empty: { country: '', recipient_type: '', rate: '' },
  fields: [
    { name: 'country', required: true, helper: 'countryHint' },
    { name: 'recipient_type', label: 'recipientType', kind: 'select', options: [recipientTypes, 'billing.recipientTypes'], required: true },
    { name: 'rate', required: true, inputMode: 'decimal', helper: 'percentHint' },
  ],
};

const splitFees: SettingsSectionSpec<SplitFee, Record<string, string>> = {
  id: 'split-fees',
  text: 'splitFees',
  list: splitFeesList,
  keyOf: (r) => r.affiliate.id,
  keyOfNew: (v) => Number(v.affiliate_id),
  rowName: (r) => r.affiliate.name,
  columns: [['affiliate', (r) => `${r.affiliate.name} (${r.affiliate.email})`], ['rate', (r) => percent(r.rate), 'right']],
  schema: splitFeeInputSchema.extend({ affiliate_id: z.coerce.number().int().positive() }),
  empty: { affiliate_id: '', rate: '' },
  toValues: (r) => ({ affiliate_id: String(r.affiliate.id), rate: String(r.rate) }),
  fields: [
    { name: 'affiliate_id', label: 'affiliate', kind: 'select', required: true, fixedOnEdit: true },
    { name: 'rate', required: true, inputMode: 'decimal', helper: 'percentHint' },
  ],
};

/** Global Settings, Payment methods with banks: how affiliates can be paid and the network's banks that pay. */
export function PaymentMethodsSection() {
  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <SettingsSection spec={methods} />
      <SettingsSection spec={banks} />
    </Stack>
  );
}

/** Global Settings, Tax withholdings: the rate kept per country and recipient type. */
export function TaxWithholdingsSection() {
  return <SettingsSection spec={withholdings} />;
}

/** Global Settings, Custom split fee: a rate per affiliate. */
export function SplitFeesSection({ canPickAffiliates }: { canPickAffiliates: boolean }) {
  const affiliates = useAffiliateOptions(canPickAffiliates);
  return <SettingsSection spec={splitFees} options={{ affiliate_id: (affiliates.data ?? []).map((a) => ({ value: String(a.id), label: `${a.name} (${a.email})` })) }} />;
}
