import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../components/list-table.tsx';
import { alertError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useAffiliates } from '../api/get-affiliates.ts';

export interface AffiliatesListProps {
  /** Opens the affiliate's session in a new tab (the session feature's login-as). */
  openSession: (affiliateId: number) => Promise<'opened' | 'blocked'>;
  /** More actions of a row, from other features (the Bonus dialog). */
  renderActions?: (affiliate: { id: number; name: string; email: string }) => ReactNode;
}

// Placeholder list until the affiliates feature (actions, dialogs, filters) replaces this page.
export function AffiliatesList({ openSession, renderActions }: AffiliatesListProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const list = useAffiliates(deferred);
  const [opening, setOpening] = useState<number>();

  const loginAs = async (id: number) => {
    setOpening(id);
    try {
      if ((await openSession(id)) === 'blocked') notify.warning(t('auth.affiliates.popupBlocked'));
    } catch (error) {
      alertError(error);
    } finally {
      setOpening(undefined);
    }
  };

  const rows = list.data?.data ?? [];
  return (
    <Stack spacing={2}>
      <TextField label={t('auth.affiliates.search')} value={search} onChange={(e) => setSearch(e.target.value)} size="small" sx={{ maxWidth: 360 }} />
      <ListTable
        label={t('auth.affiliates.tableLabel')}
        columns={[t('auth.affiliates.name'), t('auth.affiliates.email'), t('auth.affiliates.tier'), t('auth.affiliates.status'), t('auth.affiliates.actions')]}
        count={rows.length}
        pending={!list.isSuccess}
        empty={t('auth.affiliates.empty')}
      >
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell>{row.name}</TableCell>
            <TableCell>{row.email}</TableCell>
            <TableCell>{row.tier?.name ?? ''}</TableCell>
            <TableCell>
              <Chip size="small" color={row.is_active ? 'success' : 'default'} label={row.is_active ? t('auth.affiliates.active') : t('auth.affiliates.inactive')} />
            </TableCell>
            <TableCell align="right">
              {renderActions?.(row)}
              <Button size="small" variant="outlined" loading={opening === row.id} onClick={() => void loginAs(row.id)} aria-label={`${t('auth.affiliates.loginAs')} ${row.email}`}>
                {t('auth.affiliates.loginAs')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
    </Stack>
  );
}
