import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { type Campaign, trackingMessages } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../components/list-table.tsx';
import { ShortLink } from '../../../components/short-link.tsx';
import { alertError } from '../../../lib/api-client.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { notify } from '../../../lib/notifications.tsx';
import { ListPage, useListPage } from '../../../components/list-page.tsx';
import { useDeleteCampaign } from '../api/delete-campaign.ts';
import { useCampaigns } from '../../../lib/queries/get-campaigns.ts';
import { CampaignForm } from './campaign-form.tsx';

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
      {list.isError ? (
        <Alert severity="error" action={<Button onClick={() => void list.refetch()}>{t('campaigns.retry')}</Button>}>
          {t('campaigns.loadError')}
        </Alert>
      ) : (
        <ListTable
          label={t('campaigns.tableLabel')}
          columns={[
            t('campaigns.columns.name'),
            t('campaigns.columns.offer'),
            t('campaigns.columns.site'),
            t('campaigns.columns.payoutType'),
            t('campaigns.columns.destination'),
            t('campaigns.columns.created'),
            { label: t('campaigns.columns.earnings'), align: 'right' },
            t('campaigns.columns.link'),
            t('campaigns.columns.actions'),
          ]}
          count={rows.length}
          pending={list.isPending}
          empty={t('campaigns.empty')}
        >
          {rows.map((c) => (
            <TableRow key={c.id} hover>
              <TableCell sx={{ fontWeight: 600 }}>{c.name}</TableCell>
              <TableCell>{c.offer.name}</TableCell>
              <TableCell>{c.site.display_name}</TableCell>
              <TableCell>{t(`campaigns.payoutTypes.${c.payout_type}`)}</TableCell>
              <TableCell sx={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={c.destination}>
                {t(`campaigns.destinationTypes.${c.destination_type}`)}: {c.destination}
                {c.geo_targeting.length ? ` (+${c.geo_targeting.map((g) => g.country).join(', ')})` : ''}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(c.date_created)}</TableCell>
              <TableCell align="right">{formatMoney(c.all_time_earnings)}</TableCell>
              <TableCell>
                <ShortLink url={c.tracking_url} copyLabel={`${t('campaigns.copy')}: ${c.name}`} />
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
        </ListTable>
      )}
    </ListPage>
  );
}
