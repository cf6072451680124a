import Archive from '@mui/icons-material/ArchiveOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Unarchive from '@mui/icons-material/UnarchiveOutlined';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { Offer } from '@portal/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ListPage, useListPage } from '../../../components/list-page.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { alertError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useArchiveOffer } from '../api/archive-offer.ts';
import { useOffers } from '../../../lib/queries/get-offers.ts';
import { payoutText } from '../lib/payout.ts';
import { OfferForm } from './offer-form.tsx';
import { SiteOfferPicker } from './site-offer-picker.tsx';

/** Confirms archiving (links stop counting); restoring needs no confirmation. */
export function useArchiveAction() {
  const { t } = useTranslation();
  const archive = useArchiveOffer();
  const [asking, setAsking] = useState<Offer>();
  const run = async (offer: Offer, archived: boolean) => {
    try {
      const reply = await archive.mutateAsync({ id: offer.id, archived });
      notify.success(reply.message ?? t('forms.updated'));
      setAsking(undefined);
    } catch (error) {
      alertError(error);
    }
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
  const offers = useOffers(siteId, { status: archived ? 'all' : 'active' });
  const archive = useArchiveAction();
  const rows = offers.data ?? [];
  return (
    <ListPage<Offer>
      state={list}
      toolbar={
        <>
          <Stack sx={{ flex: 1, minWidth: 0 }}>
            <SiteOfferPicker siteId={siteId} onSite={onSite} idPrefix="admin-offers" />
          </Stack>
          <FormControlLabel control={<Switch checked={archived} onChange={(e) => setArchived(e.target.checked)} />} label={t('offers.admin.showArchived')} />
        </>
      }
      newLabel={t('offers.admin.newOffer')}
      renderForm={(offer, close) => <OfferForm offer={offer} siteId={siteId} onClose={close} />}
      dialogs={archive.dialog}
    >
      <ListTable label={t('offers.admin.offersLabel')} columns={[t('offers.admin.name'), t('offers.site'), t('offers.admin.defaultPayout'), t('offers.landingPage'), t('offers.admin.status'), t('offers.actions')]} count={rows.length} pending={offers.isPending} empty={t('offers.admin.noOffersStaff')}>
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
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <Tooltip title={t('offers.edit')}>
                <IconButton aria-label={`${t('offers.edit')}: ${o.name}`} onClick={() => list.edit(o)}>
                  <EditOutlined />
                </IconButton>
              </Tooltip>
              <Tooltip title={t(o.status === 'archived' ? 'offers.admin.restore' : 'offers.admin.archive')}>
                <IconButton aria-label={`${t(o.status === 'archived' ? 'offers.admin.restore' : 'offers.admin.archive')}: ${o.name}`} onClick={() => archive.request(o)}>
                  {o.status === 'archived' ? <Unarchive /> : <Archive />}
                </IconButton>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
    </ListPage>
  );
}
