import { globalEmailSettingsSchema, globalEmailSettingsUpdateSchema } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { DynamicForm } from '../../../components/forms/dynamic-form.tsx';
import { useSaveSettingsSection, useSettingsSection } from '../api/settings-section.ts';
import { SectionCard, SectionLoading } from './section-card.tsx';

const f = 'settings.globalEmail';

/** Global Settings, Global email: who every email comes from, where replies and staff mail go, and the footer. */
export function GlobalEmailSection() {
  const { t } = useTranslation();
  const current = useSettingsSection('global-email', globalEmailSettingsSchema);
  const save = useSaveSettingsSection('global-email');
  return (
    <SectionCard id="global-email" title={t('settings.names.globalEmail')} description={t(`${f}.description`)}>
      {current.data ? (
        <DynamicForm
          id="global-email-form"
          schema={globalEmailSettingsUpdateSchema}
          fields={[
            { name: 'sender_name', label: `${f}.senderName`, type: 'text', required: true, row: 1, max: 100 },
            { name: 'sender_email', label: `${f}.senderEmail`, type: 'email', required: true, row: 1 },
            { name: 'reply_to', label: `${f}.replyTo`, type: 'email', row: 2, hint: `${f}.replyToHint` },
            { name: 'support_email', label: `${f}.supportEmail`, type: 'email', required: true, row: 2, hint: `${f}.supportEmailHint` },
            { name: 'footer_text', label: `${f}.footer`, type: 'textarea', max: 1000, hint: `${f}.footerHint` },
          ]}
          defaultValues={current.data}
          mode="update"
          submitLabel={t('settings.save')}
          onSubmit={(values) => save.mutateAsync(values)}
        />
      ) : (
        <SectionLoading error={current.error} />
      )}
    </SectionCard>
  );
}
