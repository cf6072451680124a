import FileDownload from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { ConversionLogRow, ConversionLogSort } from '@portal/contracts';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { alertError } from '../../../lib/api-client.ts';
import { downloadConversionLogCsv, useConversionLog } from '../api/get-conversion-log.ts';
import { type LogFilters, readLogFilters, toLogQuery, writeLogFilters } from '../lib/filters.ts';
import { AppealButton } from './appeal-dialog.tsx';
import { ConversionRowMenu } from './conversion-actions.tsx';
import { ConversionLogFilters } from './conversion-log-filters.tsx';
import { ConversionLogTable } from './conversion-log-table.tsx';

export interface ConversionLogPageProps {
  isClient: boolean;
  /** Staff with the affiliates permission pick an affiliate from a list. */
  canPickAffiliate: boolean;
  /** Staff with the payouts permission reverse conversions and attach orphaned ones. */
  canAct: boolean;
}

/**
 * /conversion-log: every conversion (an affiliate's own; staff the network's) with its amount as
 * sent, earning, status and reason, and its click; filters, page and sort live in the address.
 */
export function ConversionLogPage({ isClient, canPickAffiliate, canAct }: ConversionLogPageProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readLogFilters(params), [params]);
  const rangeValid = filters.from <= filters.to;
  const query = toLogQuery(filters);
  const log = useConversionLog(query, rangeValid);
  const staff = !isClient;

  const set = (next: LogFilters) => setParams(writeLogFilters(next), { replace: true });
  // A new filter goes back to page 1.
  const change = (patch: Partial<LogFilters>) => {
    const next = { ...filters, ...patch, page: 1 };
    if (next.from > next.to) next.to = next.from;
    set(next);
  };
  const onSort = (sort: string) => {
    const same = (filters.sort ?? 'time') === sort;
    set({ ...filters, page: 1, sort: sort as ConversionLogSort, order: same && (filters.order ?? 'desc') === 'desc' ? 'asc' : 'desc' });
  };
  // Staff's menu (reverse, attach); an affiliate's Appeal on a held or rejected conversion.
  const actions = staff && canAct ? (row: ConversionLogRow): ReactNode => <ConversionRowMenu row={row} /> : isClient ? (row: ConversionLogRow): ReactNode => <AppealButton row={row} /> : undefined;

  return (
    <Stack spacing={2.5} sx={{ minWidth: 0 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 } }}>
        <ConversionLogFilters filters={filters} onChange={change} staff={staff} canPickAffiliate={canPickAffiliate} />
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button onClick={() => setParams(new URLSearchParams(), { replace: true })}>{t('conversionLog.reset')}</Button>
          <Button variant="contained" startIcon={<FileDownload />} disabled={!rangeValid} onClick={() => void downloadConversionLogCsv(query).catch(alertError)}>
            {t('conversionLog.exportCsv')}
          </Button>
        </Stack>
      </Paper>
      {log.isFetching ? <LinearProgress aria-label={t('conversionLog.tableLabel')} /> : null}
      {log.isError ? (
        <Alert severity="error" action={<Button onClick={() => void log.refetch()}>{t('conversionLog.retry')}</Button>}>
          {log.error.message || t('conversionLog.loadError')}
        </Alert>
      ) : null}
      {rangeValid ? (
        <ConversionLogTable
          rows={log.data?.data ?? []}
          pending={log.isPending}
          staff={staff}
          actions={actions}
          sorting={{ sort: filters.sort ?? 'time', order: filters.order ?? 'desc', onSort }}
          paging={{ total: log.data?.meta.total ?? 0, page: filters.page, perPage: filters.per_page, sizes: [10, 25, 50, 100], all: false, onChange: (page, perPage) => set({ ...filters, page, per_page: perPage }) }}
        />
      ) : null}
    </Stack>
  );
}
