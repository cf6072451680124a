import { zodResolver } from '@hookform/resolvers/zod';
import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { attachConversionRequestSchema, canAttachConversion, canReverseConversion, type ConversionLogRow, reverseConversionRequestSchema } from '@portal/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormAlert } from '../../../components/forms/form-alert.tsx';
import { applyServerError } from '../../../components/forms/server-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useConversionAction } from '../api/conversion-actions.ts';

type Dialog = 'reverse' | 'attach';

/** Staff's menu on a row: Reverse (accepted signups, sales, rebills), Attach to a click (orphaned ones); nothing when neither applies. */
export function ConversionRowMenu({ row }: { row: ConversionLogRow }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<Dialog>();
  const reversible = canReverseConversion(row);
  const attachable = canAttachConversion(row);
  if (!reversible && !attachable) return null;
  const open = (d: Dialog) => () => {
    setAnchor(null);
    setDialog(d);
  };
  return (
    <>
      <IconButton aria-label={t('conversionLog.actionsFor', { id: row.id })} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVert />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {reversible ? <MenuItem onClick={open('reverse')}>{t('conversionLog.reverse.open')}</MenuItem> : null}
        {attachable ? <MenuItem onClick={open('attach')}>{t('conversionLog.attach.open')}</MenuItem> : null}
      </Menu>
      {dialog === 'reverse' ? <ReverseDialog row={row} onClose={() => setDialog(undefined)} /> : null}
      {dialog === 'attach' ? <AttachDialog row={row} onClose={() => setDialog(undefined)} /> : null}
    </>
  );
}

type ReverseValues = z.input<typeof reverseConversionRequestSchema>;

/** A reason (required; the affiliate sees it), then a confirmation, then `POST /v1/conversion-log/{id}/reverse`. */
function ReverseDialog({ row, onClose }: { row: ConversionLogRow; onClose: () => void }) {
  const { t } = useTranslation();
  const action = useConversionAction();
  const [formError, setFormError] = useState<string>();
  const [confirming, setConfirming] = useState<string>();
  const form = useForm<ReverseValues>({ resolver: zodResolver(reverseConversionRequestSchema), defaultValues: { reason: '' } });
  const { errors } = form.formState;
  const ask = form.handleSubmit((values) => setConfirming(values.reason.trim()));
  const run = async (reason: string) => {
    setFormError(undefined);
    try {
      await action.mutateAsync({ kind: 'reverse', id: row.id, reason });
      notify.success(t('conversionLog.reverse.done'));
      onClose();
    } catch (error) {
      setConfirming(undefined);
      setFormError(applyServerError(error, form.setError, ['reason']));
    }
  };
  return (
    <>
      <FormDialog id="conversion-reverse" title={t('conversionLog.reverse.title', { id: row.id })} onClose={onClose} onSubmit={() => void ask()} saving={action.isPending} submitLabel={t('conversionLog.reverse.submit')} danger>
        <Typography color="text.secondary">{t('conversionLog.reverse.text', { earning: formatMoney(row.earning) })}</Typography>
        <FormAlert message={formError} />
        <TextField {...form.register('reason')} label={t('conversionLog.reverse.reason')} required autoFocus multiline minRows={2} error={Boolean(errors.reason)} helperText={errors.reason?.message} slotProps={{ htmlInput: { maxLength: 255 } }} />
      </FormDialog>
      <ConfirmDialog
        open={confirming !== undefined}
        titleId="conversion-reverse-confirm"
        title={t('conversionLog.reverse.confirmTitle')}
        text={t('conversionLog.reverse.confirmText', { id: row.id, transaction: row.transaction_id })}
        label={t('conversionLog.reverse.submit')}
        cancelLabel={t('conversionLog.cancel')}
        color="error"
        pending={action.isPending}
        onConfirm={() => void run(confirming ?? '')}
        onClose={() => setConfirming(undefined)}
      />
    </>
  );
}

type AttachValues = z.input<typeof attachConversionRequestSchema>;

/** A click id, then `POST /v1/conversion-log/{id}/attach`: the conversion is paid to that click's affiliate. */
function AttachDialog({ row, onClose }: { row: ConversionLogRow; onClose: () => void }) {
  const { t } = useTranslation();
  const action = useConversionAction();
  const [formError, setFormError] = useState<string>();
  const form = useForm<AttachValues>({ resolver: zodResolver(attachConversionRequestSchema), defaultValues: { cid: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await action.mutateAsync({ kind: 'attach', id: row.id, cid: values.cid.trim() });
      notify.success(t('conversionLog.attach.done'));
      onClose();
    } catch (error) {
      setFormError(applyServerError(error, form.setError, ['cid']));
    }
  });
  return (
    <FormDialog id="conversion-attach" title={t('conversionLog.attach.title', { id: row.id })} onClose={onClose} onSubmit={() => void submit()} saving={action.isPending} submitLabel={t('conversionLog.attach.submit')}>
      <Typography color="text.secondary">{t('conversionLog.attach.text')}</Typography>
      <FormAlert message={formError} />
      <TextField {...form.register('cid')} label={t('conversionLog.attach.cid')} required autoFocus error={Boolean(errors.cid)} helperText={errors.cid?.message} slotProps={{ htmlInput: { maxLength: 64, spellCheck: false } }} />
    </FormDialog>
  );
}
