import { zodResolver } from '@hookform/resolvers/zod';
import MoreVert from '@mui/icons-material/MoreVert';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  attachConversionRequestSchema,
  canAttachConversion,
  canReverseConversion,
  type ClickSearchQuery,
  type ConversionLogRow,
  type FoundClick,
  reverseConversionRequestSchema,
} from '@portal/contracts';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormAlert } from '../../../components/forms/form-alert.tsx';
import { applyServerError } from '../../../components/forms/server-errors.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useAffiliateOptions } from '../../../lib/queries/get-affiliate-options.ts';
import { useAttachPreview, useClickSearch, useConversionAction } from '../api/conversion-actions.ts';

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
const windows = [1, 7, 30, 90] as const;
const subKeys = ['sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const;

/**
 * Attach an orphaned conversion: find its click (by sub id, affiliate and the days before the
 * conversion) or type its id, then a confirmation naming the affiliate and what they will earn
 * (`POST /v1/conversion-log/{id}/attach` with `preview`), then the attach itself, which pays.
 */
function AttachDialog({ row, onClose }: { row: ConversionLogRow; onClose: () => void }) {
  const { t } = useTranslation();
  const action = useConversionAction();
  const preview = useAttachPreview();
  const [formError, setFormError] = useState<string>();
  const [search, setSearch] = useState({ subKey: 'sub1' as (typeof subKeys)[number], sub: '', affiliate_id: '', days: 7 as number });
  const [asked, setAsked] = useState<ClickSearchQuery>();
  const found = useClickSearch(asked);
  const [confirming, setConfirming] = useState<{ cid: string; earning: number | null; click?: FoundClick }>();
  const form = useForm<AttachValues>({ resolver: zodResolver(attachConversionRequestSchema), defaultValues: { cid: '' } });
  const { errors } = form.formState;
  const chosen = useWatch({ control: form.control, name: 'cid' });
  const runSearch = () => {
    const to = new Date(row.time);
    setAsked({
      from: new Date(to.getTime() - search.days * 86_400_000).toISOString(),
      to: to.toISOString(),
      ...(search.sub.trim() ? { [search.subKey]: search.sub.trim() } : {}),
      ...(search.affiliate_id ? { affiliate_id: search.affiliate_id } : {}),
    });
  };
  const review = form.handleSubmit(async (values) => {
    setFormError(undefined);
    const cid = values.cid.trim();
    try {
      const out = await preview.mutateAsync({ id: row.id, cid });
      setConfirming({ cid, earning: out.earning, click: (found.data ?? []).find((c) => c.cid === cid) });
    } catch (error) {
      setFormError(applyServerError(error, form.setError, ['cid']));
    }
  });
  const attach = async () => {
    if (!confirming) return;
    try {
      await action.mutateAsync({ kind: 'attach', id: row.id, cid: confirming.cid });
      notify.success(t('conversionLog.attach.done'));
      onClose();
    } catch (error) {
      setConfirming(undefined);
      setFormError(applyServerError(error, form.setError, ['cid']));
    }
  };
  if (confirming) {
    const who = confirming.click?.affiliate.name ?? t('conversionLog.attach.theAffiliate');
    return (
      <ConfirmDialog
        open
        titleId="conversion-attach-confirm"
        title={t('conversionLog.attach.confirmTitle', { id: row.id, name: who })}
        text={[
          confirming.click
            ? t('conversionLog.attach.confirmClick', { name: who, time: formatDateTime(confirming.click.time), offer: confirming.click.offer.name })
            : t('conversionLog.attach.confirmCid', { cid: confirming.cid }),
          t(confirming.earning !== null && confirming.earning < 0 ? 'conversionLog.attach.confirmTakes' : 'conversionLog.attach.confirmEarns', { name: who, amount: formatMoney(Math.abs(confirming.earning ?? 0)) }),
        ].join(' ')}
        label={t('conversionLog.attach.confirm')}
        cancelLabel={t('conversionLog.attach.back')}
        color="primary"
        pending={action.isPending}
        onConfirm={() => void attach()}
        onClose={() => setConfirming(undefined)}
      />
    );
  }
  return (
    <FormDialog id="conversion-attach" title={t('conversionLog.attach.title', { id: row.id })} onClose={onClose} onSubmit={() => void review()} saving={preview.isPending} submitLabel={t('conversionLog.attach.submit')}>
      <Typography color="text.secondary">{t('conversionLog.attach.text', { time: formatDateTime(row.time) })}</Typography>
      <FormAlert message={formError} />
      <Stack component="fieldset" spacing={1.5} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-label={t('conversionLog.attach.find')}>
        <Typography variant="subtitle2" component="legend">
          {t('conversionLog.attach.find')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
          <TextField select size="small" label={t('conversionLog.attach.subKey')} value={search.subKey} onChange={(e) => setSearch((s) => ({ ...s, subKey: e.target.value as (typeof subKeys)[number] }))} sx={{ minWidth: 110 }}>
            {subKeys.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`conversionLog.attach.subs.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField size="small" label={t('conversionLog.attach.sub')} value={search.sub} onChange={(e) => setSearch((s) => ({ ...s, sub: e.target.value }))} sx={{ flex: 1 }} />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
          <AffiliatePicker value={search.affiliate_id} onChange={(v) => setSearch((s) => ({ ...s, affiliate_id: v }))} />
          <TextField select size="small" label={t('conversionLog.attach.window')} value={search.days} onChange={(e) => setSearch((s) => ({ ...s, days: Number(e.target.value) }))} sx={{ minWidth: 200 }}>
            {windows.map((d) => (
              <MenuItem key={d} value={d}>
                {t('conversionLog.attach.windowDays', { count: d })}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <div>
          <Button variant="outlined" onClick={runSearch} loading={found.isFetching}>
            {t('conversionLog.attach.search')}
          </Button>
        </div>
        {found.isError ? <Alert severity="error">{found.error.message}</Alert> : null}
        {found.data ? (
          found.data.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('conversionLog.attach.noClicks')}
            </Typography>
          ) : (
            <RadioGroup value={chosen} onChange={(_, v) => form.setValue('cid', v, { shouldValidate: true })} aria-label={t('conversionLog.attach.clicks')} sx={{ gap: 0.5 }}>
              {found.data.map((c) => {
                const otherSite = c.site.id !== row.site.id;
                return (
                  <FormControlLabel
                    key={c.cid}
                    value={c.cid}
                    disabled={otherSite}
                    control={<Radio size="small" />}
                    sx={{ alignItems: 'flex-start', m: 0, '& .MuiRadio-root': { pt: 0.25 } }}
                    label={
                      <Box sx={{ minWidth: 0 }}>
                        <Typography variant="body2">
                          {formatDateTime(c.time)} · {c.affiliate.name}
                        </Typography>
                        <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
                          {[c.offer.name, ...subKeys.flatMap((k) => (c[k] ? [`${t(`conversionLog.attach.subs.${k}`)} ${c[k]}`] : [])), c.country ?? '', otherSite ? t('conversionLog.attach.otherSite', { site: c.site.name }) : '']
                            .filter(Boolean)
                            .join(' · ')}
                        </Typography>
                      </Box>
                    }
                  />
                );
              })}
            </RadioGroup>
          )
        ) : null}
      </Stack>
      <TextField {...form.register('cid')} label={t('conversionLog.attach.cid')} required error={Boolean(errors.cid)} helperText={errors.cid?.message ?? t('conversionLog.attach.cidHint')} slotProps={{ htmlInput: { maxLength: 64, spellCheck: false } }} />
    </FormDialog>
  );
}

/** The affiliate filter, for staff who may list affiliates; a plain id field is not offered. */
function AffiliatePicker({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const affiliates = useAffiliateOptions(true);
  if (affiliates.isError) return null;
  return (
    <TextField select size="small" label={t('conversionLog.attach.affiliate')} value={value} onChange={(e) => onChange(e.target.value)} sx={{ flex: 1, minWidth: 0 }}>
      <MenuItem value="">{t('conversionLog.attach.anyAffiliate')}</MenuItem>
      {(affiliates.data ?? []).map((a) => (
        <MenuItem key={a.id} value={String(a.id)}>
          {a.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
