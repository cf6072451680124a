import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { Controller, type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormAlert } from '../../../components/forms/form-alert.tsx';
import { applyServerError } from '../../../components/forms/server-errors.ts';
import { ListSection } from '../../../components/list-section.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { alertError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.tsx';
import { type SettingsList, useDeleteSettingsRow, useSaveSettingsRow, useSettingsList } from '../api/settings-list.ts';

type T = TFunction;

/** A column: its label (a key under `moneySettings.<text>`, or `moneySettings`), what a row shows, its alignment. */
export type Column<Row> = [label: string, render: (row: Row, t: T) => ReactNode, align?: 'right'];

export interface Field {
  name: string;
  /** A key under `moneySettings.<text>`, or `moneySettings` (defaults to the field's name). */
  label?: string;
  kind?: 'text' | 'select' | 'switch';
  /** A select's values, with the key that names them (`moneySettings.methodTypes`). */
  options?: readonly [values: readonly string[], labels: string];
  required?: boolean;
  /** A key, looked up as `label` is. */
  helper?: string;
  inputMode?: 'text' | 'decimal' | 'numeric';
  /** The key of a row (a payment method's type, a split fee's affiliate) is chosen once. */
  fixedOnEdit?: boolean;
}

/** One money settings list described as data: every list has the same screen. */
export interface SettingsSectionSpec<Row, Values extends FieldValues> {
  id: string;
  /** The list's texts under `moneySettings.<text>`: title, description, add, and the labels. */
  text: string;
  list: SettingsList<Row>;
  columns: Column<Row>[];
  fields: Field[];
  schema: z.ZodType;
  empty: Values;
  /** The form's values of a row; by default each field of `empty` from the row, as text unless a switch. */
  toValues?: (row: Row) => Values;
  keyOf: (row: Row) => number;
  /** The key of a new row when it is created by PUT (a split fee's affiliate). */
  keyOfNew?: (values: Values) => number;
  rowName: (row: Row, t: T) => string;
}

export interface SettingsSectionProps<Row, Values extends FieldValues> {
  spec: SettingsSectionSpec<Row, Values>;
  /** Options known only at run time (the affiliates to pick from), by field name. */
  options?: Record<string, readonly { value: string; label: string }[]>;
}

/** A key of the list's own texts, or of the shared ones. */
const useText = (text: string) => {
  const { t } = useTranslation();
  return { t, tx: (key: string) => t([`moneySettings.${text}.${key}`, `moneySettings.${key}`]) };
};

const valuesOf = <Row, Values extends FieldValues>(spec: SettingsSectionSpec<Row, Values>, row: Row): Values =>
  spec.toValues?.(row) ??
  (Object.fromEntries(Object.entries(spec.empty).map(([k, v]) => [k, typeof v === 'boolean' ? (row as Record<string, unknown>)[k] : String((row as Record<string, unknown>)[k])])) as Values);

