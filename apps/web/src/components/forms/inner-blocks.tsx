import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Control, type FieldValues, get, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from './field-types.ts';
import { FormRows } from './form-rows.tsx';

export interface BlockProps {
  control: Control<FieldValues>;
  name: string;
  label: string;
  fields: readonly FieldDef<FieldValues>[];
  min: number;
  maxCount: number;
  newItem: FieldValues;
  itemLabel?: string;
  titleField?: string;
}

/** Inner blocks: repeatable field groups; "Add a Range" stops at maxCount, remove stops at min. */
export function InnerBlocks({ control, name, label, fields: defs, min, maxCount, newItem, itemLabel, titleField }: BlockProps) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name });
  const items = useWatch({ control, name }) as FieldValues[] | undefined;
  const { errors } = useFormState({ control, name });
  const listError = (get(errors, name) as { message?: string; root?: { message?: string } } | undefined);
  const message = listError?.message ?? listError?.root?.message;
  const title = t(label);
  const noun = itemLabel ? t(itemLabel) : title;
  // A block is named by its own content where it has a title field, else by its kind and place.
  const blockTitle = (index: number) => {
    const own = titleField ? items?.[index]?.[titleField] : undefined;
    return typeof own === 'string' && own.trim() ? own.trim() : t('forms.blockTitle', { label: noun, number: index + 1 });
  };

  return (
    <Stack spacing={1.5} role="group" aria-label={title}>
      {fields.map((item, index) => (
        <Paper key={item.id} variant="outlined" sx={{ p: 2 }} data-testid="inner-block">
          <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5, gap: 1 }}>
            <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
              {blockTitle(index)}
            </Typography>
            {fields.length > min ? (
              <Button size="small" color="inherit" startIcon={<DeleteOutline />} onClick={() => remove(index)} aria-label={`${t('forms.removeBlock')} ${blockTitle(index)}`}>
                {t('forms.removeBlock')}
              </Button>
            ) : undefined}
          </Box>
          <FormRows control={control} defs={defs} prefix={`${name}.${index}.`} values={items?.[index] ?? {}} />
        </Paper>
      ))}
      {message ? <FormHelperText error>{message}</FormHelperText> : undefined}
      <Box>
        <Button variant="outlined" startIcon={<Add />} disabled={fields.length >= maxCount} onClick={() => append(structuredClone(newItem))}>
          {t('forms.addRange')}
        </Button>
      </Box>
    </Stack>
  );
}
