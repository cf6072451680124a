import TextField from '@mui/material/TextField';
import { type SiteLogo, siteLogoUploadRule, validationMessages } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FileUpload } from '../../../components/forms/file-upload.tsx';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { SelectInput } from '../../../components/forms/select-input.tsx';
import type { UploadValue } from '../../../components/forms/upload-item.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useSaveLogo } from '../api/save-logo.ts';
import { multipartBody } from '../../../lib/form-data.ts';

/** Add or edit a site's logo (staff): svg up to 1 MB (the server sanitises it) or png; the requirement shows in a popup. */
export function LogoForm({ logo, siteId, sites, onClose }: { logo: SiteLogo | undefined; siteId: number | undefined; sites: { id: number; display_name: string }[]; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveLogo();
  const [site, setSite] = useState<number | undefined>(logo?.site.id ?? siteId);
  const [name, setName] = useState(logo?.name ?? '');
  const [image, setImage] = useState<UploadValue | null>(logo?.image ?? null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  const submit = async () => {
    const missing = { site_id: site ? undefined : validationMessages.required, image: image ? undefined : validationMessages.required };
    setErrors(missing);
    if (missing.site_id || missing.image) return;
    try {
      const reply = await save.mutateAsync({ id: logo?.id, body: multipartBody({ site_id: site, name }, { image: { value: image, stored: logo?.image } }) });
      notify.success(reply.message ?? t(logo ? 'creatives.updated' : 'creatives.created'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]])));
      alertSaveFailure(error, t('forms.saveFailure'));
    }
  };

  return (
    <FormDialog id="logo-form" title={t(logo ? 'creatives.logos.edit' : 'creatives.logos.new')} onClose={onClose} onSubmit={() => void submit()} saving={save.isPending}>
      <SelectInput id="logo-site" label={t('creatives.fields.site')} required options={sites.map((s) => ({ value: s.id, label: s.display_name }))} value={site ?? null} onChange={(v) => setSite(v === null ? undefined : Number(v))} error={errors.site_id} />
      <TextField id="logo-name" label={t('creatives.fields.logoName')} value={name} onChange={(e) => setName(e.target.value)} onBlur={() => setName(name.trim())} error={Boolean(errors.name)} helperText={errors.name} slotProps={{ htmlInput: { maxLength: 100 } }} fullWidth />
      <FileUpload id="logo-image" label={t('creatives.fields.logo')} required requirementPopup rule={siteLogoUploadRule} value={image} onChange={setImage} error={errors.image} />
    </FormDialog>
  );
}
