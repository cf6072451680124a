import Archive from '@mui/icons-material/ArchiveOutlined';
import Unarchive from '@mui/icons-material/UnarchiveOutlined';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { Offer, offerSortFields } from '@portal/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ListPage, useListPage } from '../../../components/list-page.tsx';
import { ListSearch } from '../../../components/list-search.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { mutateAndNotify } from '../../../lib/mutate-and-notify.ts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useArchiveOffer } from '../api/archive-offer.ts';
import { useOffersPage } from '../../../lib/queries/get-offers.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { payoutText } from '../lib/payout.ts';
import { OfferForm } from './offer-form.tsx';
import { SiteOfferPicker } from './site-offer-picker.tsx';

/** Confirms archiving (links stop counting); restoring needs no confirmation. */
export function useArchiveAction() {
  const { t } = useTranslation();
  const archive = useArchiveOffer();
  const [asking, setAsking] = useState<Offer>();
  const run = async (offer: Offer, archived: boolean) => {
    if (await mutateAndNotify(() => archive.mutateAsync({ id: offer.id, archived }), (reply) => reply.message ?? t('forms.updated'))) setAsking(undefined);
  };
  const request = (offer: Offer) => (offer.status === 'archived' ? void run(offer, false) : setAsking(offer));
  const dialog = (
    <ConfirmDialog
      open={Boolean(asking)}
      titleId="archive-offer-title"
      title={t('offers.admin.archiveTitle', { name: asking?.name ?? '' })}
      text={t('offers.admin.archiveText')}
      label={t('offers.admin.archive')}
      cancelLabel={t('offers.cancel')}
      color="warning"
      pending={archive.isPending}
      onConfirm={() => asking && void run(asking, true)}
      onClose={() => setAsking(undefined)}
    />
  );
  return { request, dialog };
}

/** Staff: offers of a site (or all), with create, edit, archive and restore; the name opens the offer detail. */
export function OffersAdmin({ siteId, onSite, canOpenDetail }: { siteId: number | undefined; onSite: (id: number | undefined) => void; canOpenDetail: boolean }) {
  const { t } = useTranslation();
  const list = useListPage<Offer>();
  const [archived, setArchived] = useState(false);
  const paged = useListQuery<(typeof offerSortFields)[number]>();
  const offers = useOffersPage({ ...paged.params, site_id: siteId === undefined ? undefined : String(siteId), status: archived ? 'all' : undefined });
  const archive = useArchiveAction();
  const rows = offers.data?.data ?? [];
  return (
    <ListPage<Offer>
      state={list}
      toolbar={
        <>
          <Stack sx={{ flex: 1, minWidth: 0 }}>
            <SiteOfferPicker siteId={siteId} onSite={onSite} idPrefix="admin-offers" />
          </Stack>
          <ListSearch id="offers-search" value={paged.query.search} onSearch={paged.setSearch} />
          <FormControlLabel
            control={
              <Switch
                checked={archived}
                onChange={(e) => {
                  setArchived(e.target.checked);
                  paged.setFilters({});
                }}
              />
            }
            label={t('offers.admin.showArchived')}
          />
        </>
      }
      newLabel={t('offers.admin.newOffer')}
      renderForm={(offer, close) => <OfferForm offer={offer} siteId={siteId} onClose={close} />}
      dialogs={archive.dialog}
    >
      <ListTable
        label={t('offers.admin.offersLabel')}
        columns={[
          { label: t('offers.admin.name'), sort: 'name' },
          { label: t('offers.site'), sort: 'site' },
          { label: t('offers.admin.defaultPayout'), sort: 'default_payout' },
          t('offers.landingPage'),
          t('offers.admin.status'),
          t('offers.actions'),
        ]}
        count={rows.length}
        pending={offers.isPending}
        empty={t('offers.admin.noOffersStaff')}
        sorting={{ ...paged.query, onSort: (sort) => paged.sortBy(sort as (typeof offerSortFields)[number]) }}
        paging={{ total: offers.data?.meta.total ?? 0, page: paged.query.page, perPage: paged.query.per_page, onChange: paged.setPage }}
      >
        {rows.map((o) => (
          <TableRow key={o.id}>
            <TableCell sx={{ fontWeight: 600 }}>
              {canOpenDetail ? (
                <Link component={RouterLink} to={`/offers/${o.id}`}>
                  {o.name}
                </Link>
              ) : (
                o.name
              )}
            </TableCell>
            <TableCell>{o.site.display_name}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{payoutText(o, t, o.default_payout)}</TableCell>
            <TableCell>{o.landing_page?.name ?? '—'}</TableCell>
            <TableCell>
              <Chip size="small" color={o.status === 'active' ? 'success' : 'default'} label={t(`offers.admin.statuses.${o.status}`)} />
            </TableCell>
            <RowActions
              name={o.name}
              edit={{ label: t('offers.edit'), onClick: () => list.edit(o) }}
              actions={[{ label: t(o.status === 'archived' ? 'offers.admin.restore' : 'offers.admin.archive'), icon: o.status === 'archived' ? <Unarchive /> : <Archive />, onClick: () => archive.request(o) }]}
            />
          </TableRow>
        ))}
      </ListTable>
    </ListPage>
  );
}
