import Key from '@mui/icons-material/KeyOutlined';
import Payments from '@mui/icons-material/PaymentsOutlined';
import Sync from '@mui/icons-material/Sync';
import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { Site, siteSortFields } from '@portal/contracts';
import { type ReactNode, useState } from 'react';
import { ListPage, useListPage } from '../../../components/list-page.tsx';
import { ListSearch } from '../../../components/list-search.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { mutateAndNotify } from '../../../lib/mutate-and-notify.ts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { useSitesPage } from '../../../lib/queries/get-sites.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { useRotateSiteKey } from '../api/rotate-site-key.ts';
import { useSyncSite } from '../api/sync-site.ts';
import { LastSyncCell } from './last-sync-cell.tsx';
import { alertError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.tsx';
import { KeyDialog } from './key-dialog.tsx';
import { SiteForm } from './site-form.tsx';

export interface SitesAdminProps {
  /** A site's Billers section (features/billers), opened from its row; the page puts it in. */
  billers?: { label: string; render: (site: Site, close: () => void) => ReactNode };
}

/** Staff: the sites with create, edit and key rotation; a key is shown once, in a dialog with copy. */
export function SitesAdmin({ billers }: SitesAdminProps = {}) {
  const { t } = useTranslation();
  const list = useListPage<Site>();
  const paged = useListQuery<(typeof siteSortFields)[number]>();
  const sites = useSitesPage(paged.params);
  const rotate = useRotateSiteKey();
  const sync = useSyncSite();
  const syncNow = (site: Site) =>
    sync.mutate(site.id, { onSuccess: () => notify.success(t('offers.admin.syncQueued', { name: site.display_name })), onError: alertError });
  const [shownKey, setShownKey] = useState<{ name: string; key: string }>();
  const [billersOf, setBillersOf] = useState<Site>();
  const rows = sites.data?.data ?? [];

  const rotateKey = (site: Site) =>
    mutateAndNotify(async () => {
      const rotated = await rotate.mutateAsync(site.id);
      setShownKey({ name: rotated.display_name, key: rotated.api_key });
    });

  return (
    <ListPage<Site>
      state={list}
      toolbar={<ListSearch id="sites-search" value={paged.query.search} onSearch={paged.setSearch} />}
      newLabel={t('offers.admin.newSite')}
      renderForm={(site, close) => <SiteForm site={site} onClose={close} onKey={(name, key) => setShownKey({ name, key })} />}
      confirm={{
        titleId: 'rotate-key-title',
        title: (site) => t('offers.admin.rotateTitle', { name: site?.display_name ?? '' }),
        text: () => t('offers.admin.rotateText'),
        label: t('offers.admin.rotateKey'),
        cancelLabel: t('offers.cancel'),
        color: 'warning',
        pending: rotate.isPending,
        run: rotateKey,
      }}
      dialogs={
        <>
          {shownKey ? <KeyDialog name={shownKey.name} apiKey={shownKey.key} onClose={() => setShownKey(undefined)} /> : null}
          {billers && billersOf ? billers.render(billersOf, () => setBillersOf(undefined)) : null}
        </>
      }
    >
      <ListTable
        label={t('offers.admin.sitesLabel')}
        columns={[
          { label: t('offers.admin.displayName'), sort: 'display_name' },
          { label: t('offers.admin.name'), sort: 'name' },
          t('offers.admin.url'),
          t('offers.admin.apiKey'),
          t('offers.admin.lastSync'),
          { label: t('offers.admin.created'), sort: 'created_at' },
          t('offers.actions'),
        ]}
        count={rows.length}
        pending={sites.isPending}
        empty={t('offers.admin.noSites')}
        sorting={{ ...paged.query, onSort: (sort) => paged.sortBy(sort as (typeof siteSortFields)[number]) }}
        paging={{ total: sites.data?.meta.total ?? 0, page: paged.query.page, perPage: paged.query.per_page, onChange: paged.setPage }}
      >
        {rows.map((s) => (
          <TableRow key={s.id}>
            <TableCell sx={{ fontWeight: 600 }}>{s.display_name}</TableCell>
            <TableCell>{s.name}</TableCell>
            <TableCell sx={{ maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{s.url}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{s.api_key_prefix ? t('offers.admin.keyPrefix', { prefix: s.api_key_prefix }) : '—'}</TableCell>
            <TableCell>
              <LastSyncCell site={s} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(s.created_at)}</TableCell>
            <RowActions
              name={s.display_name}
              actions={[
                ...(s.models_api_url || s.scenes_api_url ? [{ label: t('offers.admin.syncNow'), icon: <Sync />, onClick: () => syncNow(s) }] : []),
                { label: t('offers.admin.rotateKey'), icon: <Key />, onClick: () => list.confirm(s) },
              ]}
              edit={{ label: t('offers.edit'), onClick: () => list.edit(s) }}
            >
              {/* Billers by name, not an icon to guess: where a site's biller accounts and their set-up are. */}
              {billers ? (
                <Button size="small" variant="outlined" startIcon={<Payments />} onClick={() => setBillersOf(s)} aria-label={`${billers.label}: ${s.display_name}`} sx={{ mr: 0.5 }}>
                  {billers.label}
                </Button>
              ) : null}
            </RowActions>
          </TableRow>
        ))}
      </ListTable>
    </ListPage>
  );
}
