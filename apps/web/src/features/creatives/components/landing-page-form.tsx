import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { type CreativeLandingPage, creativeLandingPageInputSchema, uploadRules } from '@portal/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FileUpload } from '../../../components/forms/file-upload.tsx';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { SelectInput } from '../../../components/forms/select-input.tsx';
import { applyServerError } from '../../../components/forms/server-errors.ts';
import type { UploadValue } from '../../../components/forms/upload-item.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useSaveCreativeLandingPage } from '../api/save-landing-page.ts';
import { creativeFormData } from '../lib/form-data.ts';

const fields = ['site_id', 'name', 'url', 'description', 'language', 'rating'] as const;

/** Create or edit a landing page with its desktop and mobile preview images (jpg, jpeg, png up to 2 MB; the requirement in a popup). */
export function LandingPageForm({ page, sites, onClose }: { page: CreativeLandingPage | undefined; sites: { id: number; display_name: string }[]; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveCreativeLandingPage();
  const [desktop, setDesktop] = useState<UploadValue | null>(page?.desktop_image ?? null);
  const [mobile, setMobile] = useState<UploadValue | null>(page?.mobile_image ?? null);
  const [fileErrors, setFileErrors] = useState<Record<string, string | undefined>>({});
  const form = useForm<z.input<typeof creativeLandingPageInputSchema>, unknown, z.output<typeof creativeLandingPageInputSchema>>({
    resolver: zodResolver(creativeLandingPageInputSchema),
    defaultValues: { site_id: page?.site.id ?? '', name: page?.name ?? '', url: page?.url ?? '', description: page?.description ?? '', language: page?.language ?? 'en', rating: page?.rating ?? 0 },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      const body = creativeFormData(
        { site_id: input.site_id, name: input.name, url: input.url, description: input.description, language: input.language, rating: input.rating },
        { desktop_image: { value: desktop, stored: page?.desktop_image }, mobile_image: { value: mobile, stored: page?.mobile_image } },
      );
      const reply = await save.mutateAsync({ id: page?.id, body });
      notify.success(reply.message ?? t(page ? 'creatives.updated' : 'creatives.created'));
      onClose();
    } catch (error) {
      applyServerError(error, form.setError, fields);
      if (error instanceof ApiError && error.errors) setFileErrors({ desktop_image: error.errors.desktop_image?.[0], mobile_image: error.errors.mobile_image?.[0] });
      alertSaveFailure(error, t('forms.saveFailure'));
    }
  });

  const text = (name: 'name' | 'url' | 'description' | 'language', opts: { required?: boolean; multiline?: boolean } = {}) => {
    const { ref, ...field } = form.register(name);
    return <TextField id={`landing-${name}`} label={t(`creatives.fields.${name}`)} required={opts.required} inputRef={ref} {...field} multiline={opts.multiline} minRows={opts.multiline ? 2 : undefined} error={Boolean(errors[name])} helperText={errors[name]?.message} fullWidth />;
  };

  return (
    <FormDialog id="landing-form" title={t(page ? 'creatives.landing.edit' : 'creatives.landing.new')} onClose={onClose} onSubmit={() => void submit()} saving={save.isPending}>
      <Controller
        control={form.control}
        name="site_id"
        render={({ field }) => (
          <SelectInput id="landing-site" label={t('creatives.fields.site')} required options={sites.map((s) => ({ value: s.id, label: s.display_name }))} value={(field.value as number | '') || null} onChange={(v) => field.onChange(v ?? '')} onBlur={field.onBlur} error={errors.site_id?.message} />
        )}
      />
      {text('name', { required: true })}
      {text('url', { required: true })}
      {text('description', { multiline: true })}
      <Grid container spacing={2}>
        <Grid size={{ xs: 6 }}>{text('language')}</Grid>
        <Grid size={{ xs: 6 }}>
          <TextField id="landing-rating" label={t('creatives.fields.rating')} type="number" {...form.register('rating')} slotProps={{ htmlInput: { min: 0, max: 5, step: 1 } }} error={Boolean(errors.rating)} helperText={errors.rating?.message} fullWidth />
        </Grid>
      </Grid>
      <FileUpload id="landing-desktop" label={t('creatives.fields.desktopImage')} requirementPopup rule={uploadRules.landingImage} value={desktop} onChange={setDesktop} error={fileErrors.desktop_image} />
      <FileUpload id="landing-mobile" label={t('creatives.fields.mobileImage')} requirementPopup rule={uploadRules.landingImage} value={mobile} onChange={setMobile} error={fileErrors.mobile_image} />
    </FormDialog>
  );
}