/** One section of Global Settings' money part: its rows, Add, Edit and Delete, each form checked by the contracts. */
export function SettingsSection<Row, Values extends FieldValues>(props: SettingsSectionProps<Row, Values>) {
  const { id, text, list, columns, keyOf } = props.spec;
  const { t, tx } = useText(text);
  const title = tx('title');
  const rowName = (row: Row) => props.spec.rowName(row, t);
  const rows = useSettingsList(list);
  const remove = useDeleteSettingsRow(list);
  const [editing, setEditing] = useState<{ row: Row | undefined }>();
  const [deleting, setDeleting] = useState<Row>();

  const data = rows.data ?? [];
  return (
    <ListSection id={id} title={title} description={tx('description')} add={{ label: tx('add'), onClick: () => setEditing({ row: undefined }) }} error={rows.error}>
      <ListTable label={title} columns={[...columns.map(([label]) => tx(label)), t('moneySettings.actions')]} count={data.length} pending={rows.isPending} empty={t('moneySettings.empty')}>
        {data.map((row) => (
          <TableRow key={keyOf(row)}>
            {columns.map(([label, render, align]) => (
              // Figures stay on one line; text (names, an IBAN in its groups of four) wraps at its spaces.
              <TableCell key={label} align={align} sx={align === 'right' ? { whiteSpace: 'nowrap' } : undefined}>
                {render(row, t)}
              </TableCell>
            ))}
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <Button size="small" onClick={() => setEditing({ row })} aria-label={`${t('moneySettings.edit')} ${rowName(row)}`}>
                {t('moneySettings.edit')}
              </Button>
              <Button size="small" color="error" onClick={() => setDeleting(row)} aria-label={`${t('moneySettings.delete')} ${rowName(row)}`}>
                {t('moneySettings.delete')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
      {editing ? <RowDialog {...props} title={title} row={editing.row} onClose={() => setEditing(undefined)} /> : null}
      {deleting ? (
        <Dialog open onClose={() => setDeleting(undefined)} aria-labelledby={`${id}-delete-title`}>
          <DialogTitle id={`${id}-delete-title`}>{t('moneySettings.deleteTitle', { name: rowName(deleting) })}</DialogTitle>
          <DialogContent>
            <Typography color="text.secondary">{t('moneySettings.deleteText')}</Typography>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setDeleting(undefined)}>{t('moneySettings.cancel')}</Button>
            <Button
              variant="contained"
              color="error"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(keyOf(deleting), {
                  onSuccess: () => {
                    notify.success(t('moneySettings.deleted'));
                    setDeleting(undefined);
                  },
                  onError: (error) => {
                    alertError(error);
                    setDeleting(undefined);
                  },
                })
              }
            >
              {t('moneySettings.delete')}
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </ListSection>
  );
}

function RowDialog<Row, Values extends FieldValues>({ spec, options, row, onClose }: SettingsSectionProps<Row, Values> & { title: string; row: Row | undefined; onClose: () => void }) {
  const { id, text, list, fields, schema, empty, keyOf, keyOfNew } = spec;
  const { t, tx } = useText(text);
  const save = useSaveSettingsRow(list);
  const [formError, setFormError] = useState<string>();
  const form = useForm<Values>({ resolver: zodResolver(schema as never) as unknown as Resolver<Values>, defaultValues: (row ? valuesOf(spec, row) : empty) as never });
  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await save.mutateAsync({ key: row ? keyOf(row) : keyOfNew?.(values), body: values });
      notify.success(t(row ? 'moneySettings.updated' : 'moneySettings.created'));
      onClose();
    } catch (error) {
      setFormError(applyServerError(error, form.setError, fields.map((f) => f.name as Path<Values>)));
    }
  });
  return (
    <FormDialog id={`${id}-form`} title={tx(row ? 'editTitle' : 'add')} onClose={onClose} onSubmit={() => void submit()} saving={save.isPending}>
      <FormAlert message={formError} />
      {fields.map((f) => (
        <Controller
          key={f.name}
          control={form.control}
          name={f.name as Path<Values>}
          render={({ field, fieldState }) =>
            f.kind === 'switch' ? (
              <FormControlLabel control={<Switch checked={Boolean(field.value)} onChange={(_, v) => field.onChange(v)} />} label={tx(f.label ?? f.name)} />
            ) : (
              <TextField
                {...field}
                value={field.value ?? ''}
                select={f.kind === 'select'}
                label={tx(f.label ?? f.name)}
                required={f.required}
                disabled={Boolean(row) && f.fixedOnEdit}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? (f.helper ? tx(f.helper) : undefined)}
                slotProps={{ htmlInput: { inputMode: f.inputMode ?? 'text' } }}
              >
                {(options?.[f.name] ?? (f.options ? f.options[0].map((value) => ({ value, label: t(`${f.options![1]}.${value}`) })) : [])).map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
            )
          }
        />
      ))}
    </FormDialog>
  );
}
