import Refresh from '@mui/icons-material/Refresh';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { DISPLAY_TIME_ZONE, formatDate } from '../../../lib/format.ts';
import { useDeliveries } from '../api/get-deliveries.ts';
import { deliveryColor } from './postback-test-dialog.tsx';

/** "Sep 1, 2024 14:05:09" in the network's time zone. */
const when = (iso: string) => `${formatDate(iso)} ${dayjs(iso).tz(DISPLAY_TIME_ZONE).format('HH:mm:ss')}`;

/** Every delivery of the affiliate's postbacks: time, status, HTTP status, duration and the first bytes of the answer. */
export function DeliveriesLog() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(10);
  const log = useDeliveries(page, perPage);
  const rows = log.data?.data ?? [];
  return (
    <Paper variant="outlined" component="section" aria-label={t('offers.postbacks.deliveries')} sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', px: 2, pt: 1.5 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('offers.postbacks.deliveries')}
        </Typography>
        <Tooltip title={t('offers.postbacks.refresh')}>
          <IconButton aria-label={t('offers.postbacks.refresh')} onClick={() => void log.refetch()}>
            <Refresh />
          </IconButton>
        </Tooltip>
      </Stack>
      {rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {t('offers.postbacks.deliveriesEmpty')}
        </Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('offers.postbacks.deliveriesLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('offers.postbacks.time')}</TableCell>
                <TableCell>{t('offers.postbacks.status')}</TableCell>
                <TableCell align="right">{t('offers.postbacks.httpStatus')}</TableCell>
                <TableCell align="right">{t('offers.postbacks.duration')}</TableCell>
                <TableCell>{t('offers.postbacks.url')}</TableCell>
                <TableCell>{t('offers.postbacks.firstBytes')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((d) => (
                <TableRow key={d.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(d.last_attempt_at ?? d.created_at)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Chip size="small" color={deliveryColor(d.status)} label={t(`offers.postbacks.statuses.${d.status}`)} />
                    {d.is_test ? <Chip size="small" variant="outlined" label={t('offers.postbacks.test')} sx={{ ml: 0.5 }} /> : null}
                  </TableCell>
                  <TableCell align="right">{d.http_status ?? '—'}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {d.duration_ms === null ? '—' : t('offers.postbacks.durationMs', { ms: d.duration_ms })}
                  </TableCell>
                  <TableCell sx={{ maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontFamily: 'monospace' }} title={d.url}>
                    {d.method} {d.url}
                  </TableCell>
                  <TableCell sx={{ maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontFamily: 'monospace' }} title={d.response_snippet ?? d.last_error ?? ''}>
                    {d.response_snippet ?? d.last_error ?? ''}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ListPagination
        total={log.data?.meta.total ?? 0}
        page={page}
        perPage={perPage}
        sizes={[10, 25, 50, 100]}
        all={false}
        onChange={(next, size) => {
          setPage(next);
          setPerPage(size);
        }}
      />
    </Paper>
  );
}
