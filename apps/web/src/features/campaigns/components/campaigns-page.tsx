import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { type Campaign, type campaignSortFields, trackingMessages } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../../../components/list-search.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { mutateAndNotify } from '../../../lib/mutate-and-notify.ts';
import { ShortLink } from '../../../components/short-link.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { ListPage, useListPage } from '../../../components/list-page.tsx';
import { useDeleteCampaign } from '../api/delete-campaign.ts';
import { useCampaignsPage } from '../../../lib/queries/get-campaigns.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { CampaignForm } from './campaign-form.tsx';

/** /campaigns (affiliates): the campaigns with their links and all-time earnings; create, edit and delete with confirmation. */
export function CampaignsPage() {
  const { t } = useTranslation();
  const page = useListPage<Campaign>();
  const paged = useListQuery<(typeof campaignSortFields)[number]>();
  const list = useCampaignsPage(paged.params);
  const remove = useDeleteCampaign();
  const rows = list.data?.data ?? [];

  const deleteCampaign = (campaign: Campaign) => mutateAndNotify(() => remove.mutateAsync(campaign.id), trackingMessages.campaignDeleted);

  return (
    <ListPage<Campaign>
      state={page}
      toolbar={<ListSearch id="campaigns-search" value={paged.query.search} onSearch={paged.setSearch} />}
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
            { label: t('campaigns.columns.name'), sort: 'name' },
            { label: t('campaigns.columns.offer'), sort: 'offer' },
            t('campaigns.columns.site'),
            t('campaigns.columns.payoutType'),
            t('campaigns.columns.destination'),
            { label: t('campaigns.columns.created'), sort: 'created_at' },
            { label: t('campaigns.columns.earnings'), align: 'right' },
            t('campaigns.columns.link'),
            t('campaigns.columns.actions'),
          ]}
          count={rows.length}
          pending={list.isPending}
          empty={t('campaigns.empty')}
          sorting={{ ...paged.query, onSort: (sort) => paged.sortBy(sort as (typeof campaignSortFields)[number]) }}
          paging={{ total: list.data?.meta.total ?? 0, page: paged.query.page, perPage: paged.query.per_page, onChange: paged.setPage }}
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
              <RowActions name={c.name} edit={{ label: t('campaigns.edit'), onClick: () => page.edit(c) }} remove={{ label: t('campaigns.delete'), onClick: () => page.confirm(c) }} />
            </TableRow>
          ))}
        </ListTable>
      )}
    </ListPage>
  );
}
