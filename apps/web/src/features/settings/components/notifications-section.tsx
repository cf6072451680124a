import { emailNotificationsSettingsSchema, emailNotificationsSettingsUpdateSchema, emailTypeInfo, notificationTypes } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { DynamicForm } from '../../../components/forms/dynamic-form.tsx';
import type { FormItem } from '../../../components/forms/field-types.ts';
import { useSaveSettingsSection, useSettingsSection } from '../api/settings-section.ts';
import { SectionCard, SectionLoading } from './section-card.tsx';

const f = 'settings.notifications';

/** Global Settings, Email notifications: each email that can be switched off, and who receives it. */
export function NotificationsSection() {
  const { t } = useTranslation();
  const current = useSettingsSection('email-notifications', emailNotificationsSettingsSchema);
  const save = useSaveSettingsSection('email-notifications');
  const fields = notificationTypes.map((type) => ({
    name: type,
    label: t(`${f}.item`, { label: emailTypeInfo[type].label, to: t(`${f}.to.${emailTypeInfo[type].to}`) }),
    type: 'checkbox' as const,
  })) as FormItem<Record<string, boolean>>[];
  return (
    <SectionCard id="email-notifications" title={t('settings.names.emailNotifications')} description={t(`${f}.description`)}>
      {current.data ? (
        <DynamicForm
          id="email-notifications-form"
          schema={emailNotificationsSettingsUpdateSchema}
          fields={fields}
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
