import { dashboardSettingsSchema, dashboardSettingsUpdateSchema } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { DynamicForm } from '../../../components/forms/dynamic-form.tsx';
import { useSaveSettingsSection, useSettingsSection } from '../api/settings-section.ts';
import { SectionCard, SectionLoading } from './section-card.tsx';

const f = 'settings.dashboard';

/** Global Settings, Dashboard: the message and links every affiliate sees at the top of the dashboard. */
export function DashboardSection() {
  const { t } = useTranslation();
  const current = useSettingsSection('dashboard', dashboardSettingsSchema);
  const save = useSaveSettingsSection('dashboard');
  return (
    <SectionCard id="dashboard" title={t('settings.names.dashboard')} description={t(`${f}.description`)}>
      {current.data ? (
        <DynamicForm
          id="dashboard-form"
          schema={dashboardSettingsUpdateSchema}
          fields={[
            { name: 'message', label: `${f}.message`, type: 'textarea', max: 2000, hint: `${f}.messageHint` },
            {
              type: 'block',
              name: 'links',
              label: `${f}.links`,
              maxCount: 10,
              newItem: { label: '', url: '' },
              fields: [
                { name: 'label', label: `${f}.linkLabel`, type: 'text', required: true, row: 1, max: 80 },
                { name: 'url', label: `${f}.linkUrl`, type: 'url', required: true, row: 1 },
              ],
            },
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
