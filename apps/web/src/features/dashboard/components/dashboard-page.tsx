import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWalletOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Dashboard, NetworkFigures } from '@portal/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ListTable } from '../../../components/list-table.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useDashboard } from '../api/get-dashboard.ts';

// Loaded with the dashboard only, never with the home page.
const DailyChart = lazy(() => import('../../../components/charts/daily-chart.tsx'));
// Staff with the statistics permission only: the network's revenue, cost and margin per day.
const MoneyChart = lazy(() => import('../../../components/charts/money-chart.tsx'));

const whole = new Intl.NumberFormat('en-US');
const periodKeys = ['today', 'yesterday', 'this_month', 'last_month'] as const;
type Totals = Dashboard['periods']['today'] & Partial<NetworkFigures>;

/** The network's figures of a period or day, when the reply carries them (staff with the statistics permission). */
const figuresOf = (v: Partial<NetworkFigures>): NetworkFigures | null =>
  v.revenue !== undefined && v.cost !== undefined && v.margin !== undefined ? { revenue: v.revenue, cost: v.cost, margin: v.margin } : null;

function PeriodCard({ title, totals, earningsLabel }: { title: string; totals: Totals; earningsLabel: string }) {
  const { t } = useTranslation();
  const line = (label: string, value: string, color?: string) => (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, color }}>
        {value}
      </Typography>
    </Stack>
  );
  const figures = figuresOf(totals);
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, height: '100%' }}>
      <Typography variant="overline" color="text.secondary" component="h2">
        {title}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {formatMoney(totals.earnings)}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {earningsLabel}
      </Typography>
      <Stack spacing={0.5}>
        {line(t('dashboard.clicks'), whole.format(totals.clicks))}
        {line(t('dashboard.uniqueClicks'), whole.format(totals.unique_clicks))}
        {line(t('dashboard.conversions'), whole.format(totals.conversions))}
      </Stack>
      {figures ? (
        <Stack spacing={0.5} sx={{ mt: 1, pt: 1, borderTop: 1, borderColor: 'divider' }} data-testid="network-figures">
          {line(t('dashboard.revenue'), formatMoney(figures.revenue))}
          {line(t('dashboard.cost'), formatMoney(figures.cost))}
          {line(t('dashboard.margin'), formatMoney(figures.margin), figures.margin < 0 ? 'error.main' : 'success.main')}
        </Stack>
      ) : null}
    </Paper>
  );
}

