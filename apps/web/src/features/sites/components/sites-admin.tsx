import EditOutlined from '@mui/icons-material/EditOutlined';
import Key from '@mui/icons-material/KeyOutlined';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { Site } from '@portal/contracts';
import { useState } from 'react';
import { ListPage, useListPage } from '../../../components/list-page.tsx';
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
  const list = useListPage<Site>();
  const sites = useSites();
  const rotate = useRotateSiteKey();
  const [shownKey, setShownKey] = useState<{ name: string; key: string }>();
  const rows = sites.data ?? [];

  const rotateKey = async (site: Site) => {
    try {
      const rotated = await rotate.mutateAsync(site.id);
      setShownKey({ name: rotated.display_name, key: rotated.api_key });
      return true;
    } catch (error) {
      alertError(error);
      return false;
    }
  };

  return (
    <ListPage<Site>
      state={list}
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
      dialogs={shownKey ? <KeyDialog name={shownKey.name} apiKey={shownKey.key} onClose={() => setShownKey(undefined)} /> : null}
    >
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
                <IconButton aria-label={`${t('offers.admin.rotateKey')}: ${s.display_name}`} onClick={() => list.confirm(s)}>
                  <Key />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('offers.edit')}>
                <IconButton aria-label={`${t('offers.edit')}: ${s.display_name}`} onClick={() => list.edit(s)}>
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
