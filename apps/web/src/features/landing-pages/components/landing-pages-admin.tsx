import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { LandingPage, landingPageSortFields } from '@portal/contracts';
import { ListPage, useListPage } from '../../../components/list-page.tsx';
import { ListSearch } from '../../../components/list-search.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { useTranslation } from 'react-i18next';
import { useLandingPagesPage } from '../../../lib/queries/get-landing-pages.ts';
import { useSites } from '../../../lib/queries/get-sites.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { LandingPageForm } from './landing-page-form.tsx';

/** Staff: the landing pages of every site, with create and edit. */
export function LandingPagesAdmin() {
  const { t } = useTranslation();
  const list = useListPage<LandingPage>();
  const paged = useListQuery<(typeof landingPageSortFields)[number]>();
  const pages = useLandingPagesPage(paged.params);
  const sites = useSites();
  const rows = pages.data?.data ?? [];
  const siteName = (id: number) => sites.data?.find((s) => s.id === id)?.display_name ?? '';
  return (
    <ListPage<LandingPage>
      state={list}
      toolbar={<ListSearch id="landing-pages-search" value={paged.query.search} onSearch={paged.setSearch} />}
      newLabel={t('offers.admin.newLandingPage')}
      renderForm={(page, close) => <LandingPageForm page={page} sites={sites.data ?? []} withImages={false} onClose={close} />}
    >
      <ListTable
        label={t('offers.admin.landingPagesLabel')}
        columns={[{ label: t('offers.admin.name'), sort: 'name' }, t('offers.site'), t('offers.admin.url'), { label: t('offers.admin.language'), sort: 'language' }, t('offers.actions')]}
        count={rows.length}
        pending={pages.isPending}
        empty={t('offers.admin.noLandingPages')}
        sorting={{ ...paged.query, onSort: (sort) => paged.sortBy(sort as (typeof landingPageSortFields)[number]) }}
        paging={{ total: pages.data?.meta.total ?? 0, page: paged.query.page, perPage: paged.query.per_page, onChange: paged.setPage }}
      >
        {rows.map((lp) => (
          <TableRow key={lp.id}>
            <TableCell sx={{ fontWeight: 600 }}>{lp.name}</TableCell>
            <TableCell>{siteName(lp.site_id)}</TableCell>
            <TableCell sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{lp.url}</TableCell>
            <TableCell>{lp.language}</TableCell>
            <RowActions name={lp.name} edit={{ label: t('offers.edit'), onClick: () => list.edit(lp) }} />
          </TableRow>
        ))}
      </ListTable>
    </ListPage>
  );
}
