import type { AffiliateBulkRequest } from '@portal/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { runBulkChunk } from '../api/affiliate-actions.ts';
import { affiliatesQueryKey, useManagers, useTiers } from '../api/get-affiliates.ts';
import { failureMessage } from './affiliate-dialogs.tsx';

const CHUNK = 10;
type Action = AffiliateBulkRequest['action'];

/** Bulk actions on the selected rows: sent in chunks of 10 so the bar shows progress, with a result per row. */
export function BulkBar({ ids, names, onDone }: { ids: number[]; names: Map<number, string>; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<Action | ''>('');
  const [target, setTarget] = useState('');
  const [done, setDone] = useState<number>();
  const [results, setResults] = useState<Array<{ id: number; ok: boolean; message: string }>>([]);
  const tiers = useTiers(action === 'tier');
  const managers = useManagers(action === 'manager');
  const running = done !== undefined && done < ids.length;

  // Deactivating signs people out: asked first, with how many.
  const [confirming, setConfirming] = useState(false);
  const run = async () => {
    setConfirming(false);
    if (!action || (action === 'tier' && !target)) return;
    setResults([]);
    setDone(0);
    const out: typeof results = [];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      try {
        out.push(...(await runBulkChunk({ action, ids: chunk, ...(action === 'tier' ? { tier_id: target } : {}), ...(action === 'manager' ? { manager_id: target || null } : {}) })));
      } catch (error) {
        out.push(...chunk.map((id) => ({ id, ok: false, message: failureMessage(error) })));
      }
      setResults([...out]);
      setDone(Math.min(ids.length, i + CHUNK));
    }
    await queryClient.invalidateQueries({ queryKey: affiliatesQueryKey });
    if (out.every((r) => r.ok)) onDone();
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography>{t('auth.affiliates.selected', { count: ids.length })}</Typography>
        <TextField select size="small" label={t('auth.affiliates.bulkAction')} value={action} onChange={(e) => (setAction(e.target.value as Action), setTarget(''))} sx={{ minWidth: 200 }}>
          <MenuItem value="activate">{t('auth.affiliates.activate')}</MenuItem>
          <MenuItem value="deactivate">{t('auth.affiliates.deactivate')}</MenuItem>
          <MenuItem value="tier">{t('auth.affiliates.assignTier')}</MenuItem>
          <MenuItem value="manager">{t('auth.affiliates.assignManager')}</MenuItem>
        </TextField>
        {action === 'tier' ? (
          <TextField select size="small" label={t('auth.affiliates.tier')} value={target} onChange={(e) => setTarget(e.target.value)} sx={{ minWidth: 160 }}>
            {(tiers.data ?? []).map((tier) => (
              <MenuItem key={tier.id} value={String(tier.id)}>
                {tier.name}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        {action === 'manager' ? (
          <TextField select size="small" label={t('auth.affiliates.manager')} value={target} onChange={(e) => setTarget(e.target.value)} sx={{ minWidth: 160 }}>
            <MenuItem value="">{t('auth.affiliates.noManager')}</MenuItem>
            {(managers.data ?? []).map((m) => (
              <MenuItem key={m.id} value={String(m.id)}>
                {m.name}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        <Button variant="contained" onClick={() => (action === 'deactivate' ? setConfirming(true) : void run())} disabled={!action || running || (action === 'tier' && !target)}>
          {t('auth.affiliates.apply')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        titleId="affiliates-bulk-confirm"
        title={t('auth.affiliates.confirm.bulkDeactivateTitle', { count: ids.length })}
        text={t('auth.affiliates.confirm.bulkDeactivateText')}
        label={t('auth.affiliates.deactivate')}
        cancelLabel={t('auth.affiliates.confirm.cancel')}
        color="error"
        pending={false}
        onConfirm={() => void run()}
        onClose={() => setConfirming(false)}
      />
      {done !== undefined ? (
        <Stack spacing={1} sx={{ mt: 2 }}>
          <LinearProgress variant="determinate" value={(done / ids.length) * 100} aria-label={t('auth.affiliates.progress')} />
          <Typography variant="body2">{t('auth.affiliates.progressText', { done, total: ids.length })}</Typography>
          <List dense aria-label={t('auth.affiliates.results')}>
            {results.map((r) => (
              <ListItem key={r.id} disableGutters>
                <Alert severity={r.ok ? 'success' : 'error'} sx={{ width: '100%', py: 0 }}>
                  {names.get(r.id) ?? `#${r.id}`}: {r.message}
                </Alert>
              </ListItem>
            ))}
          </List>
        </Stack>
      ) : null}
    </Paper>
  );
}
