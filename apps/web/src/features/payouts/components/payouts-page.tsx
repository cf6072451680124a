import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { alertError } from '../../../lib/api-client.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { usePaymentMethods } from '../../../lib/money-queries.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useApprovePayout } from '../api/approve-payout.ts';
import { useExportBankFile } from '../api/export-bank-file.ts';
import { type Payout, periodLabel } from '@portal/contracts';
import { usePayouts } from '../api/get-payouts.ts';
import { useMarkPayoutPaid } from '../api/mark-payout-paid.ts';
import { type PayoutFilters, readFilters, type Section, sectionNames, writeFilters } from '../lib/filters.ts';
import { BulkDialog } from './bulk-dialog.tsx';
import { ClosePeriodDialog } from './close-period-dialog.tsx';
import { ChangeBankDialog } from './change-bank-dialog.tsx';
import { MarkPaidDialog } from './mark-paid-dialog.tsx';
import { UnmarkPaidDialog } from './unmark-paid-dialog.tsx';
import { PayoutsFilters } from './payouts-filters.tsx';
import { type RowAction, PayoutsTable } from './payouts-table.tsx';
import { RejectDialog } from './reject-dialog.tsx';
import { StatementDialog } from './statement-dialog.tsx';
import { useBulkRun } from './use-bulk-run.ts';

type Open = { dialog: 'reject' | 'change-bank' | 'statement' | 'mark-paid' | 'unmark-paid'; row: Payout };

const cents = (amount: number) => Math.round(amount * 100);

