import type { AffiliateListItem } from '@portal/contracts';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useAffiliateAction } from '../api/affiliate-actions.ts';
import { failureMessage } from './affiliate-dialogs.tsx';

const createFields = ['name', 'email', 'password', 'company', 'website', 'country'] as const;
const editFields = ['name', 'email', 'company', 'website', 'country'] as const;
type Field = (typeof createFields)[number];

/** Create an affiliate from the list, or edit one: the server checks every field with the SPEC messages. */
export function AffiliateFormDialog({ affiliate, onClose }: { affiliate?: AffiliateListItem; onClose: () => void }) {
  const { t } = useTranslation();
  const action = useAffiliateAction();
  const fields = affiliate ? editFields : createFields;
  const [values, setValues] = useState<Record<Field, string>>({
    name: affiliate?.name ?? '',
    email: affiliate?.email ?? '',
    password: '',
    company: affiliate?.company ?? '',
    website: affiliate?.website ?? '',
    country: affiliate?.country ?? '',
  });
  const errors = action.error instanceof ApiError ? (action.error.errors ?? {}) : {};
  const submit = () => {
    const body = Object.fromEntries(fields.map((f) => [f, f === 'country' ? values[f].trim().toUpperCase() : values[f]]));
    action.mutate(affiliate ? { kind: 'edit', id: affiliate.id, body } : { kind: 'create', body }, {
      onSuccess: (r) => {
        notify.success(r.message);
        onClose();
      },
      onError: (e) => {
        if (!(e instanceof ApiError && e.errors)) notify.error(failureMessage(e));
      },
    });
  };
  return (
    <FormDialog id="affiliate-form" title={affiliate ? `${t('auth.affiliates.edit')}: ${affiliate.name}` : t('auth.affiliates.create')} onClose={onClose} saving={action.isPending} onSubmit={submit}>
      {fields.map((f) => (
        <TextField
          key={f}
          required={f === 'name' || f === 'email' || f === 'password'}
          type={f === 'password' ? 'password' : f === 'email' ? 'email' : 'text'}
          label={t(`auth.affiliates.fields.${f}`)}
          value={values[f]}
          onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
          error={Boolean(errors[f])}
          helperText={errors[f]?.[0] ?? (f === 'country' ? t('auth.affiliates.countryHint') : undefined)}
          slotProps={f === 'country' ? { htmlInput: { maxLength: 2 } } : {}}
        />
      ))}
    </FormDialog>
  );
}
