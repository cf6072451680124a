import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type BillerEvent, type BillerEventQuery, billerEventStatuses, billerNames, billers, validationMessages } from '@portal/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DatePickerInput } from '../../../components/forms/date-picker-input.tsx';
import { SelectInput } from '../../../components/forms/select-input.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { mutateAndNotify } from '../../../lib/mutate-and-notify.ts';
import { useSites } from '../../../lib/queries/get-sites.ts';
import { useUrlParams } from '../../../lib/use-url-params.ts';
import { useBillerEvents, useReplayBillerEvent } from '../api/biller-events.ts';
import { conversionLogLink, statusColors } from '../lib/event-links.ts';
import { BillerEventDialog } from './biller-event-dialog.tsx';

const urlKeys = ['biller', 'site_id', 'status', 'from', 'to', 'page', 'per_page'] as const;
const day = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(list: readonly T[], v: string | undefined): T | undefined => (v && (list as readonly string[]).includes(v) ? (v as T) : undefined);
const positive = (v: string | undefined) => (v && /^[1-9]\d{0,8}$/.test(v) ? Number(v) : undefined);

/** A value with a smaller line under it, as one block (a phone's card puts each cell beside its label). */
const withNote = (main: ReactNode, note: ReactNode) => (
  <Box>
    {main}
    {note ? (
      <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
        {note}
      </Typography>
    ) : null}
  </Box>
);

/**
 * /biller-events (staff with offers or payouts): every post the billers sent, server-paged, with
 * filters in the address; each row opens the post as stored and can be replayed.
 */
