import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import {
  bankInputSchema,
  paymentMethodInputSchema,
  paymentMethodTypes,
  recipientTypes,
  splitFeeInputSchema,
  taxWithholdingInputSchema,
} from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formatMoney } from '../../../lib/format.ts';
import { useAffiliateOptions } from '../../../lib/queries/get-affiliate-options.ts';
import { banksList, paymentMethodsList, splitFeesList, taxWithholdingsList } from '../api/lists.ts';
import { SettingsSection } from './settings-section.tsx';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

const percent = (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;

function useActiveChip() {
  const { t } = useTranslation();
  return (on: boolean) => <Chip size="small" variant="outlined" color={on ? 'success' : 'default'} label={t(on ? 'moneySettings.active' : 'moneySettings.inactive')} />;
}

/** Global Settings, Payment methods with banks: how affiliates can be paid and the network's banks that pay. */
export function PaymentMethodsSection() {
  const { t } = useTranslation();
  const active = useActiveChip();
  const methodOptions = paymentMethodTypes.map((m) => ({ value: m, label: t(`moneySettings.methodTypes.${m}`) }));
  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <SettingsSection
        id="payment-methods"
        title={t('moneySettings.methods.title')}
        description={t('moneySettings.methods.description')}
        addLabel={t('moneySettings.methods.add')}
        list={paymentMethodsList}
        keyOf={(r) => r.id}
        rowName={(r) => r.name}
        columns={[
          { label: t('moneySettings.methods.name'), render: (r) => r.name },
          { label: t('moneySettings.methods.type'), render: (r) => t(`moneySettings.methodTypes.${r.type}`) },
          { label: t('moneySettings.methods.minimum'), render: (r) => formatMoney(r.min_payout), align: 'right' },
          { label: t('moneySettings.methods.fee'), render: (r) => formatMoney(r.fee), align: 'right' },
          { label: t('moneySettings.status'), render: (r) => active(r.is_active) },
        ]}
        schema={paymentMethodInputSchema}
        empty={{ type: '', name: '', min_payout: '', fee: '0', is_active: true }}
        toValues={(r) => ({ type: r.type, name: r.name, min_payout: String(r.min_payout), fee: String(r.fee), is_active: r.is_active })}
        fields={[
          { name: 'type', label: t('moneySettings.methods.type'), kind: 'select', options: methodOptions, required: true, fixedOnEdit: true },
          { name: 'name', label: t('moneySettings.methods.name'), required: true },
          { name: 'min_payout', label: t('moneySettings.methods.minimum'), required: true, inputMode: 'decimal', helper: t('moneySettings.dollars') },
          { name: 'fee', label: t('moneySettings.methods.fee'), inputMode: 'decimal', helper: t('moneySettings.methods.feeHint') },
          { name: 'is_active', label: t('moneySettings.active'), kind: 'switch' },
        ]}
      />
      <SettingsSection
        id="banks"
        title={t('moneySettings.banks.title')}
        description={t('moneySettings.banks.description')}
        addLabel={t('moneySettings.banks.add')}
        list={banksList}
        keyOf={(r) => r.id}
        rowName={(r) => r.name}
        columns={[
          { label: t('moneySettings.banks.name'), render: (r) => r.name },
          { label: t('moneySettings.banks.holder'), render: (r) => r.account_holder },
          { label: t('moneySettings.banks.iban'), render: (r) => r.iban },
          { label: t('moneySettings.banks.swift'), render: (r) => r.swift },
          { label: t('moneySettings.banks.currency'), render: (r) => r.currency },
          { label: t('moneySettings.status'), render: (r) => active(r.is_active) },
        ]}
        schema={bankInputSchema}
        empty={{ name: '', account_holder: '', iban: '', swift: '', currency: 'USD', is_active: true }}
        toValues={(r) => ({ name: r.name, account_holder: r.account_holder, iban: r.iban, swift: r.swift, currency: r.currency, is_active: r.is_active })}
        fields={[
          { name: 'name', label: t('moneySettings.banks.name'), required: true },
          { name: 'account_holder', label: t('moneySettings.banks.holder') },
          { name: 'iban', label: t('moneySettings.banks.iban') },
          { name: 'swift', label: t('moneySettings.banks.swift') },
          { name: 'currency', label: t('moneySettings.banks.currency') },
          { name: 'is_active', label: t('moneySettings.active'), kind: 'switch' },
        ]}
      />
    </Stack>
  );
}

