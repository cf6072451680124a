import { zodResolver } from '@hookform/resolvers/zod';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { Controller, type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormAlert } from '../../../components/forms/form-alert.tsx';
import { applyServerError } from '../../../components/forms/server-errors.ts';
import { ListTable } from '../../../components/list-table.tsx';
import { alertError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.tsx';
import { type SettingsList, useDeleteSettingsRow, useSaveSettingsRow, useSettingsList } from '../api/settings-list.ts';

export interface Column<Row> {
  label: string;
  render: (row: Row) => ReactNode;
  align?: 'right';
}

export interface Field {
  name: string;
  label: string;
  kind?: 'text' | 'select' | 'switch';
  options?: readonly { value: string; label: string }[];
  required?: boolean;
  helper?: string;
  inputMode?: 'text' | 'decimal' | 'numeric';
  /** The key of a row (a payment method's type, a split fee's affiliate) is chosen once. */
  fixedOnEdit?: boolean;
}

export interface SettingsSectionProps<Row, Values extends FieldValues> {
  id: string;
  title: string;
  description: string;
  list: SettingsList<Row>;
  columns: Column<Row>[];
  fields: Field[];
  schema: z.ZodType;
  empty: Values;
  toValues: (row: Row) => Values;
  keyOf: (row: Row) => number;
  /** The key of a new row when it is created by PUT (a split fee's affiliate). */
  keyOfNew?: (values: Values) => number;
  rowName: (row: Row) => string;
  addLabel: string;
}

/** One section of Global Settings' money part: its rows, Add, Edit and Delete, each form checked by the contracts. */
export function SettingsSection<Row, Values extends FieldValues>(props: SettingsSectionProps<Row, Values>) {
  const { t } = useTranslation();
  const { id, title, description, list, columns, keyOf, rowName, addLabel } = props;
  const rows = useSettingsList(list);
  const remove = useDeleteSettingsRow(list);
  const [editing, setEditing] = useState<{ row: Row | undefined }>();
  const [deleting, setDeleting] = useState<Row>();

  const data = rows.data ?? [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`${id}-heading`} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 2 }}>
        <div>
          <Typography id={`${id}-heading`} variant="h6" component="h2">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {description}
          </Typography>
        </div>
        <Button variant="outlined" startIcon={<Add />} onClick={() => setEditing({ row: undefined })} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0 }}>
          {addLabel}
        </Button>
      </Stack>
      {rows.isError ? <Alert severity="error">{rows.error.message}</Alert> : (
      <ListTable label={title} columns={[...columns.map((c) => c.label), t('moneySettings.actions')]} count={data.length} pending={rows.isPending} empty={t('moneySettings.empty')}>
        {data.map((row) => (
          <TableRow key={keyOf(row)}>
            {columns.map((c) => (
              <TableCell key={c.label} align={c.align} sx={{ whiteSpace: 'nowrap' }}>
                {c.render(row)}
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
      )}
      {editing ? <RowDialog {...props} row={editing.row} onClose={() => setEditing(undefined)} /> : null}
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
    </Paper>
  );
}

function RowDialog<Row, Values extends FieldValues>({ id, title, list, fields, schema, empty, toValues, keyOf, keyOfNew, row, onClose }: SettingsSectionProps<Row, Values> & { row: Row | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveSettingsRow(list);
  const [formError, setFormError] = useState<string>();
  const form = useForm<Values>({ resolver: zodResolver(schema as never) as unknown as Resolver<Values>, defaultValues: (row ? toValues(row) : empty) as never });
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
    <FormDialog id={`${id}-form`} title={`${title}: ${t(row ? 'moneySettings.edit' : 'moneySettings.add')}`} onClose={onClose} onSubmit={() => void submit()} saving={save.isPending}>
      <FormAlert message={formError} />
      {fields.map((f) => (
        <Controller
          key={f.name}
          control={form.control}
          name={f.name as Path<Values>}
          render={({ field, fieldState }) =>
            f.kind === 'switch' ? (
              <FormControlLabel control={<Switch checked={Boolean(field.value)} onChange={(_, v) => field.onChange(v)} />} label={f.label} />
            ) : (
              <TextField
                {...field}
                value={field.value ?? ''}
                select={f.kind === 'select'}
                label={f.label}
                required={f.required}
                disabled={Boolean(row) && f.fixedOnEdit}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? f.helper}
                slotProps={{ htmlInput: { inputMode: f.inputMode ?? 'text' } }}
              >
                {(f.options ?? []).map((o) => (
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