function TopTable({ title, nameHeader, rows, label }: { title: string; nameHeader: string; rows: Dashboard['top_offers']; label: string }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, height: '100%', minWidth: 0 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t('dashboard.topHint')}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t('dashboard.noTop')}
        </Typography>
      ) : (
        <ListTable
          bare
          actions={false}
          label={label}
          columns={[nameHeader, { label: t('dashboard.clicks'), align: 'right' }, { label: t('dashboard.conversions'), align: 'right' }, { label: t('dashboard.earnings'), align: 'right' }]}
          count={rows.length}
          pending={false}
          empty={t('dashboard.noTop')}
        >
          {rows.map((r) => (
            <TableRow key={r.id}>
              <TableCell sx={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={r.name}>
                {r.name}
              </TableCell>
              <TableCell align="right">{whole.format(r.clicks)}</TableCell>
              <TableCell align="right">{whole.format(r.conversions)}</TableCell>
              <TableCell align="right">{formatMoney(r.earnings)}</TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
    </Paper>
  );
}

export interface DashboardPageProps {
  /** Staff with the statistics permission get a link to the full report. */
  canOpenStatistics: boolean;
}

/** /dashboard: affiliates see their periods, balance, 30-day chart and top offers; staff the network's, with top affiliates. */
export function DashboardPage({ canOpenStatistics }: DashboardPageProps) {
  const { t } = useTranslation();
  const dashboard = useDashboard();

  if (dashboard.isError) {
    return (
      <Alert severity="error" action={<Button onClick={() => void dashboard.refetch()}>{t('dashboard.retry')}</Button>}>
        {dashboard.error.message || t('dashboard.loadError')}
      </Alert>
    );
  }
  if (dashboard.isPending) {
    return (
      <Grid container spacing={2}>
        {periodKeys.map((k) => (
          <Grid key={k} size={{ xs: 12, sm: 6, lg: 3 }}>
            <Skeleton variant="rounded" height={150} />
          </Grid>
        ))}
        <Grid size={12}>
          <Skeleton variant="rounded" height={300} />
        </Grid>
      </Grid>
    );
  }

  const data = dashboard.data;
  const network = data.scope === 'network';
  // Every chart day carries the figures, or none does.
  const moneyPoints = data.chart.flatMap((p: (typeof data.chart)[number] & Partial<NetworkFigures>) => {
    const f = figuresOf(p);
    return f ? [{ date: p.date, ...f }] : [];
  });
  const earningsLabel = t(network ? 'dashboard.networkEarnings' : 'dashboard.earnings');
  return (
    <Stack spacing={2.5} sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h6" component="h2">
          {t(data.assigned_only ? 'dashboard.assigned' : network ? 'dashboard.network' : 'dashboard.yours')}
        </Typography>
        {canOpenStatistics ? (
          <Button component={RouterLink} to="/statistics">
            {t('dashboard.viewStatistics')}
          </Button>
        ) : null}
      </Stack>
      <Grid container spacing={2}>
        {periodKeys.map((k) => (
          <Grid key={k} size={{ xs: 12, sm: 6, lg: network ? 3 : 2.4 }}>
            <PeriodCard title={t(`dashboard.periods.${k}`)} totals={data.periods[k]} earningsLabel={earningsLabel} />
          </Grid>
        ))}
        {data.balance !== null ? (
          <Grid size={{ xs: 12, sm: 6, lg: 2.4 }}>
            <Paper variant="outlined" component="section" aria-label={t('dashboard.balance')} sx={{ p: 2, height: '100%', borderColor: 'primary.main' }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <AccountBalanceWallet color="primary" fontSize="small" />
                <Typography variant="overline" color="text.secondary" component="h2">
                  {t('dashboard.balance')}
                </Typography>
              </Stack>
              <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="dashboard-balance">
                {formatMoney(data.balance)}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('dashboard.balanceHint')}
              </Typography>
            </Paper>
          </Grid>
        ) : null}
      </Grid>
      <Paper variant="outlined" component="section" aria-label={t('dashboard.chartTitle')} sx={{ p: { xs: 2, md: 2.5 }, minWidth: 0 }}>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1, fontWeight: 600 }}>
          {t('dashboard.chartTitle')}
        </Typography>
        <Suspense fallback={<Skeleton variant="rounded" height={260} />}>
          <DailyChart points={data.chart} labels={{ clicks: t('dashboard.clicks'), conversions: t('dashboard.conversions'), title: t('dashboard.chartTitle') }} />
        </Suspense>
      </Paper>
      {moneyPoints.length ? (
        <Paper variant="outlined" component="section" aria-label={t('dashboard.moneyChartTitle')} sx={{ p: { xs: 2, md: 2.5 }, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('dashboard.moneyChartTitle')}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
            {t('dashboard.moneyChartHint')}
          </Typography>
          <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
            <MoneyChart
              points={moneyPoints}
              labels={{ revenue: t('dashboard.revenue'), cost: t('dashboard.cost'), margin: t('dashboard.margin'), title: t('dashboard.moneyChartTitle') }}
            />
          </Suspense>
        </Paper>
      ) : null}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: network ? 6 : 12 }}>
          <TopTable title={t('dashboard.topOffers')} nameHeader={t('dashboard.offer')} rows={data.top_offers} label={t('dashboard.topOffers')} />
        </Grid>
        {network ? (
          <Grid size={{ xs: 12, lg: 6 }}>
            <TopTable title={t('dashboard.topAffiliates')} nameHeader={t('dashboard.affiliate')} rows={data.top_affiliates} label={t('dashboard.topAffiliates')} />
          </Grid>
        ) : null}
      </Grid>
    </Stack>
  );
}
