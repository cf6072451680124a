import { zodResolver } from '@hookform/resolvers/zod';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { type Tier, tierInputSchema } from '@portal/contracts';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormText } from '../../../components/forms/controlled.tsx';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { applyServerError } from '../../../components/forms/server-errors.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useTierMutations } from '../api/tiers.ts';

type Input = z.input<typeof tierInputSchema>;

/** Create a tier, or rename one and make it the default for new sign-ups (the default stays on until another tier takes it). */
export function TierDialog({ tier, onClose }: { tier: Tier | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { create, update } = useTierMutations();
  const { control, handleSubmit, setError } = useForm<Input, unknown, z.output<typeof tierInputSchema>>({
    resolver: zodResolver(tierInputSchema),
    defaultValues: { name: tier?.name ?? '', is_default: tier?.is_default ?? false },
  });
  const locked = tier?.is_default === true;

  const submit = handleSubmit(async (body) => {
    try {
      const reply = tier ? await update.mutateAsync({ id: tier.id, body }) : await create.mutateAsync(body);
      notify.success(reply.message);
      onClose();
    } catch (error) {
      applyServerError(error, setError, ['name']);
      alertSaveFailure(error, t('forms.saveFailure'));
    }
  });

  return (
    <FormDialog id="tier-form" title={tier ? t('tiers.editTitle', { name: tier.name }) : t('tiers.newTitle')} onClose={onClose} onSubmit={() => void submit()} saving={create.isPending || update.isPending} submitLabel={t('tiers.save')}>
      <FormText control={control} name="name" id="tier-name" label={t('tiers.name')} required fullWidth autoFocus slotProps={{ htmlInput: { maxLength: 64 } }} />
      <Controller
        control={control}
        name="is_default"
        render={({ field }) => (
          <div>
            <FormControlLabel
              control={<Switch checked={Boolean(field.value)} disabled={locked} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} slotProps={{ input: { 'aria-describedby': 'tier-default-hint' } }} />}
              label={t('tiers.isDefault')}
            />
            <FormHelperText id="tier-default-hint" sx={{ mt: 0 }}>
              {locked ? t('tiers.isDefaultHint') : t('tiers.isDefaultOffHint')}
            </FormHelperText>
          </div>
        )}
      />
    </FormDialog>
  );
}
