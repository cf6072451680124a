import FileDownload from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useStatistics } from '../api/get-statistics.ts';
import { keyColumn, reportColumns } from '../lib/columns.ts';
import { conversionLogLink } from '../lib/conversion-log-link.ts';
import { downloadText, toCsv } from '../lib/csv.ts';
import { type Filters, readFilters, toQuery, writeFilters } from '../lib/filters.ts';
import { StatisticsFilters } from './statistics-filters.tsx';
import { StatisticsTable } from './statistics-table.tsx';

// The chart is its own chunk: it loads with this page, never with the home page.
const DailyChart = lazy(() => import('../../../components/charts/daily-chart.tsx'));

export interface StatisticsPageProps {
  isClient: boolean;
  /** Staff with the affiliates permission may filter and group by affiliate. */
  canPickAffiliate: boolean;
  /** Sections under the report for the same period and offer (the billers' retention figures); the page puts them in. */
  renderAfter?: (filters: { from: string; to: string; offer_id: number | undefined; valid: boolean }) => ReactNode;
}

/** Every day of a period, so days without traffic show as zero in the chart. */
function fillDays(from: string, to: string, rows: readonly { date?: string | undefined; clicks: number; conversions: number }[]) {
  const byDay = new Map(rows.map((r) => [r.date, r]));
  const out: { date: string; clicks: number; conversions: number }[] = [];
  for (let d = dayjs(from); !d.isAfter(dayjs(to)) && out.length < 800; d = d.add(1, 'day')) {
    const key = d.format('YYYY-MM-DD');
    const row = byDay.get(key);
    out.push({ date: key, clicks: row?.clicks ?? 0, conversions: row?.conversions ?? 0 });
  }
  return out;
}

/** /statistics: date range and filters, a chart of clicks and conversions per day, the table with totals, CSV export. */
export function StatisticsPage({ isClient, canPickAffiliate, renderAfter }: StatisticsPageProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  // A start date after the end date (possible only from the address) is marked on the fields, not asked of the server.
  const rangeValid = filters.from <= filters.to;
  const report = useStatistics(toQuery(filters), rangeValid);
  // The chart is always per day; grouped reports ask for the days separately (the same query when grouped by date).
  const daily = useStatistics(toQuery(filters, 'date'), rangeValid);

  const change = (patch: Partial<Filters>) => {
    const next = { ...filters, ...patch };
    if (next.from > next.to) next.to = next.from;
    setParams(writeFilters(next), { replace: true });
  };

  // Staff also see the network's revenue, cost and margin (the API sends them to staff only).
  const columns = [keyColumn(filters.group_by, t('statistics.none'), (d) => t(`statistics.devices.${d}`, { defaultValue: d })), ...reportColumns(!isClient)];
  const rows = report.data?.data ?? [];
  const totals = report.data?.meta.totals;
  const points = useMemo(() => fillDays(filters.from, filters.to, daily.data?.data ?? []), [filters.from, filters.to, daily.data]);
  const invalidRange = (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {t('statistics.invalidRange')}
    </Typography>
  );

  const exportCsv = () => {
    const header = columns.map((c) => t(c.header));
    const body = rows.map((r) => columns.map((c) => c.csv(r)));
    if (totals) body.push(columns.map((c, i) => (i === 0 ? t('statistics.total') : c.csv(totals))));
    downloadText(t('statistics.fileName', { from: filters.from, to: filters.to }), toCsv(header, body));
  };

  return (
    <Stack spacing={2.5} sx={{ minWidth: 0 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 } }}>
        <StatisticsFilters filters={filters} onChange={change} isClient={isClient} canPickAffiliate={canPickAffiliate} />
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button onClick={() => setParams(new URLSearchParams(), { replace: true })}>{t('statistics.reset')}</Button>
          <Button variant="contained" startIcon={<FileDownload />} onClick={exportCsv} disabled={!rangeValid || !report.isSuccess || rows.length === 0}>
            {t('statistics.exportCsv')}
          </Button>
        </Stack>
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 }, minWidth: 0 }}>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1, fontWeight: 600 }}>
          {t('statistics.chartTitle')}
        </Typography>
        {!rangeValid ? (
          invalidRange
        ) : daily.isPending ? (
          <Skeleton variant="rounded" height={260} />
        ) : (
          <Suspense fallback={<Skeleton variant="rounded" height={260} />}>
            <DailyChart points={points} labels={{ clicks: t('statistics.columns.clicks'), conversions: t('statistics.columns.conversions'), title: t('statistics.chartTitle') }} />
          </Suspense>
        )}
      </Paper>

      {/* With the dates the wrong way round, the chart's panel says so once; there is no table to show. */}
      {rangeValid ? (
        <Paper variant="outlined" sx={{ minWidth: 0, overflow: 'hidden' }}>
          {report.isFetching ? <LinearProgress aria-label={t('statistics.tableLabel')} /> : null}
          {report.isError ? (
            <Alert severity="error" action={<Button onClick={() => void report.refetch()}>{t('statistics.retry')}</Button>} sx={{ m: 2 }}>
              {report.error.message || t('statistics.loadError')}
            </Alert>
          ) : report.isPending ? (
            <Skeleton variant="rectangular" height={240} />
          ) : rows.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
              {t('statistics.empty')}
            </Typography>
          ) : (
            <StatisticsTable
              columns={columns}
              rows={rows}
              totals={totals}
              conversionsLink={(row) => conversionLogLink(filters, row)}
              sort={{ by: filters.sort, order: filters.order }}
              onSort={(by, order) => change({ sort: by as Filters['sort'], order })}
            />
          )}
        </Paper>
      ) : null}
      {renderAfter?.({ from: filters.from, to: filters.to, offer_id: filters.offer_id, valid: rangeValid })}
    </Stack>
  );
}
