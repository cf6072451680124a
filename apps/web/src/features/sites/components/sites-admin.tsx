import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Key from '@mui/icons-material/KeyOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { Site } from '@portal/contracts';
import { useState } from 'react';
import { ListTable } from '../../../components/list-table.tsx';
import { useTranslation } from 'react-i18next';
import { alertError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSites } from '../../../lib/queries/get-sites.ts';
import { useRotateSiteKey } from '../api/rotate-site-key.ts';
import { KeyDialog } from './key-dialog.tsx';
import { SiteForm } from './site-form.tsx';

/** Staff: the sites with create, edit and key rotation; a key is shown once, in a dialog with copy. */
export function SitesAdmin() {
  const { t } = useTranslation();
  const sites = useSites();
  const rotate = useRotateSiteKey();
  const [editing, setEditing] = useState<{ item: Site | undefined }>();
  const [rotating, setRotating] = useState<Site>();
  const [shownKey, setShownKey] = useState<{ name: string; key: string }>();
  const rows = sites.data ?? [];

  const confirmRotate = async () => {
    if (!rotating) return;
    try {
      const site = await rotate.mutateAsync(rotating.id);
      setRotating(undefined);
      setShownKey({ name: site.display_name, key: site.api_key });
    } catch (error) {
      alertError(error);
    }
  };

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ item: undefined })}>
          {t('offers.admin.newSite')}
        </Button>
      </Stack>
      <ListTable label={t('offers.admin.sitesLabel')} columns={[t('offers.admin.displayName'), t('offers.admin.name'), t('offers.admin.url'), t('offers.admin.apiKey'), t('offers.admin.created'), t('offers.actions')]} count={rows.length} pending={sites.isPending} empty={t('offers.admin.noSites')}>
        {rows.map((s) => (
          <TableRow key={s.id}>
            <TableCell sx={{ fontWeight: 600 }}>{s.display_name}</TableCell>
            <TableCell>{s.name}</TableCell>
            <TableCell sx={{ maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{s.url}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{s.api_key_prefix ? t('offers.admin.keyPrefix', { prefix: s.api_key_prefix }) : '—'}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(s.created_at)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <Tooltip title={t('offers.admin.rotateKey')}>
                <IconButton aria-label={`${t('offers.admin.rotateKey')}: ${s.display_name}`} onClick={() => setRotating(s)}>
                  <Key />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('offers.edit')}>
                <IconButton aria-label={`${t('offers.edit')}: ${s.display_name}`} onClick={() => setEditing({ item: s })}>
                  <EditOutlined />
                </IconButton>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
      {editing ? <SiteForm site={editing.item} onClose={() => setEditing(undefined)} onKey={(name, key) => setShownKey({ name, key })} /> : null}
      {shownKey ? <KeyDialog name={shownKey.name} apiKey={shownKey.key} onClose={() => setShownKey(undefined)} /> : null}
      <Dialog open={Boolean(rotating)} onClose={() => setRotating(undefined)} aria-labelledby="rotate-key-title">
        <DialogTitle id="rotate-key-title">{t('offers.admin.rotateTitle', { name: rotating?.display_name ?? '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('offers.admin.rotateText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRotating(undefined)}>{t('offers.cancel')}</Button>
          <Button color="warning" variant="contained" onClick={() => void confirmRotate()} loading={rotate.isPending}>
            {t('offers.admin.rotateKey')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
