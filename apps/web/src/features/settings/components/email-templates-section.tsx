import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEmailTemplates } from '../api/email-templates.ts';
import { EmailTemplateForm } from './email-template-form.tsx';
import { SectionCard, SectionLoading } from './section-card.tsx';

export interface AffiliateOption {
  id: number;
  label: string;
}

/** Global Settings, Email templates: pick an email, edit its subject and body, preview, send a test, reset. */
export function EmailTemplatesSection({ affiliates }: { affiliates: readonly AffiliateOption[] }) {
  const { t } = useTranslation();
  const list = useEmailTemplates();
  const [type, setType] = useState<string>();
  const current = list.data?.find((x) => x.type === type) ?? list.data?.[0];
  return (
    <SectionCard id="email-templates" title={t('settings.names.emailTemplates')} description={t('settings.templates.description')}>
      {list.data && current ? (
        <Stack spacing={2.5}>
          <TextField select label={t('settings.templates.type')} value={current.type} onChange={(e) => setType(e.target.value)} sx={{ maxWidth: 420 }}>
            {list.data.map((x) => (
              <MenuItem key={x.type} value={x.type}>
                {x.label}
                {x.is_custom ? ` · ${t('settings.templates.custom')}` : ''}
              </MenuItem>
            ))}
          </TextField>
          <EmailTemplateForm key={`${current.type}-${current.updated_at ?? 'default'}`} template={current} affiliates={affiliates} />
        </Stack>
      ) : (
        <SectionLoading error={list.error} />
      )}
    </SectionCard>
  );
}
