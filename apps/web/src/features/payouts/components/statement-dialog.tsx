import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
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
import { type Payout, type PayoutTransition, periodLabel } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format.ts';
import { usePayout } from '../api/get-payout.ts';

/** Sums in cents, so the total matches the payout to the cent. */
function totalCents(amounts: number[]): number {
  return amounts.reduce((sum, a) => sum + Math.round(a * 100), 0);
}

/** Each move of the payout, oldest first: who, when, and the reason or reference given. */
function History({ transitions }: { transitions: readonly PayoutTransition[] }) {
  const { t } = useTranslation();
  const status = (s: PayoutTransition['to']) => t(`payouts.status.${s}`);
  return (
    <Box component="section" aria-labelledby="payout-history-title" sx={{ mt: 3 }}>
      <Typography id="payout-history-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('payouts.history.title')}
      </Typography>
      <Stack component="ol" spacing={1} sx={{ m: 0, pl: 2.5 }} data-testid="payout-history">
        {transitions.map((tr, i) => (
          <li key={`${tr.at}-${i}`}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              <strong>{tr.from ? t('payouts.history.from', { from: status(tr.from), to: status(tr.to) }) : `${t('payouts.history.created')}: ${status(tr.to)}`}</strong>
              {' · '}
              {formatDateTime(tr.at)} {tr.by ? t('payouts.history.by', { name: tr.by.name }) : t('payouts.history.system')}
              {tr.reason ? ` · ${tr.reason}` : ''}
            </Typography>
          </li>
        ))}
      </Stack>
    </Box>
  );
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
        {statement.isSuccess ? <History transitions={statement.data.transitions} /> : null}
      </DialogContent>
    </Dialog>
  );
}
