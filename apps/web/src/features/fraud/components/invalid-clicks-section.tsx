import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { invalidClickWindows } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ListTable } from '../../../components/list-table.tsx';
import { formatPercent } from '../../../lib/format.ts';
import { useInvalidClicks } from '../api/fraud.ts';

const count = new Intl.NumberFormat('en-US');

/** The Fraud screen's invalid clicks (docs/fraud-clicks.md): each affiliate's, by reason, over a chosen window. */
export function InvalidClicksSection() {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(30);
  const query = useInvalidClicks(days);
  const rows = query.data ?? [];
  return (
    <Stack spacing={1.5}>
      <TextField select size="small" label={t('fraud.invalidClicks.window')} value={days} onChange={(e) => setDays(Number(e.target.value))} sx={{ width: 200 }}>
        {invalidClickWindows.map((d) => (
          <MenuItem key={d} value={d}>
            {t(`fraud.invalidClicks.windows.${d}`)}
          </MenuItem>
        ))}
      </TextField>
      <Paper variant="outlined" sx={{ p: 0, border: 0 }}>
        <ListTable
          label={t('fraud.invalidClicks.title')}
          columns={[
            t('fraud.held.affiliate'),
            { label: t('fraud.invalidClicks.clicks'), align: 'right' },
            { label: t('fraud.invalidClicks.invalid'), align: 'right' },
            { label: t('fraud.invalidClicks.share'), align: 'right' },
            { label: t('fraud.invalidClicks.bot'), align: 'right' },
            { label: t('fraud.invalidClicks.datacenter'), align: 'right' },
            { label: t('fraud.invalidClicks.repeat'), align: 'right' },
            { label: t('fraud.invalidClicks.burst'), align: 'right' },
          ]}
          actions={false}
          count={rows.length}
          pending={query.isPending}
          empty={t('fraud.invalidClicks.empty')}
        >
          {rows.map((r) => (
            <TableRow key={r.affiliate.id}>
              <TableCell>
                <Link component={RouterLink} to={`/profile?user=${r.affiliate.id}&id=${r.affiliate.id}`}>
                  {r.affiliate.name}
                </Link>
              </TableCell>
              <TableCell align="right">{count.format(r.clicks)}</TableCell>
              <TableCell align="right">{count.format(r.invalid)}</TableCell>
              <TableCell align="right">{formatPercent(r.clicks ? Math.round((r.invalid * 10_000) / r.clicks) / 100 : 0)}</TableCell>
              <TableCell align="right">{count.format(r.bot)}</TableCell>
              <TableCell align="right">{count.format(r.datacenter)}</TableCell>
              <TableCell align="right">{count.format(r.repeat)}</TableCell>
              <TableCell align="right">{count.format(r.burst)}</TableCell>
            </TableRow>
          ))}
        </ListTable>
      </Paper>
    </Stack>
  );
}
