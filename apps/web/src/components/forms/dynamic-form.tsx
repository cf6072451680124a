import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { type Control, type DefaultValues, type FieldValues, get, type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { notify } from '../../lib/notifications.tsx';
import { DELETED_SUFFIX, deletedUploads } from './deleted-uploads.ts';
import { type BlockDef, type FieldDef, type FormItem, isBlock } from './field-types.ts';
import { formResolver } from './form-resolver.ts';
import { FormRows } from './form-rows.tsx';
import { InnerBlocks } from './inner-blocks.tsx';
import { isShown } from './relations.ts';
import { fieldErrors, serverMessage } from './server-errors.ts';

type FormSchema = z.ZodType<FieldValues, FieldValues>;

/** What a save receives: the schema's output plus `<name>_deleted` uuid lists for upload fields. */
export type SavedValues<S extends FormSchema> = z.output<S> & { [key: `${string}${typeof DELETED_SUFFIX}`]: string[] };

export interface DynamicFormProps<S extends FormSchema> {
  /** The contracts schema the API validates the same payload with. */
  schema: S;
  fields: readonly FormItem<z.input<S>>[];
  defaultValues: DefaultValues<z.input<S>>;
  /** 'create' says "Created successfully", 'update' "Updated successfully". */
  mode: 'create' | 'update';
  /** Sends the values; a rejection with `errors: {field: [message]}` puts the messages on the fields. */
  onSubmit: (values: SavedValues<S>) => Promise<unknown>;
  submitLabel?: string;
  id?: string;
}

type Chunk = { kind: 'fields'; defs: FieldDef<FieldValues>[] } | { kind: 'block'; def: BlockDef<FieldValues> };

/** Consecutive fields share one rows layout; each inner-block list stands on its own. */
function chunks(items: readonly FormItem<FieldValues>[]): Chunk[] {
  const out: Chunk[] = [];
  for (const item of items) {
    if (isBlock(item)) out.push({ kind: 'block', def: item as BlockDef<FieldValues> });
    else {
      const last = out.at(-1);
      if (last?.kind === 'fields') last.defs.push(item);
      else out.push({ kind: 'fields', defs: [item] });
    }
  }
  return out;
}

/**
 * A form described by field definitions (SPEC.md section 3) over a contracts schema: it cannot
 * save until it validates, reports removed uploads as `<name>_deleted`, and says how the save went.
 */
export function DynamicForm<S extends FormSchema>({ schema, fields, defaultValues, mode, onSubmit, submitLabel, id }: DynamicFormProps<S>) {
  const { t } = useTranslation();
  const [resolver] = useState(() => formResolver(schema, fields));
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver, defaultValues, mode: 'onTouched' });
  const control = form.control as unknown as Control<FieldValues>;
  const values = useWatch({ control }) as FieldValues;
  const items = fields as readonly FormItem<FieldValues>[];

  const submit = form.handleSubmit(async (output) => {
    const payload: FieldValues = { ...output };
    for (const item of items) {
      if (!isBlock(item) && (item.type === 'file' || item.type === 'files') && item.save !== false) {
        payload[`${item.name}${DELETED_SUFFIX}`] = deletedUploads(get(defaultValues, item.name), get(form.getValues(), item.name));
      }
    }
    try {
      await onSubmit(payload as SavedValues<S>);
      notify.success(t(mode === 'create' ? 'forms.created' : 'forms.updated'));
    } catch (error) {
      const onFields = Object.entries(fieldErrors(error));
      onFields.forEach(([name, message], index) => form.setError(name as Path<z.input<S>>, { type: 'server', message }, { shouldFocus: index === 0 }));
      notify.error(serverMessage(error) ?? t('forms.saveFailure'));
    }
  });

  return (
    <Box component="form" id={id} noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}>
      {chunks(items).map((chunk, index) =>
        chunk.kind === 'fields' ? (
          <FormRows key={chunk.defs[0]?.name ?? index} control={control} defs={chunk.defs} prefix="" values={values} />
        ) : isShown(chunk.def, values, items as never) ? (
          <InnerBlocks
            key={chunk.def.name}
            control={control}
            name={chunk.def.name}
            label={chunk.def.label}
            fields={chunk.def.fields as readonly FieldDef<FieldValues>[]}
            min={chunk.def.min ?? 0}
            maxCount={chunk.def.maxCount}
            newItem={chunk.def.newItem as FieldValues}
          />
        ) : undefined,
      )}
      <Box>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('forms.saving') : (submitLabel ?? t('forms.save'))}
        </Button>
      </Box>
    </Box>
  );
}
