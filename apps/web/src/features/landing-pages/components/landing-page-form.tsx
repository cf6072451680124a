import { zodResolver } from '@hookform/resolvers/zod';
import { type LandingPage, landingPageInputSchema } from '@portal/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormSelect, FormText } from '../../../components/forms/controlled.tsx';
import { notify } from '../../../lib/notifications.tsx';
import { useSites } from '../../../lib/queries/get-sites.ts';
import { useSaveLandingPage } from '../api/save-landing-page.ts';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { applyServerError } from '../../../components/forms/server-errors.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';

const fields = ['site_id', 'name', 'url', 'description', 'language', 'rating'] as const;

/** Create or edit a landing page of a site (staff); the creatives issue adds its images. */
export function LandingPageForm({ page, onClose }: { page: LandingPage | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveLandingPage();
  const sites = useSites();
  const { control, handleSubmit, setError } = useForm<z.input<typeof landingPageInputSchema>, unknown, z.output<typeof landingPageInputSchema>>({
    resolver: zodResolver(landingPageInputSchema),
    defaultValues: {
      site_id: page?.site_id ?? '',
      name: page?.name ?? '',
      url: page?.url ?? '',
      description: page?.description ?? '',
      language: page?.language ?? 'en',
      rating: String(page?.rating ?? 0),
    },
  });

  const submit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: page?.id, input });
      notify.success(t(page ? 'forms.updated' : 'forms.created'));
      onClose();
    } catch (error) {
      applyServerError(error, setError, fields);
      alertSaveFailure(error, t('forms.saveFailure'));
    }
  });

  return (
    <FormDialog id="landing-page-form" title={t(page ? 'offers.admin.editLandingPage' : 'offers.admin.newLandingPage')} onClose={onClose} onSubmit={() => void submit()} saving={save.isPending}>
      <FormSelect control={control} name="site_id" id="landing-page-site" label={t('offers.site')} required options={(sites.data ?? []).map((s) => ({ value: s.id, label: s.display_name }))} />
      <FormText control={control} name="name" id="landing-page-name" label={t('offers.admin.name')} required />
      <FormText control={control} name="url" id="landing-page-url" label={t('offers.admin.url')} required />
      <FormText control={control} name="description" id="landing-page-description" label={t('offers.admin.description')} multiline minRows={2} />
      <FormText control={control} name="language" id="landing-page-language" label={t('offers.admin.language')} />
      <FormText control={control} name="rating" id="landing-page-rating" label={t('offers.admin.rating')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
    </FormDialog>
  );
}