/** Global Settings, Tax withholdings: the rate kept per country and recipient type. */
export function TaxWithholdingsSection() {
  const { t } = useTranslation();
  const recipientOptions = recipientTypes.map((r) => ({ value: r, label: t(`billing.recipientTypes.${r}`) }));
  return (
    <SettingsSection
      id="tax-withholdings"
      title={t('moneySettings.withholdings.title')}
      description={t('moneySettings.withholdings.description')}
      addLabel={t('moneySettings.withholdings.add')}
      list={taxWithholdingsList}
      keyOf={(r) => r.id}
      rowName={(r) => `${countryName(r.country)}, ${t(`billing.recipientTypes.${r.recipient_type}`)}`}
      columns={[
        { label: t('moneySettings.withholdings.country'), render: (r) => `${countryName(r.country)} (${r.country})` },
        { label: t('moneySettings.withholdings.recipientType'), render: (r) => t(`billing.recipientTypes.${r.recipient_type}`) },
        { label: t('moneySettings.withholdings.rate'), render: (r) => percent(r.rate), align: 'right' },
      ]}
      schema={taxWithholdingInputSchema}
      empty={{ country: '', recipient_type: '', rate: '' }}
      toValues={(r) => ({ country: r.country, recipient_type: r.recipient_type, rate: String(r.rate) })}
      fields={[
        { name: 'country', label: t('moneySettings.withholdings.country'), required: true, helper: t('moneySettings.withholdings.countryHint') },
        { name: 'recipient_type', label: t('moneySettings.withholdings.recipientType'), kind: 'select', options: recipientOptions, required: true },
        { name: 'rate', label: t('moneySettings.withholdings.rate'), required: true, inputMode: 'decimal', helper: t('moneySettings.percentHint') },
      ]}
    />
  );
}

/** Global Settings, Custom split fee: a rate per affiliate. */
export function SplitFeesSection({ canPickAffiliates }: { canPickAffiliates: boolean }) {
  const { t } = useTranslation();
  const affiliates = useAffiliateOptions(canPickAffiliates);
  return (
    <SettingsSection
      id="split-fees"
      title={t('moneySettings.splitFees.title')}
      description={t('moneySettings.splitFees.description')}
      addLabel={t('moneySettings.splitFees.add')}
      list={splitFeesList}
      keyOf={(r) => r.affiliate.id}
      keyOfNew={(v) => Number(v.affiliate_id)}
      rowName={(r) => r.affiliate.name}
      columns={[
        { label: t('moneySettings.splitFees.affiliate'), render: (r) => `${r.affiliate.name} (${r.affiliate.email})` },
        { label: t('moneySettings.splitFees.rate'), render: (r) => percent(r.rate), align: 'right' },
      ]}
      schema={splitFeeInputSchema.extend({ affiliate_id: z.coerce.number().int().positive() })}
      empty={{ affiliate_id: '', rate: '' }}
      toValues={(r) => ({ affiliate_id: String(r.affiliate.id), rate: String(r.rate) })}
      fields={[
        {
          name: 'affiliate_id',
          label: t('moneySettings.splitFees.affiliate'),
          kind: 'select',
          required: true,
          fixedOnEdit: true,
          options: (affiliates.data ?? []).map((a) => ({ value: String(a.id), label: `${a.name} (${a.email})` })),
        },
        { name: 'rate', label: t('moneySettings.splitFees.rate'), required: true, inputMode: 'decimal', helper: t('moneySettings.percentHint') },
      ]}
    />
  );
}
