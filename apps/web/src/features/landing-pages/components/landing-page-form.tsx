import Grid from '@mui/material/Grid';
import { zodResolver } from '@hookform/resolvers/zod';
import { type LandingPage, landingPageImageRule, landingPageInputSchema, type LandingPageWithImages } from '@portal/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormSelect, FormText } from '../../../components/forms/controlled.tsx';
import { FileUpload } from '../../../components/forms/file-upload.tsx';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { applyServerError } from '../../../components/forms/server-errors.ts';
import type { UploadValue } from '../../../components/forms/upload-item.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useSaveLandingPage } from '../api/save-landing-page.ts';

const fields = ['site_id', 'name', 'url', 'description', 'language', 'rating'] as const;

export interface LandingPageFormProps {
  /** The page to edit (as a list gave it), or undefined for a new one. */
  page: LandingPage | LandingPageWithImages | undefined;
  /** The sites to choose from. */
  sites: readonly { id: number; display_name: string }[];
  /** With the desktop and mobile preview images (the creatives screen, staff with creatives); without, the fields only (Offers, staff with offers). */
  withImages: boolean;
  onClose: () => void;
}

const siteOf = (page: LandingPage | LandingPageWithImages) => ('site_id' in page ? page.site_id : page.site.id);
const imagesOf = (page: LandingPage | LandingPageWithImages | undefined) => (page && 'desktop_image' in page ? page : undefined);

/**
 * The one form of a landing page (SPEC.md section 3: name, url, description, language, rating,
 * images): Offers' landing pages tab and the creatives screen both open it. The images are jpg,
 * jpeg or png up to 2 MB, the requirement in a popup.
 */
export function LandingPageForm({ page, sites, withImages, onClose }: LandingPageFormProps) {
  const { t } = useTranslation();
  const save = useSaveLandingPage();
  const stored = imagesOf(page);
  const [desktop, setDesktop] = useState<UploadValue | null>(stored?.desktop_image ?? null);
  const [mobile, setMobile] = useState<UploadValue | null>(stored?.mobile_image ?? null);
  const [fileErrors, setFileErrors] = useState<Record<string, string | undefined>>({});
  const { control, handleSubmit, setError } = useForm<z.input<typeof landingPageInputSchema>, unknown, z.output<typeof landingPageInputSchema>>({
    resolver: zodResolver(landingPageInputSchema),
    defaultValues: {
      site_id: page ? siteOf(page) : '',
      name: page?.name ?? '',
      url: page?.url ?? '',
      description: page?.description ?? '',
      language: page?.language ?? 'en',
      rating: String(page?.rating ?? 0),
    },
  });

  const submit = handleSubmit(async (input) => {
    try {
      const images = withImages ? { desktop_image: { value: desktop, stored: stored?.desktop_image }, mobile_image: { value: mobile, stored: stored?.mobile_image } } : undefined;
      const reply = await save.mutateAsync({ id: page?.id, input, images });
      notify.success(reply.message ?? t(page ? 'forms.updated' : 'forms.created'));
      onClose();
    } catch (error) {
      applyServerError(error, setError, fields);
      if (error instanceof ApiError && error.errors) setFileErrors({ desktop_image: error.errors.desktop_image?.[0], mobile_image: error.errors.mobile_image?.[0] });
      alertSaveFailure(error, t('forms.saveFailure'));
    }
  });

  return (
    <FormDialog id="landing-page-form" title={t(page ? 'landingPages.edit' : 'landingPages.new')} onClose={onClose} onSubmit={() => void submit()} saving={save.isPending}>
      <FormSelect control={control} name="site_id" id="landing-page-site" label={t('landingPages.fields.site')} required options={sites.map((s) => ({ value: s.id, label: s.display_name }))} />
      <FormText control={control} name="name" id="landing-page-name" label={t('landingPages.fields.name')} required />
      <FormText control={control} name="url" id="landing-page-url" label={t('landingPages.fields.url')} required />
      <FormText control={control} name="description" id="landing-page-description" label={t('landingPages.fields.description')} multiline minRows={2} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 6 }}>
          <FormText control={control} name="language" id="landing-page-language" label={t('landingPages.fields.language')} fullWidth />
        </Grid>
        <Grid size={{ xs: 6 }}>
          <FormText control={control} name="rating" id="landing-page-rating" label={t('landingPages.fields.rating')} type="number" fullWidth slotProps={{ htmlInput: { min: 0, max: 5, step: 1, inputMode: 'numeric' } }} />
        </Grid>
      </Grid>
      {withImages ? (
        <>
          <FileUpload id="landing-page-desktop" label={t('landingPages.fields.desktopImage')} requirementPopup rule={landingPageImageRule} value={desktop} onChange={setDesktop} error={fileErrors.desktop_image} />
          <FileUpload id="landing-page-mobile" label={t('landingPages.fields.mobileImage')} requirementPopup rule={landingPageImageRule} value={mobile} onChange={setMobile} error={fileErrors.mobile_image} />
        </>
      ) : null}
    </FormDialog>
  );
}
