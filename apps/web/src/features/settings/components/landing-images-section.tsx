import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { landingImageFields, landingImageSettingsSchema, landingSections, uploadRules } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DynamicForm } from '../../../components/forms/dynamic-form.tsx';
import type { FormItem } from '../../../components/forms/field-types.ts';
import type { UploadValue } from '../../../components/forms/upload-item.tsx';
import { useSaveLandingImages } from '../api/save-landing-images.ts';
import { useSettingsSection } from '../api/settings-section.ts';
import { SectionCard, SectionLoading } from './section-card.tsx';

const f = 'settings.landingImages';
const uploadValue = z.custom<UploadValue>((v) => v instanceof File || (typeof v === 'object' && v !== null && 'uuid' in v));
/** The form's own schema: each field an image (picked or stored) or empty; the server checks the files by content. */
const formSchema = z.object(Object.fromEntries(landingImageFields.map((name) => [name, uploadValue.nullable()])) as Record<string, z.ZodNullable<typeof uploadValue>>);
type FormInput = z.input<typeof formSchema>;

/** Global Settings, Landing page images: desktop and mobile per home-page section, previewed, used by the home page at once. */
export function LandingImagesSection() {
  const { t } = useTranslation();
  const current = useSettingsSection('landing-page-images', landingImageSettingsSchema);
  const save = useSaveLandingImages();
  const fields: FormItem<FormInput>[] = landingSections.flatMap((section, i) => [
    { name: `${section}_desktop`, label: t(`${f}.desktop`, { section: t(`${f}.sections.${section}`) }), type: 'file' as const, accept: uploadRules.landingImage, requirementPopup: true, row: i + 1 },
    { name: `${section}_mobile`, label: t(`${f}.mobile`, { section: t(`${f}.sections.${section}`) }), type: 'file' as const, accept: uploadRules.landingImage, requirementPopup: true, row: i + 1 },
  ]);
  return (
    <SectionCard id="landing-page-images" title={t('settings.names.landingPageImages')} description={t(`${f}.description`)}>
      {current.data ? (
        <Stack spacing={3}>
          <div>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {t(`${f}.preview`)}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(6, 1fr)' }, gap: 1 }}>
              {landingSections.flatMap((s) =>
                (['desktop', 'mobile'] as const).map((kind) => (
                  <Box
                    key={`${s}-${kind}`}
                    component="img"
                    src={current.data.images[s][kind]}
                    alt={t(`${f}.${kind}`, { section: t(`${f}.sections.${s}`) })}
                    sx={{ width: '100%', aspectRatio: kind === 'desktop' ? '16 / 9' : '9 / 16', objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider', maxHeight: 140 }}
                  />
                )),
              )}
            </Box>
          </div>
          <DynamicForm
            key={JSON.stringify(current.data.files)}
            id="landing-images-form"
            schema={formSchema}
            fields={fields}
            defaultValues={current.data.files as FormInput}
            mode="update"
            submitLabel={t('settings.save')}
            onSubmit={(values) => save.mutateAsync(values as Record<string, unknown>)}
          />
        </Stack>
      ) : (
        <SectionLoading error={current.error} />
      )}
    </SectionCard>
  );
}
