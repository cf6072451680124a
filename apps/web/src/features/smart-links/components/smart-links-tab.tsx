import ContentCopy from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { SmartLink } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ListPage, useListPage } from '../../../components/list-page.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import { mutateAndNotify } from '../../../lib/mutate-and-notify.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useDeleteSmartLink, useSmartLinks } from '../api/smart-links.ts';
import { SmartLinkForm } from './smart-link-form.tsx';

/** Offers > Smart links: the affiliate's links over several offers, with their address to copy, create, edit and delete. */
export function SmartLinksTab() {
  const { t } = useTranslation();
  const page = useListPage<SmartLink>();
  const list = useSmartLinks();
  const remove = useDeleteSmartLink();
  const rows = list.data ?? [];
  const copy = async (url: string) => (await copyText(url) ? notify.success(t('offers.smartLinks.copied')) : notify.error(t('offers.smartLinks.copyByHand')));

  return (
    <ListPage<SmartLink>
      state={page}
      spacing={2.5}
      toolbar={<Typography color="text.secondary">{t('offers.smartLinks.intro')}</Typography>}
      newLabel={t('offers.smartLinks.create')}
      renderForm={(link, close) => <SmartLinkForm key={link?.id ?? 'new'} link={link} onClose={close} />}
      confirm={{
        titleId: 'smart-link-delete-title',
        title: () => t('offers.smartLinks.deleteTitle'),
        text: (l) => t('offers.smartLinks.deleteText', { name: l?.name ?? '' }),
        label: t('offers.delete'),
        cancelLabel: t('offers.cancel'),
        color: 'error',
        pending: remove.isPending,
        run: (l) => mutateAndNotify(() => remove.mutateAsync(l.id), t('offers.smartLinks.deleted')),
      }}
    >
      <ListTable
        label={t('offers.smartLinks.tableLabel')}
        columns={[t('offers.smartLinks.name'), t('offers.smartLinks.offers'), t('offers.smartLinks.mode'), t('offers.smartLinks.url'), t('offers.actions')]}
        count={rows.length}
        pending={list.isPending}
        empty={t('offers.smartLinks.empty')}
      >
        {rows.map((l) => (
          <TableRow key={l.id}>
            <TableCell>{l.name}</TableCell>
            <TableCell>{l.entries.map((e) => `${e.offer_name} (${e.weight})`).join(', ')}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`offers.smartLinks.modes.${l.mode}`)}</TableCell>
            <TableCell sx={{ maxWidth: 360, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontFamily: 'monospace' }} title={l.url}>
              {l.url}
              <Tooltip title={t('offers.smartLinks.copy')}>
                <IconButton size="small" aria-label={`${t('offers.smartLinks.copy')}: ${l.name}`} onClick={() => void copy(l.url)} sx={{ ml: 0.5 }}>
                  <ContentCopy fontSize="small" />
                </IconButton>
              </Tooltip>
            </TableCell>
            <RowActions name={l.name} edit={{ label: t('offers.edit'), onClick: () => page.edit(l) }} remove={{ label: t('offers.delete'), onClick: () => page.confirm(l) }} />
          </TableRow>
        ))}
      </ListTable>
    </ListPage>
  );
}
