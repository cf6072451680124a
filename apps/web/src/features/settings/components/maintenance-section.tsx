import { maintenanceSettingsUpdateSchema } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { DynamicForm } from '../../../components/forms/dynamic-form.tsx';
import { useSaveSettingsSection, useSettingsSection } from '../api/settings-section.ts';
import { SectionCard, SectionLoading } from './section-card.tsx';

/** Global Settings, Maintenance (SPEC.md section 1): on or off; staff keep signing in either way. */
export function MaintenanceSection() {
  const { t } = useTranslation();
  const current = useSettingsSection('maintenance', maintenanceSettingsUpdateSchema);
  const save = useSaveSettingsSection('maintenance');
  return (
    <SectionCard id="maintenance" title={t('settings.names.maintenance')} description={t('settings.maintenance.description')}>
      {current.data ? (
        <DynamicForm
          id="maintenance-form"
          schema={maintenanceSettingsUpdateSchema}
          fields={[{ name: 'enabled', label: 'settings.maintenance.enabled', type: 'checkbox' }]}
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
