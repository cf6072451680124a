import EditOutlined from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { LandingPage } from '@portal/contracts';
import { ListPage, useListPage } from '../../../components/list-page.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { useTranslation } from 'react-i18next';
import { useLandingPages } from '../../../lib/queries/get-landing-pages.ts';
import { useSites } from '../../../lib/queries/get-sites.ts';
import { LandingPageForm } from './landing-page-form.tsx';

/** Staff: the landing pages of every site, with create and edit. */
export function LandingPagesAdmin() {
  const { t } = useTranslation();
  const list = useListPage<LandingPage>();
  const pages = useLandingPages(undefined);
  const sites = useSites();
  const rows = pages.data ?? [];
  const siteName = (id: number) => sites.data?.find((s) => s.id === id)?.display_name ?? '';
  return (
    <ListPage<LandingPage> state={list} newLabel={t('offers.admin.newLandingPage')} renderForm={(page, close) => <LandingPageForm page={page} onClose={close} />}>
      <ListTable label={t('offers.admin.landingPagesLabel')} columns={[t('offers.admin.name'), t('offers.site'), t('offers.admin.url'), t('offers.admin.language'), t('offers.actions')]} count={rows.length} pending={pages.isPending} empty={t('offers.admin.noLandingPages')}>
        {rows.map((lp) => (
          <TableRow key={lp.id}>
            <TableCell sx={{ fontWeight: 600 }}>{lp.name}</TableCell>
            <TableCell>{siteName(lp.site_id)}</TableCell>
            <TableCell sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{lp.url}</TableCell>
            <TableCell>{lp.language}</TableCell>
            <TableCell align="right">
              <Tooltip title={t('offers.edit')}>
                <IconButton aria-label={`${t('offers.edit')}: ${lp.name}`} onClick={() => list.edit(lp)}>
                  <EditOutlined />
                </IconButton>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
    </ListPage>
  );
}
