import { zodResolver } from '@hookform/resolvers/zod';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Cap, capInputSchema, capMessages, capMetrics, capModes, capPeriods, type Offer } from '@portal/contracts';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormSelect, FormText } from '../../../components/forms/controlled.tsx';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { applyServerError } from '../../../components/forms/server-errors.ts';
import { formatDateTime, formatMoney, formatPercent } from '../../../lib/format.ts';
import { mutateAndNotify } from '../../../lib/mutate-and-notify.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useAffiliateOptions } from '../../../lib/queries/get-affiliate-options.ts';
import { useAddCap, useDeleteCap, useOfferCaps } from '../api/caps.ts';

const fields = ['metric', 'period', 'limit', 'mode', 'alert_percent', 'affiliate_id'] as const;

/** "5 / 10 conversions", "$20.00 / $25.00". */
function usage(cap: Cap, t: TFunction): string {
  if (cap.metric === 'payout') return `${formatMoney(cap.used)} / ${formatMoney(cap.limit)}`;
  return t(`offers.caps.usage.${cap.metric}`, { used: cap.used, limit: cap.limit });
}

function AddCapDialog({ offer, canPickAffiliate, onClose }: { offer: Offer; canPickAffiliate: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddCap(offer.id);
  const affiliates = useAffiliateOptions(canPickAffiliate);
  const { control, handleSubmit, setError } = useForm<z.input<typeof capInputSchema>, unknown, z.output<typeof capInputSchema>>({
    resolver: zodResolver(capInputSchema),
    defaultValues: { metric: 'conversions', period: 'day', limit: '', mode: 'hard', alert_percent: '90', affiliate_id: null },
  });
  const metric = useWatch({ control, name: 'metric' });
  const submit = handleSubmit(async (input) => {
    try {
      const reply = await add.mutateAsync(input);
      notify.success(reply.message ?? capMessages.created);
      onClose();
    } catch (error) {
      applyServerError(error, setError, fields);
      alertSaveFailure(error, t('forms.saveFailure'));
    }
  });
  return (
    <FormDialog id="cap-form" title={t('offers.caps.add')} onClose={onClose} onSubmit={() => void submit()} saving={add.isPending}>
      <FormSelect control={control} name="metric" id="cap-metric" label={t('offers.caps.metric')} required clearable={false} options={capMetrics.map((m) => ({ value: m, label: t(`offers.caps.metricOptions.${m}`) }))} helperText={t('offers.caps.metricHint')} />
      <FormSelect control={control} name="period" id="cap-period" label={t('offers.caps.period')} required clearable={false} options={capPeriods.map((p) => ({ value: p, label: t(`offers.caps.periods.${p}`) }))} helperText={t('offers.caps.periodHint')} />
      <FormText
        control={control}
        name="limit"
        id="cap-limit"
        label={t('offers.caps.limit')}
        required
        slotProps={{ htmlInput: { inputMode: metric === 'payout' ? 'decimal' : 'numeric' }, input: metric === 'payout' ? { startAdornment: <InputAdornment position="start">$</InputAdornment> } : {} }}
      />
      <FormSelect control={control} name="mode" id="cap-mode" label={t('offers.caps.mode')} clearable={false} options={capModes.map((m) => ({ value: m, label: t(`offers.caps.modes.${m}`) }))} helperText={t('offers.caps.modeHint')} />
      <FormText control={control} name="alert_percent" id="cap-alert" label={t('offers.caps.alert')} helperText={t('offers.caps.alertHint')} slotProps={{ htmlInput: { inputMode: 'numeric' }, input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }} />
      {canPickAffiliate ? (
        <FormSelect
          control={control}
          name="affiliate_id"
          id="cap-affiliate"
          label={t('offers.caps.affiliate')}
          helperText={t('offers.caps.affiliateHint')}
          options={(affiliates.data ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.email})` }))}
        />
      ) : null}
    </FormDialog>
  );
}

/** The offer's caps (staff): what each has taken this period and when it reopens, add and delete. */
export function OfferCaps({ offer, canPickAffiliate }: { offer: Offer; canPickAffiliate: boolean }) {
  const { t } = useTranslation();
  const caps = useOfferCaps(offer.id);
  const remove = useDeleteCap(offer.id);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Cap>();
  const describe = (c: Cap) => t('offers.caps.describe', { period: t(`offers.caps.periods.${c.period}`), metric: t(`offers.caps.metrics.${c.metric}`) });
  return (
    <Paper variant="outlined" component="section" aria-label={t('offers.caps.title')} sx={{ p: { xs: 2, md: 2.5 } }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2">
          {t('offers.caps.title')}
        </Typography>
        <Button startIcon={<Add />} onClick={() => setAdding(true)}>
          {t('offers.caps.add')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('offers.caps.intro')}
      </Typography>
      {caps.isError ? <Alert severity="error">{caps.error.message}</Alert> : null}
      {caps.isPending ? <Skeleton variant="rounded" height={64} /> : null}
      {caps.data?.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('offers.caps.none')}
        </Typography>
      ) : null}
      <Stack spacing={1.5} component="ul" aria-label={t('offers.caps.title')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {(caps.data ?? []).map((c) => {
          const full = c.full;
          return (
            <Paper key={c.id} component="li" variant="outlined" aria-label={describe(c)} sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'flex-start', minWidth: 0 }}>
              <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
                <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                  <Typography sx={{ fontWeight: 600 }}>{describe(c)}</Typography>
                  <Chip size="small" variant="outlined" label={t(`offers.caps.modes.${c.mode}`)} />
                  {full ? <Chip size="small" color="warning" label={t('offers.caps.full')} /> : null}
                </Stack>
                <Typography variant="body2">{usage(c, t)}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {[
                    c.affiliate ? t('offers.caps.forAffiliate', { name: c.affiliate.name }) : t('offers.caps.forAll'),
                    t('offers.caps.alertAt', { percent: formatPercent(c.alert_percent) }),
                    c.resets_at ? t('offers.caps.resets', { at: formatDateTime(c.resets_at) }) : t('offers.caps.neverResets'),
                  ].join(' · ')}
                </Typography>
              </Stack>
              <IconButton aria-label={t('offers.caps.delete', { cap: describe(c) })} onClick={() => setDeleting(c)}>
                <DeleteOutline />
              </IconButton>
            </Paper>
          );
        })}
      </Stack>
      {adding ? <AddCapDialog offer={offer} canPickAffiliate={canPickAffiliate} onClose={() => setAdding(false)} /> : null}
      <ConfirmDialog
        open={Boolean(deleting)}
        titleId="delete-cap-title"
        title={t('offers.caps.deleteTitle', { cap: deleting ? describe(deleting) : '' })}
        text={t('offers.caps.deleteText')}
        label={t('offers.delete')}
        cancelLabel={t('offers.cancel')}
        color="error"
        pending={remove.isPending}
        onConfirm={() => {
          if (deleting) void mutateAndNotify(() => remove.mutateAsync(deleting.id), (r) => r.message).then((ok) => ok && setDeleting(undefined));
        }}
        onClose={() => setDeleting(undefined)}
      />
    </Paper>
  );
}
