import { type PaymentMethodType, type PaymentRun, paymentMethodTypes } from '@portal/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { alertError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/notifications.tsx';
import {
  type RunAction,
  useCreatePaymentRun,
  useDownloadRunFile,
  useDropRunItem,
  usePaymentRun,
  usePaymentRunAction,
  usePaymentRuns,
  useUploadStatusFile,
} from '../api/payment-runs.ts';

const amount = (n: number, currency = 'USD') => `${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
const statusColor = { draft: 'info', approved: 'warning', sent: 'success', cancelled: 'default' } as const;
const itemColor = { in_run: 'default', sent: 'info', accepted: 'success', returned: 'error' } as const;

/** Staff Payouts > Payment runs: the runs, a new run of one method, a bank's answer uploaded, and each run's detail. */
export function PaymentRunsPanel() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(20);
  const [method, setMethod] = useState<PaymentMethodType>('wire');
  const [openId, setOpenId] = useState<number>();
  const list = usePaymentRuns(page, perPage);
  const create = useCreatePaymentRun();
  const upload = useUploadStatusFile();
  const fileInput = useRef<HTMLInputElement>(null);
  const [answer, setAnswer] = useState<string>();

  const onCreate = () =>
    create.mutate(method, {
      onSuccess: (reply) => {
        notify.success(t('paymentRuns.created', { id: reply.data.id, count: reply.data.totals.count }));
        setOpenId(reply.data.id);
      },
      onError: alertError,
    });
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (result) => {
        const changed = result.matched.filter((m) => m.changed).length;
        const lines = [
          result.repeated ? t('paymentRuns.repeated') : t('paymentRuns.uploaded', { matched: result.matched.length, changed, unmatched: result.unmatched.length }),
          ...result.matched.map((m) => `${m.reference}: ${t(`paymentRuns.itemStatus.${m.status}`)}${m.reason ? ` (${m.reason})` : ''}${m.correction ? ` (${m.correction})` : ''}`),
          ...(result.unmatched.length ? [t('paymentRuns.unmatched', { list: result.unmatched.map((u) => u.reference || u.reason).join(', ') })] : []),
        ];
        setAnswer(lines.join('\n'));
      },
      onError: alertError,
    });
  };

  const rows = list.data?.data ?? [];
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap', rowGap: 1 }}>
        <TextField select size="small" label={t('paymentRuns.method')} value={method} onChange={(e) => setMethod(e.target.value as PaymentMethodType)} sx={{ minWidth: 220 }}>
          {paymentMethodTypes.map((m) => (
            <MenuItem key={m} value={m}>
              {t(`paymentRuns.methods.${m}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" onClick={onCreate} loading={create.isPending}>
          {t('paymentRuns.create')}
        </Button>
        <Button variant="outlined" onClick={() => fileInput.current?.click()} loading={upload.isPending}>
          {t('paymentRuns.upload')}
        </Button>
        <input ref={fileInput} type="file" hidden data-testid="status-file-input" accept=".xml,.txt,.csv,.ach,.ret,application/xml,text/plain,text/csv" onChange={onFile} />
      </Stack>
      {answer ? (
        <Alert severity="info" onClose={() => setAnswer(undefined)} sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="status-file-result">
          {answer}
        </Alert>
      ) : null}
      <ListTable
        label={t('paymentRuns.table')}
        columns={[t('paymentRuns.columns.id'), t('paymentRuns.columns.method'), t('paymentRuns.columns.status'), { label: t('paymentRuns.columns.count'), align: 'right' }, { label: t('paymentRuns.columns.amount'), align: 'right' }, { label: t('paymentRuns.columns.sent'), align: 'right' }, t('paymentRuns.columns.created'), t('paymentRuns.columns.actions')]}
        count={rows.length}
        pending={list.isPending}
        empty={t('paymentRuns.empty')}
        paging={{ total: list.data?.meta.total ?? 0, page, perPage, all: false, onChange: (p: number, pp: number) => { setPage(p); setPerPage(pp || 20); } }}
      >
        {rows.map((r) => (
          <TableRow key={r.id}>
            <TableCell>#{r.id}</TableCell>
            <TableCell>{t(`paymentRuns.methods.${r.method}`)}</TableCell>
            <TableCell>
              <Chip size="small" color={statusColor[r.status]} label={t(`paymentRuns.status.${r.status}`)} />
            </TableCell>
            <TableCell align="right">{r.totals.count}</TableCell>
            <TableCell align="right">{amount(r.totals.amount)}</TableCell>
            <TableCell align="right">{amount(r.totals.amount_sent, r.currency)}</TableCell>
            <TableCell>{formatDate(r.created_at)}</TableCell>
            <TableCell>
              <Button size="small" onClick={() => setOpenId(r.id)} aria-label={`${t('paymentRuns.open')} #${r.id}`}>
                {t('paymentRuns.open')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
      {openId !== undefined ? <RunDetail id={openId} onClose={() => setOpenId(undefined)} /> : null}
    </Stack>
  );
}

/** One run: who made and approved it, its checks, items, totals, control sums and what the bank answered; its actions ask first. */
function RunDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const run = usePaymentRun(id);
  const act = usePaymentRunAction();
  const drop = useDropRunItem();
  const download = useDownloadRunFile();
  const [confirm, setConfirm] = useState<RunAction>();
  const r: PaymentRun | undefined = run.data;

  const doAction = (action: RunAction) =>
    act.mutate(
      { id, action },
      {
        onSuccess: () => {
          notify.success(t(`paymentRuns.done.${action}`));
          setConfirm(undefined);
        },
        onError: (error) => {
          setConfirm(undefined);
          alertError(error);
        },
      },
    );
  const names = new Map(r?.items.map((i) => [i.payout_id, i.payee]) ?? []);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="run-detail-title">
      <DialogTitle id="run-detail-title">
        {t('paymentRuns.detailTitle', { id })} {r ? <Chip size="small" color={statusColor[r.status]} label={t(`paymentRuns.status.${r.status}`)} sx={{ ml: 1 }} /> : null}
      </DialogTitle>
      <DialogContent>
        {r ? (
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary">
              {t(`paymentRuns.methods.${r.method}`)} · {t('paymentRuns.createdBy', { name: r.created_by?.name ?? '', date: formatDate(r.created_at) })}
              {r.approved_by ? ` · ${t('paymentRuns.approvedBy', { name: r.approved_by.name, date: formatDate(r.approved_at) })}` : ''}
              {r.rate ? ` · ${t('paymentRuns.rate', { currency: r.currency, rate: r.rate })}` : ''}
            </Typography>
            {r.warnings.map((w) => (
              <Alert key={w} severity="warning">
                {w}
              </Alert>
            ))}
            {r.checks.length ? (
              <Alert severity="error" data-testid="run-checks">
                <Typography sx={{ fontWeight: 600 }}>{t('paymentRuns.checks')}</Typography>
                {r.checks.map((c, i) => (
                  <Stack key={`${c.payout_id}-${i}`} direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, overflowWrap: 'anywhere' }}>
                    <Typography variant="body2" sx={{ flex: 1 }}>
                      #{c.payout_id} {names.get(c.payout_id) ?? ''}: {c.problem}
                    </Typography>
                    {r.status === 'draft' ? (
                      <Button size="small" color="inherit" onClick={() => drop.mutate({ id, payoutId: c.payout_id }, { onSuccess: () => notify.success(t('paymentRuns.dropped')), onError: alertError })}>
                        {t('paymentRuns.drop')}
                      </Button>
                    ) : null}
                  </Stack>
                ))}
              </Alert>
            ) : r.status === 'draft' ? (
              <Alert severity="success">{t('paymentRuns.checksNone')}</Alert>
            ) : null}
            <Stack spacing={0.5} data-testid="run-totals">
              <Typography sx={{ fontWeight: 600 }}>{t('paymentRuns.totals', { count: r.totals.count, amount: amount(r.totals.amount, '').trim() })}</Typography>
              {r.reconciliation.control_sums.map((c) => (
                <Typography key={c.currency} variant="body2">
                  {t('paymentRuns.controlSum', { currency: c.currency, amount: amount(c.amount_sent, c.currency), count: c.count })}
                </Typography>
              ))}
              {r.status === 'sent' ? (
                <>
                  <Typography variant="body2">
                    {t('paymentRuns.reconciliation', {
                      accepted: `${r.reconciliation.accepted.count} (${amount(r.reconciliation.accepted.amount)})`,
                      returned: `${r.reconciliation.returned.count} (${amount(r.reconciliation.returned.amount)})`,
                      awaiting: `${r.reconciliation.awaiting.count} (${amount(r.reconciliation.awaiting.amount)})`,
                    })}
                  </Typography>
                  {r.reconciliation.difference !== 0 ? (
                    <Alert severity="error">{t('paymentRuns.difference', { amount: r.reconciliation.difference.toFixed(2) })}</Alert>
                  ) : (
                    <Typography variant="body2" color="success.main">
                      {t('paymentRuns.agree')}
                    </Typography>
                  )}
                </>
              ) : null}
            </Stack>
            <ListTable
              label={t('paymentRuns.items')}
              columns={[t('paymentRuns.itemColumns.payee'), { label: t('paymentRuns.itemColumns.amount'), align: 'right' }, { label: t('paymentRuns.itemColumns.gross'), align: 'right' }, { label: t('paymentRuns.itemColumns.sent'), align: 'right' }, t('paymentRuns.itemColumns.reference'), t('paymentRuns.itemColumns.status')]}
              actions={false}
              count={r.items.length}
              pending={false}
              empty="—"
              compact
            >
              {r.items.map((i) => (
                <TableRow key={i.payout_id}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {i.payee} <Typography component="span" variant="caption" color="text.secondary">#{i.payout_id}</Typography>
                  </TableCell>
                  <TableCell align="right">{amount(i.amount)}</TableCell>
                  <TableCell align="right">{amount(i.gross)}</TableCell>
                  <TableCell align="right">{amount(i.amount_sent, i.currency)}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{i.reference}</TableCell>
                  <TableCell>
                    <Chip size="small" color={itemColor[i.status]} label={t(`paymentRuns.itemStatus.${i.status}`)} />
                    {i.reason ? (
                      <Typography variant="caption" color="error.main" sx={{ display: "block" }}>
                        {i.reason}
                      </Typography>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </ListTable>
          </Stack>
        ) : run.isError ? (
          <Alert severity="error">{run.error.message}</Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {r && r.status !== 'cancelled' ? (
          <Button onClick={() => download.mutate(id, { onError: alertError })} loading={download.isPending}>
            {t('paymentRuns.download')}
          </Button>
        ) : null}
        {r?.status === 'draft' || r?.status === 'approved' ? (
          <Button color="error" onClick={() => setConfirm('cancel')}>
            {t('paymentRuns.cancel')}
          </Button>
        ) : null}
        {r?.status === 'draft' ? (
          <Button variant="contained" onClick={() => setConfirm('approve')}>
            {t('paymentRuns.approve')}
          </Button>
        ) : null}
        {r?.status === 'approved' ? (
          <Button variant="contained" onClick={() => setConfirm('mark-sent')}>
            {t('paymentRuns.markSent')}
          </Button>
        ) : null}
        <Button onClick={onClose}>{t('paymentRuns.close')}</Button>
      </DialogActions>
      {confirm && r ? (
        <ConfirmDialog
          open
          titleId="run-confirm-title"
          title={t(`paymentRuns.confirm.${confirm}.title`, { id })}
          text={t(`paymentRuns.confirm.${confirm}.text`, { count: r.totals.count, amount: amount(r.totals.amount, '').trim() })}
          label={t(`paymentRuns.confirm.${confirm}.label`)}
          cancelLabel={t('paymentRuns.back')}
          color={confirm === 'cancel' ? 'error' : 'primary'}
          pending={act.isPending}
          onConfirm={() => doAction(confirm)}
          onClose={() => setConfirm(undefined)}
        />
      ) : null}
    </Dialog>
  );
}
