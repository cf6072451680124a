import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type Tier, tierMessages } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { mutateAndNotify } from '../../../lib/mutate-and-notify.ts';
import { useTierList } from '../../../lib/queries/get-tiers.ts';
import { useTierMutations } from '../api/tiers.ts';
import { TierDialog } from './tier-dialog.tsx';

/**
 * Global Settings, Tiers (staff with `settings`): list with affiliates counted, create, rename, make
 * one the default for new sign-ups, delete (not the default: its affiliates move to the default).
 */
export function TiersSection() {
  const { t } = useTranslation();
  const tiers = useTierList();
  const { update, remove } = useTierMutations();
  const [editing, setEditing] = useState<Tier | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Tier | null>(null);
  const defaultTier = (tiers.data ?? []).find((tier) => tier.is_default);

  const makeDefault = (tier: Tier) => void mutateAndNotify(() => update.mutateAsync({ id: tier.id, body: { name: tier.name, is_default: true } }), (r) => r.message);
  const confirmDelete = async () => {
    if (deleting && (await mutateAndNotify(() => remove.mutateAsync(deleting.id), (r) => r.message))) setDeleting(null);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="tiers-heading" sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 2, gap: 1.5, flexWrap: 'wrap' }}>
        <div style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Typography id="tiers-heading" variant="h6" component="h2">
            {t('tiers.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('tiers.description')}
          </Typography>
        </div>
        <Button variant="contained" onClick={() => setEditing('new')}>
          {t('tiers.add')}
        </Button>
      </Stack>
      {tiers.error ? <Alert severity="error">{tiers.error.message}</Alert> : null}
      {tiers.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        <TableContainer tabIndex={0} role="region" aria-label={t('tiers.list')}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('tiers.name')}</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('tiers.affiliates')}
                </TableCell>
                <TableCell align="right">{t('tiers.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(tiers.data ?? []).length === 0 ? (
                <TableRow>
                  <TableCell colSpan={3}>{t('tiers.empty')}</TableCell>
                </TableRow>
              ) : null}
              {(tiers.data ?? []).map((tier) => (
                <TableRow key={tier.id} data-testid={`tier-${tier.id}`}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                      <Typography variant="body2">{tier.name}</Typography>
                      {tier.is_default ? <Chip size="small" color="primary" variant="outlined" label={t('tiers.default')} /> : null}
                    </Stack>
                    <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                      {t('tiers.affiliatesCount', { count: tier.affiliates_count ?? 0 })}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {tier.affiliates_count ?? 0}
                  </TableCell>
                  <TableCell align="right">
                    <Stack direction={{ xs: 'column', md: 'row' }} sx={{ justifyContent: 'flex-end', alignItems: { xs: 'flex-end', md: 'center' }, columnGap: 0.5, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
                      <Button size="small" onClick={() => setEditing(tier)} aria-label={`${t('tiers.edit')} ${tier.name}`}>
                        {t('tiers.edit')}
                      </Button>
                      {tier.is_default ? null : (
                        <Button size="small" onClick={() => makeDefault(tier)} disabled={update.isPending} aria-label={`${t('tiers.makeDefault')}: ${tier.name}`}>
                          {t('tiers.makeDefault')}
                        </Button>
                      )}
                      <Button
                        size="small"
                        color="error"
                        disabled={tier.is_default}
                        title={tier.is_default ? t('tiers.defaultLocked') : undefined}
                        onClick={() => setDeleting(tier)}
                        aria-label={`${t('tiers.delete')} ${tier.name}`}
                      >
                        {t('tiers.delete')}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing ? <TierDialog tier={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        titleId="delete-tier-title"
        title={t('tiers.deleteTitle', { name: deleting?.name ?? '' })}
        text={tierMessages.deleteWarning(deleting?.affiliates_count ?? 0, defaultTier?.name ?? '')}
        label={t('tiers.delete')}
        cancelLabel={t('tiers.cancel')}
        color="error"
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}
