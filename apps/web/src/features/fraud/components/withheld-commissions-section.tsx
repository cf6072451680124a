import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { WithheldCommission } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useDecideWithheld, useWithheldCommissions } from '../api/withheld.ts';
import { RejectReasonDialog } from './reject-reason-dialog.tsx';

type Asking = { row: WithheldCommission; action: 'release' | 'reject' };

/**
 * The Fraud screen's "Withheld referral commissions" (docs/money.md, "Withheld for review"): each
 * commission withheld because referrer and referred affiliate shared a detail, with the details,
 * released (paid now) or rejected with a reason, each asked first.
 */
export function WithheldCommissionsSection() {
  const { t } = useTranslation();
  const title = t('fraud.withheld.title');
  const withheld = useWithheldCommissions();
  const [asking, setAsking] = useState<Asking>();
  const rows = withheld.data ?? [];
  return (
    <Stack spacing={1.5} component="section" aria-label={title} sx={{ minWidth: 0 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography color="text.secondary">{t('fraud.withheld.intro')}</Typography>
      {withheld.isError ? (
        <Alert severity="error">{withheld.error.message}</Alert>
      ) : (
        <ListTable
          label={title}
          columns={[t('fraud.withheld.time'), t('fraud.withheld.referrer'), t('fraud.withheld.referred'), { label: t('fraud.withheld.amount'), align: 'right' }, t('fraud.withheld.shared'), { label: t('fraud.actions'), align: 'right' }]}
          count={rows.length}
          pending={withheld.isPending}
          empty={t('fraud.withheld.empty')}
        >
          {rows.map((row) => (
            <TableRow key={row.id} data-testid={`withheld-${row.id}`}>
              <TableCell>
                {formatDateTime(row.time)}
                <Typography variant="caption" color="text.secondary" component="div">
                  #{row.id}
                </Typography>
              </TableCell>
              <TableCell>{row.referrer.name}</TableCell>
              <TableCell>{row.referred.name}</TableCell>
              <TableCell align="right">{formatMoney(row.amount)}</TableCell>
              <TableCell sx={{ whiteSpace: 'normal' }}>{row.shared.map((k) => t(`fraud.shared.kinds.${k}`)).join(', ')}</TableCell>
              <TableCell align="right">
                <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
                  <Button size="small" variant="contained" onClick={() => setAsking({ row, action: 'release' })} aria-label={t('fraud.withheld.releaseOne', { id: row.id })}>
                    {t('fraud.withheld.release')}
                  </Button>
                  <Button size="small" color="error" onClick={() => setAsking({ row, action: 'reject' })} aria-label={t('fraud.withheld.rejectOne', { id: row.id })}>
                    {t('fraud.reject')}
                  </Button>
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
      {asking?.action === 'release' ? <ReleaseConfirm row={asking.row} onClose={() => setAsking(undefined)} /> : null}
      {asking?.action === 'reject' ? <RejectDialog row={asking.row} onClose={() => setAsking(undefined)} /> : null}
    </Stack>
  );
}

function ReleaseConfirm({ row, onClose }: { row: WithheldCommission; onClose: () => void }) {
  const { t } = useTranslation();
  const run = useDecideWithheld();
  const confirm = async () => {
    try {
      notify.success((await run.mutateAsync({ id: row.id, action: 'release' })).message);
      onClose();
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <ConfirmDialog
      open
      titleId="withheld-release-confirm"
      title={t('fraud.withheld.releaseTitle', { id: row.id })}
      text={t('fraud.withheld.releaseText', { referrer: row.referrer.name, amount: formatMoney(row.amount) })}
      label={t('fraud.withheld.release')}
      cancelLabel={t('fraud.cancel')}
      color="primary"
      pending={run.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}

function RejectDialog({ row, onClose }: { row: WithheldCommission; onClose: () => void }) {
  const { t } = useTranslation();
  const run = useDecideWithheld();
  return (
    <RejectReasonDialog
      id="withheld-reject"
      title={t('fraud.withheld.rejectTitle', { id: row.id })}
      text={t('fraud.withheld.rejectText')}
      reasonLabel={t('fraud.withheld.reasonLabel')}
      pending={run.isPending}
      onReject={async (reason) => {
        notify.success((await run.mutateAsync({ id: row.id, action: 'reject', reason })).message);
      }}
      onClose={onClose}
    />
  );
}
