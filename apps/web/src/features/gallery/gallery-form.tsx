import Typography from '@mui/material/Typography';
import { amount, email, mustBeUnique, optional, passwordsMatch, percentage, positiveNumber, required, requiredWhen, siteUrl, text, uploadRules } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DynamicForm, type SavedValues } from '../../components/forms/dynamic-form.tsx';
import type { FormItem } from '../../components/forms/field-types.ts';
import type { UploadValue } from '../../components/forms/upload-item.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { storedBanner, storedLogo } from './sample-media.ts';

const upload = z.custom<UploadValue>((v) => v instanceof File || (typeof v === 'object' && v !== null && 'uuid' in v));

const range = z.object({ from: required(positiveNumber()), to: required(positiveNumber()) });
type Range = z.output<typeof range>;

const values = z.object({
  id: z.number().optional(),
  name: required(text({ min: 3, max: 100 })),
  email: required(email()),
  website: optional(siteUrl(), ''),
  payout_type: required(z.enum(['revshare', 'cpa'])),
  revshare_percent: optional(percentage()),
  amount: required(amount()),
  start_date: optional(z.string()),
  created_at: z.string().optional(),
  description: optional(text(), ''),
  logo: upload.nullable(),
  images: z.array(upload),
  ranges: z.array(range).max(3).superRefine(mustBeUnique<Range>('from')),
  password: required(text({ min: 8 })),
  password_confirmation: text(),
});
type Values = z.output<typeof values>;

/** A demo schema built from the contracts rules, as a feature's contract would be. */
export const gallerySchema = values
  .refine(...passwordsMatch<Values>())
  .superRefine(requiredWhen<Values>('revshare_percent', (v) => v.payout_type === 'revshare'));

const f = 'forms.gallery.fields';
export const galleryFields: FormItem<z.input<typeof gallerySchema>>[] = [
  { name: 'id', label: 'id', type: 'text', hidden: true },
  { name: 'name', label: `${f}.name`, type: 'text', required: true, row: 1, clearable: true, autocomplete: 'organization' },
  { name: 'email', label: `${f}.email`, type: 'email', required: true, row: 1, autocomplete: 'email' },
  { name: 'website', label: `${f}.website`, type: 'url', row: 2, autocomplete: 'url' },
  { name: 'created_at', label: `${f}.createdAt`, type: 'date', row: 2, disabled: true, hideIfEmpty: true, save: false },
  {
    name: 'payout_type',
    label: `${f}.payoutType`,
    type: 'select',
    required: true,
    row: 3,
    clearable: false,
    options: [
      { value: 'revshare', label: 'Revenue share' },
      { value: 'cpa', label: 'Pay per signup' },
    ],
  },
  { name: 'revshare_percent', label: `${f}.revsharePercent`, type: 'number', required: true, row: 3, suffix: '%', relation: 'payout_type', relationValue: 'revshare', relationText: `${f}.revshareHint` },
  { name: 'amount', label: `${f}.amount`, type: 'number', required: true, row: 4, prefix: '$' },
  { name: 'start_date', label: `${f}.startDate`, type: 'date', row: 4, clearable: true },
  { name: 'description', label: `${f}.description`, type: 'editor', formats: ['bold', 'italic', 'bulletList', 'link', 'unlink', 'undo', 'redo'] },
  { name: 'logo', label: `${f}.logo`, type: 'file', accept: uploadRules.logo, requirementPopup: true, row: 5 },
  { name: 'images', label: `${f}.images`, type: 'files', max: 6, row: 5 },
  { type: 'block', name: 'ranges', label: `${f}.ranges`, maxCount: 3, mustBeUnique: ['from'], newItem: { from: '', to: '' }, fields: [
    { name: 'from', label: `${f}.from`, type: 'number', required: true, row: 1 },
    { name: 'to', label: `${f}.to`, type: 'number', required: true, row: 1 },
  ] },
  { name: 'password', label: `${f}.password`, type: 'password', required: true, row: 6, autocomplete: 'new-password' },
  { name: 'password_confirmation', label: `${f}.passwordConfirmation`, type: 'password', required: true, row: 6, autocomplete: 'new-password', save: false },
];

const defaults = {
  id: 7,
  name: '',
  email: '',
  website: '',
  payout_type: undefined,
  revshare_percent: '',
  amount: '',
  start_date: null,
  created_at: '2024-09-01',
  description: '<p>Promote our <strong>VR</strong> studios.</p>',
  logo: storedLogo,
  images: [storedBanner],
  ranges: [{ from: '1', to: '10' }],
  password: '',
  password_confirmation: '',
};

/** The builder with every kind of field; "taken" as a name answers like the API's uniqueness error. */
export function GalleryForm() {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<string>();

  async function save(result: SavedValues<typeof gallerySchema>) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (result.name.toLowerCase() === 'taken') {
      throw new ApiError(422, 'unique', t('forms.gallery.taken'), { name: [t('forms.gallery.taken')] });
    }
    const shown = Object.fromEntries(Object.entries(result).map(([k, v]) => [k, v instanceof File ? `File(${v.name})` : Array.isArray(v) ? v.map((x: unknown) => (x instanceof File ? `File(${x.name})` : x)) : v]));
    setSaved(JSON.stringify(shown, null, 2));
  }

  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('forms.gallery.builderNote')}
      </Typography>
      <DynamicForm schema={gallerySchema} fields={galleryFields} defaultValues={defaults} mode="update" onSubmit={save} id="gallery-form" />
      {saved ? (
        <Typography component="pre" data-testid="saved-values" sx={{ mt: 2, p: 2, bgcolor: 'background.default', borderRadius: 1, overflow: 'auto', fontSize: 12 }}>
          {saved}
        </Typography>
      ) : undefined}
    </>
  );
}
