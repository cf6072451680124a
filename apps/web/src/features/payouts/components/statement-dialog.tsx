import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { type Payout, periodLabel } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { usePayout } from '../api/get-payout.ts';

/** Sums in cents, so the total matches the payout to the cent. */
function totalCents(amounts: number[]): number {
  return amounts.reduce((sum, a) => sum + Math.round(a * 100), 0);
}

/** A payout opened: every ledger row behind it, adding up to its amount. */
export function StatementDialog({ payout, onClose }: { payout: Payout; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const statement = usePayout(payout.id);
  const rows = statement.data?.statement ?? [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="statement-title">
      <DialogTitle id="statement-title" sx={{ pr: 6 }}>
        {t('payouts.statementDialog.title', { id: payout.id })}
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {t('payouts.statementDialog.subtitle', { name: payout.affiliate.name, period: periodLabel(payout.period) })}
        </Typography>
        <IconButton aria-label={t('payouts.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {statement.isError ? <Alert severity="error">{statement.error.message}</Alert> : null}
        {statement.isPending ? <Skeleton variant="rounded" height={160} /> : null}
        {statement.isSuccess ? (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('payouts.statementDialog.title', { id: payout.id })}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('payouts.statementDialog.id')}</TableCell>
                  <TableCell>{t('payouts.statementDialog.date')}</TableCell>
                  <TableCell>{t('payouts.statementDialog.kind')}</TableCell>
                  <TableCell>{t('payouts.statementDialog.description')}</TableCell>
                  <TableCell align="right">{t('payouts.statementDialog.amount')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell>{row.id}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.created_at)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`payouts.kinds.${row.kind}` as 'payouts.kinds.earning', { defaultValue: row.kind })}</TableCell>
                    <TableCell sx={{ minWidth: 240 }}>{row.description || row.offer?.name}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(row.amount)}
                    </TableCell>
                  </TableRow>
                ))}
                {rows.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={5}>{t('payouts.statementDialog.empty')}</TableCell>
                  </TableRow>
                ) : null}
              </TableBody>
              <TableFooter>
                <TableRow>
                  <TableCell colSpan={4} sx={{ fontWeight: 700 }}>
                    {t('payouts.statementDialog.total')}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="statement-total">
                    {formatMoney(totalCents(rows.map((r) => r.amount)) / 100)}
                  </TableCell>
                </TableRow>
              </TableFooter>
            </Table>
          </TableContainer>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
