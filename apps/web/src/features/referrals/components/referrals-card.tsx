import ContentCopy from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryCard } from '../../../components/query-card.tsx';
import { formatDate, formatMoney, formatPercent } from '../../../lib/format.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useReferrals } from '../api/get-referrals.ts';

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Dashboard: the referral link with a copy button, and each referred affiliate's commission this month and all time. */
export function ReferralsCard() {
  const { t } = useTranslation();
  const query = useReferrals();
  const onCopy = async (link: string) => {
    if (await copy(link)) notify.success(t('referrals.copied'));
    else notify.warning(t('referrals.copyByHand'));
  };
  return (
    <QueryCard id="referrals" title={t('referrals.title')} query={query} loadError={t('referrals.loadError')}>
      {(data) => (
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('referrals.intro', { rate: formatPercent(data.rate) })}
          </Typography>
          <TextField
            label={t('referrals.link')}
            value={data.link}
            size="small"
            fullWidth
            slotProps={{
              htmlInput: { readOnly: true, onFocus: (e: FocusEvent<HTMLInputElement>) => e.target.select() },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={t('referrals.copy')}>
                      <IconButton edge="end" aria-label={t('referrals.copy')} onClick={() => void onCopy(data.link)}>
                        <ContentCopy fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Stack direction="row" spacing={3}>
            <div>
              <Typography variant="caption" color="text.secondary">
                {t('referrals.thisMonth')}
              </Typography>
              <Typography sx={{ fontWeight: 700 }} data-testid="referrals-this-month">
                {formatMoney(data.commission_this_month)}
              </Typography>
            </div>
            <div>
              <Typography variant="caption" color="text.secondary">
                {t('referrals.allTime')}
              </Typography>
              <Typography sx={{ fontWeight: 700 }} data-testid="referrals-all-time">
                {formatMoney(data.commission_all_time)}
              </Typography>
            </div>
          </Stack>
          {data.referred.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('referrals.none')}
            </Typography>
          ) : (
            <TableContainer tabIndex={0} role="region" aria-label={t('referrals.table')} sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t('referrals.table')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('referrals.name')}</TableCell>
                    <TableCell>{t('referrals.joined')}</TableCell>
                    <TableCell align="right">{t('referrals.thisMonth')}</TableCell>
                    <TableCell align="right">{t('referrals.allTime')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.referred.map((r) => (
                    <TableRow key={r.id}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {r.name}
                        {r.is_active ? null : (
                          <Typography component="span" variant="caption" color="text.secondary">
                            {` (${t('referrals.inactive')})`}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.joined_at)}</TableCell>
                      <TableCell align="right">{formatMoney(r.commission_this_month)}</TableCell>
                      <TableCell align="right">{formatMoney(r.commission_all_time)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Stack>
      )}
    </QueryCard>
  );
}
