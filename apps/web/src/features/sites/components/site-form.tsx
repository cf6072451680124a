import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { type Site, siteInputSchema, trackingMessages } from '@portal/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { notify } from '../../../lib/notifications.tsx';
import { useSaveSite } from '../api/save-site.ts';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { applyServerError } from '../../../components/forms/server-errors.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';

const fields = ['name', 'display_name', 'url', 'type', 'description', 'models_api_url', 'scenes_api_url', 'catalogue_mapping', 'message', 'fallback_url'] as const;
type Field = (typeof fields)[number];
const labels: Record<Field, string> = {
  name: 'offers.admin.name',
  display_name: 'offers.admin.displayName',
  url: 'offers.admin.url',
  type: 'offers.admin.type',
  description: 'offers.admin.description',
  models_api_url: 'offers.admin.modelsApiUrl',
  scenes_api_url: 'offers.admin.scenesApiUrl',
  catalogue_mapping: 'offers.admin.catalogueMapping',
  message: 'offers.admin.message',
  fallback_url: 'offers.admin.fallbackUrl',
};
const required = new Set<Field>(['name', 'display_name', 'url']);
const multiline = new Set<Field>(['description', 'catalogue_mapping', 'message']);

/** Create or edit a site; a new site's API key is handed to `onKey` (shown once). */
export function SiteForm({ site, onClose, onKey }: { site: Site | undefined; onClose: () => void; onKey: (name: string, key: string) => void }) {
  const { t } = useTranslation();
  const save = useSaveSite();
  const form = useForm<z.input<typeof siteInputSchema>, unknown, z.output<typeof siteInputSchema>>({
    resolver: zodResolver(siteInputSchema),
    defaultValues: {
      name: site?.name ?? '',
      display_name: site?.display_name ?? '',
      url: site?.url ?? '',
      type: site?.type ?? 'vr',
      description: site?.description ?? '',
      models_api_url: site?.models_api_url ?? '',
      scenes_api_url: site?.scenes_api_url ?? '',
      catalogue_mapping: site?.catalogue_mapping ?? '',
      message: site?.message ?? '',
      fallback_url: site?.fallback_url ?? '',
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      const reply = await save.mutateAsync({ id: site?.id, input: { ...input, manager_id: site?.manager?.id ?? null } });
      notify.success(reply.message ?? (site ? trackingMessages.siteUpdated : trackingMessages.siteCreated));
      onClose();
      if (reply.data.api_key) onKey(reply.data.display_name, reply.data.api_key);
    } catch (error) {
      applyServerError(error, form.setError, fields);
      alertSaveFailure(error, t('forms.saveFailure'));
    }
  });

  return (
    <FormDialog id="site-form" title={t(site ? 'offers.admin.editSite' : 'offers.admin.newSite')} onClose={onClose} onSubmit={() => void submit()} saving={save.isPending}>
      {fields.map((f) => {
        const { ref, ...field } = form.register(f);
        return (
          <TextField
            key={f}
            id={`site-${f}`}
            label={t(labels[f])}
            required={required.has(f)}
            inputRef={ref}
            {...field}
            multiline={multiline.has(f)}
            minRows={multiline.has(f) ? 2 : undefined}
            error={Boolean(errors[f])}
            helperText={errors[f]?.message ?? (f === 'name' ? t('offers.admin.nameHint') : f === 'catalogue_mapping' ? t('offers.admin.catalogueMappingHint') : f === 'fallback_url' ? t('offers.admin.siteFallbackHint') : undefined)}
          />
        );
      })}
    </FormDialog>
  );
}
