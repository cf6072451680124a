import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { LandingPage } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLandingPages } from '../api/get-landing-pages.ts';
import { useSites } from '../api/get-sites.ts';
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
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        {rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {pages.isPending ? '' : t('offers.admin.noLandingPages')}
          </Typography>
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('offers.admin.landingPagesLabel')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('offers.admin.name')}</TableCell>
                  <TableCell>{t('offers.site')}</TableCell>
                  <TableCell>{t('offers.admin.url')}</TableCell>
                  <TableCell>{t('offers.admin.language')}</TableCell>
                  <TableCell align="right">{t('offers.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
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
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
      {editing ? <LandingPageForm page={editing.item} onClose={() => setEditing(undefined)} /> : null}
    </Stack>
  );
}
