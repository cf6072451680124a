import { zodResolver } from '@hookform/resolvers/zod';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { type Banner, bannerInputSchema, bannerUploadRule, validationMessages } from '@portal/contracts';
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
import { useSaveBanner } from '../api/save-banner.ts';
import { multipartBody } from '../../../lib/form-data.ts';

const fields = ['site_id', 'name', 'language', 'category', 'size', 'rating', 'description'] as const;

/** Create or edit a banner (staff): the Banner fields of SPEC.md section 3; an image's size is read by the server. */
export function BannerForm({ banner, sites, onClose }: { banner: Banner | undefined; sites: { id: number; display_name: string }[]; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveBanner();
  // The file is kept beside the form: the schema is the route's, which reads files apart from fields.
  const [image, setImage] = useState<UploadValue | null>(banner?.image ?? null);
  const [imageError, setImageError] = useState<string>();
  const form = useForm<z.input<typeof bannerInputSchema>, unknown, z.output<typeof bannerInputSchema>>({
    resolver: zodResolver(bannerInputSchema),
    defaultValues: {
      site_id: banner?.site.id ?? '',
      name: banner?.name ?? '',
      language: banner?.language ?? 'en',
      category: banner?.category ?? '',
      size: banner?.is_archive ? banner.size : '',
      rating: banner?.rating ?? 0,
      description: banner?.description ?? '',
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    if (!image) {
      setImageError(validationMessages.required);
      return;
    }
    try {
      const body = multipartBody({ ...input, image_deleted: undefined }, { image: { value: image, stored: banner?.image } });
      const reply = await save.mutateAsync({ id: banner?.id, body });
      notify.success(reply.message ?? t(banner ? 'creatives.updated' : 'creatives.created'));
      onClose();
    } catch (error) {
      applyServerError(error, form.setError, fields);
      if (error instanceof ApiError && error.errors?.image?.[0]) setImageError(error.errors.image[0]);
      alertSaveFailure(error, t('forms.saveFailure'));
    }
  });

  const text = (name: 'name' | 'language' | 'category' | 'size' | 'description', opts: { required?: boolean; multiline?: boolean; hint?: string } = {}) => {
    const { ref, ...field } = form.register(name);
    return (
      <TextField id={`banner-${name}`} label={t(`creatives.fields.${name}`)} required={opts.required} inputRef={ref} {...field} multiline={opts.multiline} minRows={opts.multiline ? 2 : undefined} error={Boolean(errors[name])} helperText={errors[name]?.message ?? opts.hint} fullWidth />
    );
  };

  return (
    <FormDialog id="banner-form" title={t(banner ? 'creatives.banner.edit' : 'creatives.banner.new')} onClose={onClose} onSubmit={() => void submit()} saving={save.isPending}>
      <Controller
        control={form.control}
        name="site_id"
        render={({ field }) => (
          <SelectInput id="banner-site" label={t('creatives.fields.site')} required options={sites.map((s) => ({ value: s.id, label: s.display_name }))} value={(field.value as number | '') || null} onChange={(v) => field.onChange(v ?? '')} onBlur={field.onBlur} error={errors.site_id?.message} />
        )}
      />
      {text('name', { required: true })}
      <Grid container spacing={2}>
        <Grid size={{ xs: 6 }}>{text('language')}</Grid>
        <Grid size={{ xs: 6 }}>{text('category')}</Grid>
        <Grid size={{ xs: 6 }}>{text('size', { hint: t('creatives.fields.sizeHint') })}</Grid>
        <Grid size={{ xs: 6 }}>
          <TextField id="banner-rating" label={t('creatives.fields.rating')} type="number" {...form.register('rating')} slotProps={{ htmlInput: { min: 0, max: 5, step: 1 } }} error={Boolean(errors.rating)} helperText={errors.rating?.message} fullWidth />
        </Grid>
      </Grid>
      {text('description', { multiline: true })}
      <FileUpload
        id="banner-image"
        label={t('creatives.fields.image')}
        required
        rule={bannerUploadRule}
        value={image}
        onChange={(v) => {
          setImage(v);
          setImageError(undefined);
        }}
        error={imageError}
      />
    </FormDialog>
  );
}
