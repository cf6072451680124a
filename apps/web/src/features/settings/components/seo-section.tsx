import { type SeoSettingsUpdate, seoPages, seoSettingsSchema, seoSettingsUpdateSchema } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { DynamicForm } from '../../../components/forms/dynamic-form.tsx';
import type { FormItem } from '../../../components/forms/field-types.ts';
import { useSaveSettingsSection, useSettingsSection } from '../api/settings-section.ts';
import { SectionCard, SectionLoading } from './section-card.tsx';

const f = 'settings.seo';

/** Three fields per public page, each page under its own heading. */
const fields: FormItem<SeoSettingsUpdate>[] = seoPages.flatMap((page, i) => [
  { name: `${page}.title` as const, label: `${f}.title`, type: 'text' as const, required: true, max: 120, heading: `${f}.pages.${page}`, otherId: `seo-${page}-title`, row: i * 2 + 1 },
  { name: `${page}.description` as const, label: `${f}.descriptionField`, type: 'text' as const, required: true, max: 320, otherId: `seo-${page}-description`, row: i * 2 + 1 },
  { name: `${page}.content` as const, label: `${f}.content`, type: 'textarea' as const, max: 2000, otherId: `seo-${page}-content`, hint: `${f}.contentHint` },
]);

/** Global Settings, SEO: title, description and content of each public page, written into the HTML the server sends. */
export function SeoSection() {
  const { t } = useTranslation();
  const current = useSettingsSection('seo', seoSettingsSchema);
  const save = useSaveSettingsSection('seo');
  return (
    <SectionCard id="seo" title={t('settings.names.seo')} description={t(`${f}.description`)}>
      {current.data ? (
        <DynamicForm id="seo-form" schema={seoSettingsUpdateSchema} fields={fields} defaultValues={current.data} mode="update" submitLabel={t('settings.save')} onSubmit={(values) => save.mutateAsync(values)} />
      ) : (
        <SectionLoading error={current.error} />
      )}
    </SectionCard>
  );
}
