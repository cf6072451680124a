import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Key from '@mui/icons-material/KeyOutlined';
import Send from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { type BillerAccount, billerNames } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LinkField } from '../../../components/link-field.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { mutateAndNotify } from '../../../lib/mutate-and-notify.ts';
import { useBillerAccounts, useClickIdParam, useDeleteBillerAccount, useRotateBillerKey, useSendTestPost } from '../api/biller-accounts.ts';
import { accountLabel } from '../lib/biller-fields.ts';
import { BillerAccountForm } from './biller-account-form.tsx';

/** The steps for one biller: where in its admin the URL goes, and the join-form field that carries the click id. */
function BillerSteps({ account }: { account: BillerAccount }) {
  const { t } = useTranslation();
  // The parameter the site's own landing pages receive the click id in, named as the site sees it.
  const param = useClickIdParam(account.site_id).data ?? 'cid';
  const steps = t(`billers.stepsFor.${account.biller}`, { returnObjects: true, field: account.passthrough_field, param }) as unknown as string[];
  return (
    <Box>
      <Typography variant="subtitle2" component="h4">
        {t('billers.steps')}
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 2.5, color: 'text.secondary', typography: 'body2', '& li': { mt: 0.5 } }}>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </Box>
    </Box>
  );
}

/** "Send a test post": a sample sale sent to the account's own address, and what it became (a test: no money moves). */
function TestPost({ account, title }: { account: BillerAccount; title: string }) {
  const { t } = useTranslation();
  const send = useSendTestPost();
  const out = send.data;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button size="small" variant="outlined" startIcon={<Send />} loading={send.isPending} onClick={() => send.mutate(account.id)} aria-label={`${t('billers.testPost.send')}: ${title}`}>
        {t('billers.testPost.send')}
      </Button>
      {send.isError ? <Alert severity="error">{send.error.message}</Alert> : null}
      {out ? (
        <Alert severity={out.data.status === 'test' ? 'success' : 'error'} data-testid={`test-post-${account.id}`} sx={{ width: '100%', overflowWrap: 'anywhere' }}>
          {out.message}{' '}
          {out.data.status === 'test'
            ? t('billers.testPost.readAs', { type: t(`billers.events.types.${out.data.event_type ?? 'sale'}`), amount: out.data.amount ?? '', currency: out.data.currency ?? '', cid: out.data.cid ?? '' })
            : (out.data.reason ?? '')}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** One biller account as a card: biller and identifiers, state, the postback URL with copy, the steps, and its actions. */
function AccountCard({ account, onEdit, onRotate, onDelete }: { account: BillerAccount; onEdit: () => void; onRotate: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const name = billerNames[account.biller];
  const label = accountLabel(account);
  const title = label ? `${name} ${label}` : name;
  return (
    <Paper variant="outlined" component="section" aria-label={title} data-testid={`biller-account-${account.id}`} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={1.5}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('billers.lastPost')}: {account.last_post_at ? formatDateTime(account.last_post_at) : t('billers.never')}
            </Typography>
          </Box>
          <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            <Chip size="small" color={account.active ? 'success' : 'default'} variant="outlined" label={t(account.active ? 'billers.active' : 'billers.inactive')} />
            {account.site_reports_too ? <Chip size="small" variant="outlined" label={t('billers.siteReportsToo')} /> : null}
          </Stack>
        </Stack>
        <LinkField id={`biller-url-${account.id}`} label={t('billers.postbackUrl')} value={account.postback_url} copyLabel={t('billers.copyUrl')} />
        <BillerSteps account={account} />
        <TestPost account={account} title={title} />
        <Stack direction="row" sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1 }}>
          <Button size="small" startIcon={<EditOutlined />} onClick={onEdit} aria-label={`${t('billers.edit')}: ${title}`}>
            {t('billers.edit')}
          </Button>
          <Button size="small" color="warning" startIcon={<Key />} onClick={onRotate} aria-label={`${t('billers.rotate')}: ${title}`}>
            {t('billers.rotate')}
          </Button>
          <Button size="small" color="error" startIcon={<DeleteOutline />} onClick={onDelete} aria-label={`${t('billers.delete')}: ${title}`}>
            {t('billers.delete')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

type Asking = { action: 'rotate' | 'delete'; account: BillerAccount };

/** A site's settings, Billers section (staff with offers): its biller accounts, add, edit, new key and delete. */
export function SiteBillersDialog({ site, onClose }: { site: { id: number; display_name: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const accounts = useBillerAccounts(site.id);
  const rotate = useRotateBillerKey();
  const remove = useDeleteBillerAccount();
  const [editing, setEditing] = useState<{ account: BillerAccount | undefined }>();
  const [asking, setAsking] = useState<Asking>();
  const rows = accounts.data ?? [];
  const askedName = asking ? billerNames[asking.account.biller] : '';

  const confirm = async () => {
    if (!asking) return;
    const { action, account } = asking;
    const done =
      action === 'rotate'
        ? await mutateAndNotify(() => rotate.mutateAsync(account.id), () => t('billers.rotated'))
        : await mutateAndNotify(() => remove.mutateAsync(account.id), t('billers.deleted'));
    if (done) setAsking(undefined);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="site-billers-title" scroll="paper">
      <DialogTitle id="site-billers-title" sx={{ pr: 6 }}>
        {t('billers.title', { name: site.display_name })}
        <IconButton aria-label={t('billers.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} aria-label={t('billers.listLabel', { name: site.display_name })} component="div" role="region">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
            <Typography variant="body2" color="text.secondary">
              {t('billers.intro')}
            </Typography>
            <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ account: undefined })} sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}>
              {t('billers.add')}
            </Button>
          </Stack>
          {accounts.isError ? <Alert severity="error">{accounts.error.message}</Alert> : null}
          {accounts.isSuccess && rows.length === 0 ? <Alert severity="info">{t('billers.none')}</Alert> : null}
          {rows.map((a) => (
            <AccountCard
              key={a.id}
              account={a}
              onEdit={() => setEditing({ account: a })}
              onRotate={() => setAsking({ action: 'rotate', account: a })}
              onDelete={() => setAsking({ action: 'delete', account: a })}
            />
          ))}
        </Stack>
      </DialogContent>
      {editing ? <BillerAccountForm siteId={site.id} account={editing.account} onClose={() => setEditing(undefined)} onSaved={() => setEditing(undefined)} /> : null}
      <ConfirmDialog
        open={Boolean(asking)}
        titleId="biller-confirm-title"
        title={asking?.action === 'delete' ? t('billers.deleteTitle', { biller: askedName }) : t('billers.rotateTitle', { biller: askedName })}
        text={asking?.action === 'delete' ? t('billers.deleteText') : t('billers.rotateText', { biller: askedName })}
        label={asking?.action === 'delete' ? t('billers.delete') : t('billers.rotate')}
        cancelLabel={t('billers.cancel')}
        color={asking?.action === 'delete' ? 'error' : 'warning'}
        pending={rotate.isPending || remove.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(undefined)}
      />
    </Dialog>
  );
}
