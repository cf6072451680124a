import TextField from '@mui/material/TextField';
import { type LandingPage, landingPageInputSchema } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { SelectInput } from '../../../components/forms/select-input.tsx';
import { notify } from '../../../lib/notifications.tsx';
import { useSites } from '../../../lib/queries/get-sites.ts';
import { useSaveLandingPage } from '../api/save-landing-page.ts';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { useFormState } from '../../../lib/use-form-state.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';

/** Create or edit a landing page of a site (staff); the creatives issue adds its images. */
export function LandingPageForm({ page, onClose }: { page: LandingPage | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveLandingPage();
  const sites = useSites();
  const form = useFormState({
    site_id: (page?.site_id ?? null) as number | null,
    name: page?.name ?? '',
    url: page?.url ?? '',
    description: page?.description ?? '',
    language: page?.language ?? 'en',
    rating: String(page?.rating ?? 0),
  });
  const { values, errors, set } = form;

  const submit = async () => {
    const input = form.validate(landingPageInputSchema);
    if (!input) return;
    try {
      await save.mutateAsync({ id: page?.id, input });
      notify.success(t(page ? 'forms.updated' : 'forms.created'));
      onClose();
    } catch (error) {
      form.applyServerErrors(error);
      alertSaveFailure(error, t('forms.saveFailure'));
    }
  };

  return (
    <FormDialog id="landing-page-form" title={t(page ? 'offers.admin.editLandingPage' : 'offers.admin.newLandingPage')} onClose={onClose} onSubmit={() => void submit()} saving={save.isPending}>
      <SelectInput
        id="landing-page-site"
        label={t('offers.site')}
        required
        options={(sites.data ?? []).map((s) => ({ value: s.id, label: s.display_name }))}
        value={values.site_id}
        error={errors.site_id}
        onChange={(v) => set('site_id', v === null ? null : Number(v))}
      />
      <TextField id="landing-page-name" label={t('offers.admin.name')} required value={values.name} error={Boolean(errors.name)} helperText={errors.name} onChange={(e) => set('name', e.target.value)} />
      <TextField id="landing-page-url" label={t('offers.admin.url')} required value={values.url} error={Boolean(errors.url)} helperText={errors.url} onChange={(e) => set('url', e.target.value)} />
      <TextField id="landing-page-description" label={t('offers.admin.description')} multiline minRows={2} value={values.description} error={Boolean(errors.description)} helperText={errors.description} onChange={(e) => set('description', e.target.value)} />
      <TextField id="landing-page-language" label={t('offers.admin.language')} value={values.language} error={Boolean(errors.language)} helperText={errors.language} onChange={(e) => set('language', e.target.value)} />
      <TextField
        id="landing-page-rating"
        label={t('offers.admin.rating')}
        value={values.rating}
        error={Boolean(errors.rating)}
        helperText={errors.rating}
        onChange={(e) => set('rating', e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
    </FormDialog>
  );
}
