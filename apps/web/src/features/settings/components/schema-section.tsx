import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DynamicForm } from '../../../components/forms/dynamic-form.tsx';
import type { FormItem } from '../../../components/forms/field-types.ts';
import type { SettingsSectionName } from '@portal/contracts';
import { documentOf, type SettingsDocument, useSaveSettingsSection, useSettingsSection } from '../api/settings-section.ts';
import { SectionCard, SectionLoading } from './section-card.tsx';

const camel = (id: string) => id.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

export interface SchemaSectionProps<S extends z.ZodType<FieldValues, FieldValues>> {
  /** The section's document: its id (`/v1/settings/<id>` unless `path` says otherwise). */
  section: SettingsSectionName | SettingsDocument;
  /** The part of `settings.*` with the section's texts (its `description`); the heading is `settings.names.<id in camelCase>`. */
  text: string;
  /** What GET answers, and what PUT takes (the form validates with it). */
  schema: z.ZodType<z.input<S>>;
  update: S;
  fields: readonly FormItem<z.input<S>>[];
}

/**
 * One Global Settings section that is a single form over one document: read it, show the fields,
 * save the whole document with PUT ("Updated successfully", the server's message, or "Save failure!").
 */
export function SchemaSection<S extends z.ZodType<FieldValues, FieldValues>>({ section, text, schema, update, fields }: SchemaSectionProps<S>) {
  const { t } = useTranslation();
  const { id } = documentOf(section);
  const current = useSettingsSection(section, schema);
  const save = useSaveSettingsSection(section);
  return (
    <SectionCard id={id} title={t(`settings.names.${camel(id)}`)} description={t(`settings.${text}.description`)}>
      {current.data ? (
        <DynamicForm id={`${id}-form`} schema={update} fields={fields} defaultValues={current.data as never} mode="update" submitLabel={t('settings.save')} onSubmit={(values) => save.mutateAsync(values)} />
      ) : (
        <SectionLoading error={current.error} />
      )}
    </SectionCard>
  );
}
