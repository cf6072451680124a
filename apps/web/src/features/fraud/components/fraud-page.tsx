import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { HeldConversion } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { formatDateTime, formatMoney, formatPercent } from '../../../lib/format.ts';
import { notify } from '../../../lib/notifications.tsx';
import { InvalidClicksSection } from './invalid-clicks-section.tsx';
import { type Review, useFraudAppeals, useFraudRatios, useHeldConversions, useReviewHeld } from '../api/fraud.ts';
import { NetworkFraudRules } from './fraud-rules.tsx';
import { SharedDetailsSection } from './shared-details-section.tsx';
import { WithheldCommissionsSection } from './withheld-commissions-section.tsx';
import { RejectReasonDialog } from './reject-reason-dialog.tsx';

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <Stack spacing={1.5} component="section" aria-label={title}>
    <Typography variant="h6" component="h2">
      {title}
    </Typography>
    {children}
  </Stack>
);

/** /fraud (staff with fraud): a Review tab with held conversions to approve or reject, appeals, each affiliate's ratios and invalid clicks; a Rules tab with the network's rules and risk holds (docs/fraud.md). */
export function FraudPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'rules' ? 'rules' : 'review';
  // Appeals waiting for a decision, counted on the tab that has them.
  const open = (useFraudAppeals().data ?? []).filter((a) => !a.resolved).length;
  const choose = (v: string) => {
    const next = new URLSearchParams(params);
    if (v === 'review') next.delete('tab');
    else next.set('tab', v);
    setParams(next, { replace: true });
  };
  return (
    <Box sx={{ minWidth: 0 }}>
      <Tabs value={tab} onChange={(_, v: string) => choose(v)} variant="scrollable" allowScrollButtonsMobile aria-label={t('fraud.tabs.label')} sx={{ mb: 2.5, borderBottom: 1, borderColor: 'divider' }}>
        {(['review', 'rules'] as const).map((k) => (
          <Tab key={k} value={k} label={k === 'review' && open ? t('fraud.tabs.reviewWithAppeals', { count: open }) : t(`fraud.tabs.${k}`)} id={`fraud-tab-${k}`} aria-controls={`fraud-panel-${k}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`fraud-panel-${tab}`} aria-labelledby={`fraud-tab-${tab}`} sx={{ minWidth: 0 }}>
        {tab === 'rules' ? <NetworkFraudRules /> : <ReviewPanel />}
      </Box>
    </Box>
  );
}

function ReviewPanel() {
  const { t } = useTranslation();
  return (
    <Stack spacing={4} sx={{ minWidth: 0 }}>
      <Section title={t('fraud.held.title')}>
        <HeldSection />
      </Section>
      <Section title={t('fraud.appeals.title')}>
        <AppealsSection />
      </Section>
      <Section title={t('fraud.ratios.title')}>
        <RatiosSection />
      </Section>
      <Section title={t('fraud.invalidClicks.title')}>
        <InvalidClicksSection />
      </Section>
      <SharedDetailsSection />
      <WithheldCommissionsSection />
    </Stack>
  );
}

function HeldSection() {
  const { t } = useTranslation();
  const held = useHeldConversions();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [asking, setAsking] = useState<Review>();
  const rows = held.data?.data ?? [];
  const ids = rows.map((r) => r.id).filter((id) => selected.has(id));
  const toggle = (id: number, on: boolean) => setSelected((s) => new Set([...s].filter((x) => x !== id).concat(on ? [id] : [])));
  const all = rows.length > 0 && rows.every((r) => selected.has(r.id));
  if (held.isError) return <Alert severity="error">{held.error.message}</Alert>;
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" disabled={!ids.length} onClick={() => setAsking({ action: 'approve', ids })}>
          {t('fraud.held.approveSelected', { count: ids.length })}
        </Button>
        <Button variant="outlined" color="error" disabled={!ids.length} onClick={() => setAsking({ action: 'reject', ids })}>
          {t('fraud.held.rejectSelected', { count: ids.length })}
        </Button>
      </Stack>
      <ListTable
        label={t('fraud.held.title')}
        columns={[t('fraud.held.time'), t('fraud.held.affiliate'), t('fraud.held.offer'), t('fraud.held.amount'), t('fraud.held.earning'), t('fraud.held.reason'), { label: t('fraud.actions'), align: 'right' }]}
        count={rows.length}
        pending={held.isPending}
        empty={t('fraud.held.empty')}
        select={<Checkbox checked={all} indeterminate={!all && ids.length > 0} disabled={!rows.length} onChange={(_, on) => setSelected(on ? new Set(rows.map((r) => r.id)) : new Set())} slotProps={{ input: { 'aria-label': t('fraud.held.selectAll') } }} />}
      >
        {rows.map((row) => (
          <HeldRow key={row.id} row={row} checked={selected.has(row.id)} onCheck={(on) => toggle(row.id, on)} onAsk={setAsking} />
        ))}
      </ListTable>
      {asking?.action === 'approve' ? (
        <ApproveConfirm review={asking} overCap={rows.filter((r) => r.over_cap && asking.ids.includes(r.id))} onDone={() => setSelected(new Set())} onClose={() => setAsking(undefined)} />
      ) : null}
      {asking?.action === 'reject' ? <RejectDialog review={asking} onDone={() => setSelected(new Set())} onClose={() => setAsking(undefined)} /> : null}
    </>
  );
}

function HeldRow({ row, checked, onCheck, onAsk }: { row: HeldConversion; checked: boolean; onCheck: (on: boolean) => void; onAsk: (r: Review) => void }) {
  const { t } = useTranslation();
  return (
    <TableRow hover selected={checked} data-testid={`held-${row.id}`}>
      <TableCell padding="checkbox">
        <Checkbox checked={checked} onChange={(_, on) => onCheck(on)} slotProps={{ input: { 'aria-label': t('fraud.held.select', { id: row.id }) } }} />
      </TableCell>
      <TableCell>
        {formatDateTime(row.time)}
        <Typography variant="caption" color="text.secondary" component="div">
          #{row.id} · {row.transaction_id}
        </Typography>
      </TableCell>
      <TableCell>
        {row.affiliate.name}
        {/* A narrow column breaks the address before its @ rather than inside a word. */}
        <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
          {row.affiliate.email.split('@').flatMap((part, i) => (i === 0 ? [part] : [<wbr key={i} />, `@${part}`]))}
        </Typography>
      </TableCell>
      <TableCell>{row.offer.name}</TableCell>
      <TableCell align="right">{row.usd_amount === null ? '—' : formatMoney(row.usd_amount)}</TableCell>
      <TableCell align="right">{formatMoney(row.earning)}</TableCell>
      <TableCell sx={{ whiteSpace: 'normal', maxWidth: 320 }}>
        {/* One block: on a phone's card the notes go under the reason, not beside it (which broke words). */}
        <Box sx={{ minWidth: 0, overflowWrap: 'normal', wordBreak: 'normal' }}>
          {row.reason}
          {row.over_cap ? (
            <Typography variant="caption" color="warning.light" component="div" sx={{ whiteSpace: 'normal' }}>
              {t('fraud.held.overCap')}
            </Typography>
          ) : null}
          {row.appeal ? (
            <Typography variant="caption" color="warning.light" component="div" sx={{ whiteSpace: 'normal' }}>
              {t('fraud.held.appeal', { message: row.appeal.message })}
            </Typography>
          ) : null}
        </Box>
      </TableCell>
      <TableCell align="right">
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button size="small" variant="contained" onClick={() => onAsk({ action: 'approve', ids: [row.id] })} aria-label={t('fraud.held.approveOne', { id: row.id })}>
            {t('fraud.approve')}
          </Button>
          <Button size="small" color="error" onClick={() => onAsk({ action: 'reject', ids: [row.id] })} aria-label={t('fraud.held.rejectOne', { id: row.id })}>
            {t('fraud.reject')}
          </Button>
        </Box>
      </TableCell>
    </TableRow>
  );
}

const doneMessage = (t: TFunction, r: { approved: number; rejected: number }) =>
  [r.approved ? t('fraud.held.approved', { count: r.approved }) : '', r.rejected ? t('fraud.held.rejected', { count: r.rejected }) : ''].filter(Boolean).join(' ');

/** What was done (a success), and each conversion skipped with why (a failure to read). */
function tellOutcome(t: TFunction, r: { approved: number; rejected: number; skipped_reasons: Array<{ conversion_id: number; message: string }> }): void {
  const done = doneMessage(t, r);
  if (done) notify.success(done);
  if (r.skipped_reasons.length) notify.error(r.skipped_reasons.map((s) => t('fraud.held.skippedBecause', { id: s.conversion_id, reason: s.message })).join(' '));
}

/** Approving pays: asked first, saying which of them a full hard cap would refuse. */
function ApproveConfirm({ review, overCap, onDone, onClose }: { review: Review; overCap: HeldConversion[]; onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const run = useReviewHeld();
  const confirm = async () => {
    try {
      const out = await run.mutateAsync(review);
      tellOutcome(t, out);
      onDone();
      onClose();
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <ConfirmDialog
      open
      titleId="fraud-approve-confirm"
      title={t('fraud.held.approveTitle', { count: review.ids.length })}
      text={overCap.length === review.ids.length ? t('fraud.held.approveBlocked') : t('fraud.held.approveText', { count: review.ids.length })}
      label={t('fraud.approve')}
      cancelLabel={t('fraud.cancel')}
      color="primary"
      pending={run.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
      confirmDisabled={overCap.length === review.ids.length}
    >
      {overCap.length ? (
        <Alert severity="warning" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
          {overCap.length < review.ids.length
            ? t('fraud.held.overCapSome', { count: overCap.length, ids: overCap.map((r) => `#${r.id}`).join(', ') })
            : review.ids.length === 1
              ? t('fraud.held.overCapOne', { offer: overCap[0]!.offer.name })
              : t('fraud.held.overCapAll', { ids: overCap.map((r) => `#${r.id}`).join(', ') })}
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}

/** Rejecting needs a reason the affiliate reads. */
function RejectDialog({ review, onDone, onClose }: { review: Review; onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const run = useReviewHeld();
  return (
    <RejectReasonDialog
      id="fraud-reject"
      title={t('fraud.held.rejectTitle', { count: review.ids.length })}
      text={t('fraud.held.rejectText')}
      reasonLabel={t('fraud.held.reasonLabel')}
      pending={run.isPending}
      onReject={async (reason) => {
        tellOutcome(t, await run.mutateAsync({ ...review, reason }));
        onDone();
      }}
      onClose={onClose}
    />
  );
}

function AppealsSection() {
  const { t } = useTranslation();
  const appeals = useFraudAppeals();
  const rows = appeals.data ?? [];
  return (
    <ListTable
      label={t('fraud.appeals.title')}
      columns={[t('fraud.held.time'), t('fraud.held.affiliate'), t('fraud.appeals.conversion'), t('fraud.appeals.message'), t('fraud.appeals.state')]}
      actions={false}
      count={rows.length}
      pending={appeals.isPending}
      empty={t('fraud.appeals.empty')}
    >
      {rows.map((a) => (
        <TableRow key={a.conversion_id} data-testid={`appeal-${a.conversion_id}`}>
          <TableCell>{formatDateTime(a.time)}</TableCell>
          <TableCell>{a.affiliate.name}</TableCell>
          <TableCell>
            #{a.conversion_id} · {t(`conversionLog.statuses.${a.status}`)}
            {a.reason ? (
              <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'normal' }}>
                {a.reason}
              </Typography>
            ) : null}
          </TableCell>
          <TableCell sx={{ whiteSpace: 'pre-wrap', maxWidth: 420 }}>{a.message}</TableCell>
          <TableCell>
            <Chip size="small" variant="outlined" color={a.resolved ? (a.decision === 'rejected' ? 'error' : 'success') : 'warning'} label={a.resolved ? t(`fraud.appeals.resolved.${a.decision ?? 'approved'}`) : t('fraud.appeals.open')} />
          </TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}

function RatiosSection() {
  const { t } = useTranslation();
  const ratios = useFraudRatios();
  const rows = ratios.data ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 0, border: 0 }}>
      <ListTable
        label={t('fraud.ratios.title')}
        columns={[
          t('fraud.held.affiliate'),
          { label: t('fraud.ratios.sales'), align: 'right' },
          { label: t('fraud.ratios.chargebacks30'), align: 'right' },
          { label: t('fraud.ratios.chargebacks90'), align: 'right' },
          { label: t('fraud.ratios.refunds30'), align: 'right' },
          { label: t('fraud.ratios.refunds90'), align: 'right' },
          { label: t('fraud.ratios.extraHold'), align: 'right' },
        ]}
        actions={false}
        count={rows.length}
        pending={ratios.isPending}
        empty={t('fraud.ratios.empty')}
      >
        {rows.map((r) => (
          <TableRow key={r.affiliate.id}>
            <TableCell>{r.affiliate.name}</TableCell>
            <TableCell align="right">{r.sales_90}</TableCell>
            <TableCell align="right">{formatPercent(r.chargeback_ratio_30)}</TableCell>
            <TableCell align="right">{formatPercent(r.chargeback_ratio_90)}</TableCell>
            <TableCell align="right">{formatPercent(r.refund_ratio_30)}</TableCell>
            <TableCell align="right">{formatPercent(r.refund_ratio_90)}</TableCell>
            <TableCell align="right">{t('fraud.ratios.days', { count: r.extra_hold_days })}</TableCell>
          </TableRow>
        ))}
      </ListTable>
    </Paper>
  );
}
