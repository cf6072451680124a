import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { LandingPage } from '@portal/contracts';
import { useState } from 'react';
import { ListTable } from '../../../components/list-table.tsx';
import { useTranslation } from 'react-i18next';
import { useLandingPages } from '../../../lib/queries/get-landing-pages.ts';
import { useSites } from '../../../lib/queries/get-sites.ts';
import { LandingPageForm } from './landing-page-form.tsx';

/** Staff: the landing pages of every site, with create and edit. */
export function LandingPagesAdmin() {
  const { t } = useTranslation();
  const pages = useLandingPages(undefined);
  const sites = useSites();
  const [editing, setEditing] = useState<{ item: LandingPage | undefined }>();
  const rows = pages.data ?? [];
  const siteName = (id: number) => sites.data?.find((s) => s.id === id)?.display_name ?? '';
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ item: undefined })}>
          {t('offers.admin.newLandingPage')}
        </Button>
      </Stack>
      <ListTable label={t('offers.admin.landingPagesLabel')} columns={[t('offers.admin.name'), t('offers.site'), t('offers.admin.url'), t('offers.admin.language'), t('offers.actions')]} count={rows.length} pending={pages.isPending} empty={t('offers.admin.noLandingPages')}>
        {rows.map((lp) => (
          <TableRow key={lp.id}>
            <TableCell sx={{ fontWeight: 600 }}>{lp.name}</TableCell>
            <TableCell>{siteName(lp.site_id)}</TableCell>
            <TableCell sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{lp.url}</TableCell>
            <TableCell>{lp.language}</TableCell>
            <TableCell align="right">
              <Tooltip title={t('offers.edit')}>
                <IconButton aria-label={`${t('offers.edit')}: ${lp.name}`} onClick={() => setEditing({ item: lp })}>
                  <EditOutlined />
                </IconButton>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
      {editing ? <LandingPageForm page={editing.item} onClose={() => setEditing(undefined)} /> : null}
    </Stack>
  );
}
