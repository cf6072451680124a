import CheckCircle from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { type Payout, periodLabel } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import type { BulkResult } from '../lib/run-bulk.ts';

export interface BulkDialogProps {
  title: string;
  rows: readonly Payout[];
  results: readonly BulkResult[];
  running: boolean;
  onStop: () => void;
  onClose: () => void;
}

/** A bulk approve or mark-paid at work: a progress bar, then each row's result. */
export function BulkDialog({ title, rows, results, running, onStop, onClose }: BulkDialogProps) {
  const { t } = useTranslation();
  const byId = new Map(results.map((r) => [r.id, r]));
  const failed = results.filter((r) => !r.ok).length;
  const done = results.length;
  return (
    <Dialog open onClose={running ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="bulk-title">
      <DialogTitle id="bulk-title">{title}</DialogTitle>
      <DialogContent>
        <Box sx={{ mb: 2 }}>
          <LinearProgress variant="determinate" value={rows.length ? (done / rows.length) * 100 : 100} aria-label={t('payouts.bulk.progressLabel')} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} role="status" data-testid="bulk-status">
            {running ? t('payouts.bulk.progress', { done, total: rows.length }) : t('payouts.bulk.summary', { ok: done - failed, failed })}
          </Typography>
        </Box>
        <List dense aria-label={title} sx={{ maxHeight: 360, overflowY: 'auto' }}>
          {rows.map((row) => {
            const result = byId.get(row.id);
            return (
              <ListItem key={row.id} data-testid={`bulk-row-${row.id}`} data-result={result ? (result.ok ? 'ok' : 'failed') : 'waiting'}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  {result ? result.ok ? <CheckCircle color="success" fontSize="small" /> : <ErrorOutline color="error" fontSize="small" /> : null}
                </ListItemIcon>
                <ListItemText
                  primary={`${row.affiliate.name}, ${periodLabel(row.period)}, ${formatMoney(row.amount)}`}
                  secondary={result ? (result.ok ? t('payouts.bulk.ok') : `${t('payouts.bulk.failed')}: ${result.message}`) : null}
                  slotProps={{ secondary: { color: result && !result.ok ? 'error' : 'text.secondary' } }}
                />
              </ListItem>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {running ? (
          <Button onClick={onStop}>{t('payouts.bulk.stop')}</Button>
        ) : (
          <Button variant="contained" onClick={onClose}>
            {t('payouts.bulk.close')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
