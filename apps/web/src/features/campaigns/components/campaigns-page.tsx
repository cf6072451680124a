import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type Campaign, trackingMessages } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { alertError } from '../../../lib/api-client.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { notify } from '../../../lib/notifications.tsx';
import { ListPage, useListPage } from '../../../components/list-page.tsx';
import { useDeleteCampaign } from '../api/delete-campaign.ts';
import { useCampaigns } from '../../../lib/queries/get-campaigns.ts';
import { CampaignForm } from './campaign-form.tsx';

async function copy(text: string, t: (k: string) => string) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(t('campaigns.copied'));
  } catch {
    notify.info(t('campaigns.copyFailed'));
  }
}

/** /campaigns (affiliates): the campaigns with their links and all-time earnings; create, edit and delete with confirmation. */
export function CampaignsPage() {
  const { t } = useTranslation();
  const page = useListPage<Campaign>();
  const list = useCampaigns();
  const remove = useDeleteCampaign();
  const rows = list.data ?? [];

  const deleteCampaign = async (campaign: Campaign) => {
    try {
      await remove.mutateAsync(campaign.id);
      notify.success(trackingMessages.campaignDeleted);
      return true;
    } catch (error) {
      alertError(error);
      return false;
    }
  };

  return (
    <ListPage<Campaign>
      state={page}
      newLabel={t('campaigns.create')}
      renderForm={(campaign, close) => <CampaignForm key={campaign?.id ?? 'new'} campaign={campaign} onClose={close} />}
      confirm={{
        titleId: 'campaign-delete-title',
        title: (c) => t('campaigns.deleteTitle', { name: c?.name ?? '' }),
        text: () => t('campaigns.deleteText'),
        label: t('campaigns.delete'),
        cancelLabel: t('campaigns.cancel'),
        color: 'error',
        pending: remove.isPending,
        run: deleteCampaign,
      }}
    >
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        {list.isError ? (
          <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={() => void list.refetch()}>{t('campaigns.retry')}</Button>}>
            {t('campaigns.loadError')}
          </Alert>
        ) : list.isPending ? (
          <Skeleton variant="rectangular" height={200} />
        ) : rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3 }}>
            {t('campaigns.empty')}
          </Typography>
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('campaigns.tableLabel')} sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('campaigns.columns.name')}</TableCell>
                  <TableCell>{t('campaigns.columns.offer')}</TableCell>
                  <TableCell>{t('campaigns.columns.site')}</TableCell>
                  <TableCell>{t('campaigns.columns.payoutType')}</TableCell>
                  <TableCell>{t('campaigns.columns.destination')}</TableCell>
                  <TableCell>{t('campaigns.columns.created')}</TableCell>
                  <TableCell align="right">{t('campaigns.columns.earnings')}</TableCell>
                  <TableCell>{t('campaigns.columns.link')}</TableCell>
                  <TableCell align="right">{t('campaigns.columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((c) => (
                  <TableRow key={c.id} hover>
                    <TableCell sx={{ fontWeight: 600 }}>{c.name}</TableCell>
                    <TableCell>{c.offer.name}</TableCell>
                    <TableCell>{c.site.display_name}</TableCell>
                    <TableCell>{t(`campaigns.payoutTypes.${c.payout_type}`)}</TableCell>
                    <TableCell sx={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis' }} title={c.destination}>
                      {t(`campaigns.destinationTypes.${c.destination_type}`)}: {c.destination}
                      {c.geo_targeting.length ? ` (+${c.geo_targeting.map((g) => g.country).join(', ')})` : ''}
                    </TableCell>
                    <TableCell>{formatDate(c.date_created)}</TableCell>
                    <TableCell align="right">{formatMoney(c.all_time_earnings)}</TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                        <Typography variant="body2" component="code" sx={{ fontFamily: 'monospace', maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis' }} title={c.tracking_url}>
                          {c.tracking_url}
                        </Typography>
                        <Tooltip title={t('campaigns.copy')}>
                          <IconButton size="small" aria-label={`${t('campaigns.copy')}: ${c.name}`} onClick={() => void copy(c.tracking_url, t)}>
                            <ContentCopy fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </Stack>
                    </TableCell>
                    <TableCell align="right">
                      <Tooltip title={t('campaigns.edit')}>
                        <IconButton aria-label={`${t('campaigns.edit')}: ${c.name}`} onClick={() => page.edit(c)}>
                          <EditOutlined />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('campaigns.delete')}>
                        <IconButton aria-label={`${t('campaigns.delete')}: ${c.name}`} onClick={() => page.confirm(c)}>
                          <DeleteOutline />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
    </ListPage>
  );
}