export function BillerEventsPage() {
  const { t } = useTranslation();
  const [url, setUrl] = useUrlParams(urlKeys);
  const sites = useSites();
  const replay = useReplayBillerEvent();
  const [open, setOpen] = useState<BillerEvent>();
  const [replaying, setReplaying] = useState<BillerEvent>();
  const from = url.from && day.test(url.from) ? url.from : undefined;
  const to = url.to && day.test(url.to) ? url.to : undefined;
  const rangeValid = !from || !to || from <= to;
  const query: BillerEventQuery = {
    biller: oneOf(billers, url.biller),
    site_id: positive(url.site_id),
    status: oneOf(billerEventStatuses, url.status),
    from,
    to,
    page: positive(url.page) ?? 1,
    per_page: positive(url.per_page) ?? 25,
  };
  const events = useBillerEvents(query, rangeValid);
  const rows = events.data?.data ?? [];
  // A new filter goes back to page 1.
  const filter = (patch: Partial<Record<(typeof urlKeys)[number], string | undefined>>) => setUrl({ ...patch, page: undefined });
  const cell = { xs: 12, sm: 6, lg: 2.4 } as const;
  const rangeError = rangeValid ? undefined : validationMessages.invalid;

  const runReplay = async () => {
    if (!replaying) return;
    const done = await mutateAndNotify(() => replay.mutateAsync(replaying.id), () => t('billers.events.replayDone'));
    if (done) {
      setReplaying(undefined);
      setOpen(undefined);
    }
  };

  return (
    <Stack spacing={2.5} sx={{ minWidth: 0 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 } }}>
        <Grid container spacing={2}>
          <Grid size={cell}>
            <SelectInput
              id="biller-events-biller"
              label={t('billers.events.biller')}
              options={billers.map((b) => ({ value: b, label: billerNames[b] }))}
              value={query.biller ?? null}
              onChange={(v) => filter({ biller: v === null ? undefined : String(v) })}
            />
          </Grid>
          <Grid size={cell}>
            <SelectInput
              id="biller-events-site"
              label={t('billers.events.site')}
              options={(sites.data ?? []).map((s) => ({ value: s.id, label: s.display_name }))}
              value={query.site_id ?? null}
              onChange={(v) => filter({ site_id: v === null ? undefined : String(v) })}
            />
          </Grid>
          <Grid size={cell}>
            <SelectInput
              id="biller-events-status"
              label={t('billers.events.status')}
              options={billerEventStatuses.map((s) => ({ value: s, label: t(`billers.events.statuses.${s}`) }))}
              value={query.status ?? null}
              onChange={(v) => filter({ status: v === null ? undefined : String(v) })}
            />
          </Grid>
          <Grid size={cell}>
            <DatePickerInput label={t('billers.events.from')} value={from} clearable maxDate={to} onChange={(v) => filter({ from: v ?? undefined })} error={rangeError} />
          </Grid>
          <Grid size={cell}>
            <DatePickerInput label={t('billers.events.to')} value={to} clearable minDate={from} onChange={(v) => filter({ to: v ?? undefined })} error={rangeError} />
          </Grid>
        </Grid>
        <Stack direction="row" sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button onClick={() => setUrl(Object.fromEntries(urlKeys.map((k) => [k, undefined])))}>{t('billers.events.reset')}</Button>
        </Stack>
      </Paper>
      {events.isFetching ? <LinearProgress aria-label={t('billers.events.tableLabel')} /> : null}
      {events.isError ? (
        <Alert severity="error" action={<Button onClick={() => void events.refetch()}>{t('billers.events.retry')}</Button>}>
          {events.error.message || t('billers.events.loadError')}
        </Alert>
      ) : null}
      <ListTable
        label={t('billers.events.tableLabel')}
        columns={[
          t('billers.events.columns.time'),
          t('billers.events.columns.biller'),
          t('billers.events.columns.event'),
          t('billers.events.columns.transaction'),
          { label: t('billers.events.columns.amount'), align: 'right' },
          t('billers.events.columns.status'),
          t('billers.events.columns.conversion'),
          { label: t('billers.events.columns.actions'), align: 'right' },
        ]}
        count={rows.length}
        pending={events.isPending}
        empty={t('billers.events.empty')}
        compact
        paging={{
          total: events.data?.meta.total ?? 0,
          page: query.page as number,
          perPage: query.per_page as number,
          sizes: [10, 25, 50, 100],
          all: false,
          onChange: (page, perPage) => setUrl({ page: String(page), per_page: String(perPage) }),
        }}
      >
        {rows.map((e) => {
          const link = conversionLogLink(e);
          return (
            <TableRow key={e.id} hover data-testid={`biller-event-${e.id}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{withNote(formatDateTime(e.received_at), `#${e.id} · ${e.method}`)}</TableCell>
              <TableCell>{withNote(billerNames[e.biller], e.site?.name ?? t('billers.events.noSite'))}</TableCell>
              <TableCell>{withNote(e.biller_event ?? '—', e.event_type ? t(`billers.events.types.${e.event_type}`) : null)}</TableCell>
              <TableCell sx={{ maxWidth: 200, overflowWrap: 'anywhere' }}>
                {withNote(e.transaction_id ?? '—', e.subscription_id ? t('billers.events.subscription', { id: e.subscription_id }) : null)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {e.amount ? `${e.amount} ${e.currency ?? ''}` : '—'}
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: { xs: 'flex-end', sm: 'flex-start' }, gap: 0.5, maxWidth: 260 }}>
                  <Chip size="small" variant="outlined" color={statusColors[e.status]} label={t(`billers.events.statuses.${e.status}`)} />
                  {e.reason ? (
                    <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'normal' }}>
                      {e.reason}
                    </Typography>
                  ) : null}
                </Box>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {link
                  ? withNote(
                      <Link component={RouterLink} to={link}>
                        #{e.conversion_id}
                      </Link>,
                      // What the conversion is now (a sale refunded since reads reversed).
                      e.conversion_status ? t(`conversionLog.statuses.${e.conversion_status}`) : null,
                    )
                  : '—'}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Button size="small" onClick={() => setOpen(e)} aria-label={`${t('billers.events.details')}: #${e.id}`}>
                  {t('billers.events.details')}
                </Button>
                {/* Replay only where it can run: a post that was read, of an account that still exists, and not a test. */}
                {e.biller_account_id !== null && e.event_type !== null && e.status !== 'test' ? (
                  <Button size="small" color="warning" onClick={() => setReplaying(e)} aria-label={`${t('billers.events.replay')}: #${e.id}`}>
                    {t('billers.events.replay')}
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          );
        })}
      </ListTable>
      {open ? <BillerEventDialog event={open} onClose={() => setOpen(undefined)} onReplay={() => setReplaying(open)} /> : null}
      <ConfirmDialog
        open={Boolean(replaying)}
        titleId="biller-replay-title"
        title={t('billers.events.replayTitle', { id: replaying?.id ?? '' })}
        text={t('billers.events.replayText')}
        label={t('billers.events.replay')}
        cancelLabel={t('billers.cancel')}
        color="warning"
        pending={replay.isPending}
        onConfirm={() => void runReplay()}
        onClose={() => setReplaying(undefined)}
      />
    </Stack>
  );
}
