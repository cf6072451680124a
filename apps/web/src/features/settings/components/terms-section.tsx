import Typography from '@mui/material/Typography';
import { termsSettingsSchema, termsSettingsUpdateSchema } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { DynamicForm } from '../../../components/forms/dynamic-form.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useSaveSettingsSection, useSettingsSection } from '../api/settings-section.ts';
import { SectionCard, SectionLoading } from './section-card.tsx';

const k = 'settings.terms';

/**
 * Terms of Service: the version in force and how many affiliates accepted it; publishing a new
 * version (with a note of what changed) asks every affiliate to accept it at their next visit.
 */
export function TermsSection() {
  const { t } = useTranslation();
  const current = useSettingsSection('terms', termsSettingsSchema);
  const publish = useSaveSettingsSection('terms');
  const terms = current.data;
  return (
    <SectionCard id="terms" title={t('settings.names.terms')} description={t(`${k}.description`)}>
      {terms ? (
        <>
          <Typography sx={{ mb: 2 }}>
            {t(`${k}.inForce`, { date: formatDateTime(terms.version), accepted: terms.accepted_current, affiliates: terms.affiliates })}
          </Typography>
          {terms.changes ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {t(`${k}.lastChanges`, { changes: terms.changes })}
            </Typography>
          ) : null}
          <DynamicForm
            id="terms-form"
            key={terms.version}
            schema={termsSettingsUpdateSchema}
            fields={[{ name: 'changes', label: `${k}.changes`, type: 'textarea', required: true, max: 2000, hint: `${k}.changesHint` }]}
            defaultValues={{ changes: '' }}
            mode="update"
            submitLabel={t(`${k}.publish`)}
            onSubmit={(values) => publish.mutateAsync(values)}
          />
        </>
      ) : (
        <SectionLoading error={current.error} />
      )}
    </SectionCard>
  );
}