/** Staff /payouts: the sections to approve, to pay and history, with filters, totals, bulk actions and the bank export. */
export function PayoutsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const list = usePayouts(filters);
  const approve = useApprovePayout();
  const markPaid = useMarkPayoutPaid();
  const exportFile = useExportBankFile();
  const methods = usePaymentMethods();
  const [selected, setSelected] = useState<Map<number, Payout>>(new Map());
  const [open, setOpen] = useState<Open>();
  // Approving moves money towards payment: asked first, with how many and how much.
  const [approving, setApproving] = useState<Payout[]>();
  const [busy, setBusy] = useState<Set<number>>(new Set());
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const [bulkPay, setBulkPay] = useState(false);
  const [closing, setClosing] = useState(false);
  const nextClose = list.data?.meta.next_close ?? null;

  const update = (patch: Partial<PayoutFilters>) => {
    // A new section or filter starts from page 1 with nothing selected.
    const next = { ...filters, page: 1, ...patch };
    if (patch.section !== undefined || Object.keys(patch).some((k) => k !== 'page' && k !== 'per_page' && k !== 'sort' && k !== 'order')) setSelected(new Map());
    setParams(writeFilters(next), { replace: true });
  };

  const select = (rows: Payout[], checked: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const r of rows) {
        if (checked) next.set(r.id, r);
        else next.delete(r.id);
      }
      return next;
    });

  // Rows done leave the selection; refused ones stay selected, with their reason in the dialog.
  const bulk = useBulkRun((results) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const r of results) if (r.ok) next.delete(r.id);
      return next;
    }),
  );

  const single = async (id: number, run: (id: number) => Promise<unknown>, done: string) => {
    setBusy((b) => new Set(b).add(id));
    try {
      await run(id);
      notify.success(done);
    } catch (error) {
      alertError(error);
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(id);
        return next;
      });
    }
  };

  const onAction = (action: RowAction, row: Payout) => {
    if (action === 'approve') setApproving([row]);
    else setOpen({ dialog: action, row });
  };

  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;
  const selectedRows = [...selected.values()];
  const selectedCents = selectedRows.reduce((s, r) => s + cents(r.amount), 0);

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Tabs value={filters.section} onChange={(_, section: Section) => update({ section })} aria-label={t('payouts.sectionsLabel')} variant="scrollable" allowScrollButtonsMobile>
        {sectionNames.map((s) => (
          <Tab key={s} value={s} label={t(`payouts.sections.${s}`)} />
        ))}
      </Tabs>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary" data-testid="next-close">
          {nextClose ? t('payouts.nextClose', { period: periodLabel(nextClose.period), date: formatDateTime(nextClose.date) }) : ''}
        </Typography>
        <Button variant="outlined" color="warning" onClick={() => setClosing(true)} sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
          {t('payouts.closePeriod.button')}
        </Button>
      </Stack>
      {closing ? <ClosePeriodDialog period={nextClose?.period ?? ''} onClose={() => setClosing(false)} /> : null}
      <PayoutsFilters filters={filters} onChange={update} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography role="status" data-testid="payouts-totals" sx={{ fontWeight: 600 }}>
          {selected.size > 0
            ? t('payouts.selected', { count: selected.size, amount: formatMoney(selectedCents / 100) })
            : list.isSuccess
              ? t('payouts.totals', { count: list.data.meta.totals.count, amount: formatMoney(list.data.meta.totals.amount) })
              : ''}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {filters.section === 'to_approve' ? (
            <Button variant="contained" disabled={selected.size === 0} onClick={() => setApproving(selectedRows)}>
              {t('payouts.approveSelected')}
            </Button>
          ) : null}
          {filters.section === 'to_pay' ? (
            <>
              <Button variant="contained" disabled={selected.size === 0} onClick={() => setBulkPay(true)}>
                {t('payouts.markPaidSelected')}
              </Button>
              <Button
                variant="outlined"
                loading={exportFile.isPending}
                aria-haspopup="menu"
                aria-expanded={Boolean(exportAnchor)}
                onClick={(e) => setExportAnchor(e.currentTarget)}
              >
                {t('payouts.exportBank')}
              </Button>
              <Menu anchorEl={exportAnchor} open={Boolean(exportAnchor)} onClose={() => setExportAnchor(null)}>
                {(methods.data ?? []).map((m) => (
                  <MenuItem
                    key={m.type}
                    onClick={() => {
                      setExportAnchor(null);
                      exportFile.mutate(m.type, { onError: alertError });
                    }}
                  >
                    {t('payouts.exportFor', { method: m.name })}
                  </MenuItem>
                ))}
              </Menu>
            </>
          ) : null}
        </Stack>
      </Stack>
      {list.isError ? (
        <Alert severity="error" action={<Button onClick={() => void list.refetch()}>{t('payouts.retry')}</Button>}>
          {list.error.message || t('payouts.loadError')}
        </Alert>
      ) : (
        <PayoutsTable
          filters={filters}
          rows={rows}
          total={total}
          pending={list.isPending}
          selected={new Set(selected.keys())}
          onSelect={select}
          onSort={(sort) => update({ sort, order: filters.sort === sort && filters.order === 'desc' ? 'asc' : 'desc', page: filters.page })}
          onPage={(page, per_page) => update({ page, per_page })}
          onAction={onAction}
          busy={busy}
        />
      )}
      {approving ? (
        <ConfirmDialog
          open
          titleId="payouts-approve-confirm"
          title={t('payouts.approveConfirm.title', { count: approving.length })}
          text={t('payouts.approveConfirm.text', { count: approving.length, amount: formatMoney(approving.reduce((s, r) => s + cents(r.amount), 0) / 100), name: approving[0]?.affiliate.name ?? '' })}
          label={t('payouts.approve')}
          cancelLabel={t('payouts.approveConfirm.cancel')}
          color="primary"
          pending={false}
          onConfirm={() => {
            const asked = approving;
            setApproving(undefined);
            if (asked.length === 1 && !selected.has(asked[0]!.id)) void single(asked[0]!.id, approve.mutateAsync, t('payouts.approved'));
            else bulk.start('approve', asked);
          }}
          onClose={() => setApproving(undefined)}
        />
      ) : null}
      {open?.dialog === 'reject' ? (
        <RejectDialog
          payout={open.row}
          onClose={() => setOpen(undefined)}
          onDone={() => {
            notify.success(t('payouts.rejected'));
            select([open.row], false);
            setOpen(undefined);
          }}
        />
      ) : null}
      {open?.dialog === 'mark-paid' ? (
        <MarkPaidDialog
          payouts={[open.row]}
          saving={markPaid.isPending}
          onClose={() => setOpen(undefined)}
          onSubmit={async (form) => {
            await markPaid.mutateAsync({ id: open.row.id, ...form });
            notify.success(t('payouts.paid'));
            select([open.row], false);
            setOpen(undefined);
          }}
        />
      ) : null}
      {open?.dialog === 'unmark-paid' ? (
        <UnmarkPaidDialog
          payout={open.row}
          onClose={() => setOpen(undefined)}
          onDone={() => {
            notify.success(t('payouts.unmarked'));
            setOpen(undefined);
          }}
        />
      ) : null}
      {bulkPay ? (
        <MarkPaidDialog
          payouts={selectedRows}
          onClose={() => setBulkPay(false)}
          onSubmit={(form) => {
            setBulkPay(false);
            bulk.start('mark-paid', selectedRows, form);
          }}
        />
      ) : null}
      {open?.dialog === 'change-bank' ? <ChangeBankDialog payout={open.row} onClose={() => setOpen(undefined)} /> : null}
      {open?.dialog === 'statement' ? <StatementDialog payout={open.row} onClose={() => setOpen(undefined)} /> : null}
      {bulk.run ? (
        <BulkDialog
          title={t(bulk.run.action === 'approve' ? 'payouts.bulk.approveTitle' : 'payouts.bulk.markPaidTitle')}
          rows={bulk.run.rows}
          results={bulk.run.results}
          running={bulk.run.running}
          onStop={bulk.stop}
          onClose={bulk.close}
        />
      ) : null}
    </Stack>
  );
}
