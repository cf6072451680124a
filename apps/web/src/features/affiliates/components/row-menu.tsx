import MoreVert from '@mui/icons-material/MoreVert';
import type { AffiliateListItem } from '@portal/contracts';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../lib/notifications.tsx';
import { type AffiliateAction, useAffiliateAction } from '../api/affiliate-actions.ts';
import { failureMessage } from './affiliate-dialogs.tsx';

type Confirmable = 'deactivate' | 'revshare/pause' | 'approve';
const confirmTexts = { deactivate: 'deactivate', 'revshare/pause': 'pause', approve: 'approve' } as const;
const confirmLabels = { deactivate: 'auth.affiliates.deactivate', 'revshare/pause': 'auth.affiliates.pauseRevshare', approve: 'auth.affiliates.approve' } as const;

export type AffiliateDialog = 'edit' | 'manager' | 'tier' | 'offerReward' | 'loginAs' | 'reject' | 'bonus';

/** The row's actions (SPEC.md section 2): edit, view, statistics, revshare, account, login as, W9/W8, and the dialogs. */
export function RowMenu({ affiliate, onDialog }: { affiliate: AffiliateListItem; onDialog: (d: AffiliateDialog) => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const action = useAffiliateAction();
  const close = () => setAnchor(null);
  // Deactivate, pause revshare and approve change the account or its earnings: asked first.
  const [confirming, setConfirming] = useState<Confirmable>();
  const run = (a: AffiliateAction) => {
    close();
    action.mutate(a, { onSuccess: (r) => notify.success(r.message), onError: (e) => notify.error(failureMessage(e)), onSettled: () => setConfirming(undefined) });
  };
  const ask = (kind: Confirmable) => () => {
    close();
    setConfirming(kind);
  };
  const dialog = (d: AffiliateDialog) => () => {
    close();
    onDialog(d);
  };
  const id = affiliate.id;
  return (
    <>
      <IconButton aria-label={`${t('auth.affiliates.actions')}: ${affiliate.email}`} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)} disabled={action.isPending}>
        <MoreVert />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <MenuItem onClick={dialog('edit')}>{t('auth.affiliates.edit')}</MenuItem>
        <MenuItem component={Link} to={`/profile?user=${id}&id=${id}`}>
          {t('auth.affiliates.view')}
        </MenuItem>
        <MenuItem component={Link} to={`/statistics?affiliate_id=${id}`}>
          {t('auth.affiliates.statistics')}
        </MenuItem>
        <MenuItem onClick={dialog('bonus')}>{t('bonus.open')}</MenuItem>
        <MenuItem onClick={dialog('manager')}>{t('auth.affiliates.assignManager')}</MenuItem>
        <MenuItem onClick={dialog('tier')}>{t('auth.affiliates.assignTier')}</MenuItem>
        <MenuItem onClick={dialog('offerReward')}>{t('auth.affiliates.offerReward')}</MenuItem>
        {affiliate.revshare_paused ? (
          <MenuItem onClick={() => run({ kind: 'revshare/unpause', id })}>{t('auth.affiliates.unpauseRevshare')}</MenuItem>
        ) : (
          <MenuItem onClick={ask('revshare/pause')}>{t('auth.affiliates.pauseRevshare')}</MenuItem>
        )}
        {affiliate.status === 'pending' ? <MenuItem onClick={ask('approve')}>{t('auth.affiliates.approve')}</MenuItem> : null}
        {affiliate.status === 'pending' ? <MenuItem onClick={dialog('reject')}>{t('auth.affiliates.reject')}</MenuItem> : null}
        {affiliate.is_active ? (
          <MenuItem onClick={ask('deactivate')}>{t('auth.affiliates.deactivate')}</MenuItem>
        ) : (
          <MenuItem onClick={() => run({ kind: 'activate', id })}>{t('auth.affiliates.activate')}</MenuItem>
        )}
        {affiliate.is_active ? <MenuItem onClick={dialog('loginAs')}>{t('auth.affiliates.loginAs')}</MenuItem> : null}
        {/* "View W9/W8 form": the staff review of the latest form; greyed out, saying why, when none was sent. */}
        {affiliate.tax_form_id === null ? (
          <MenuItem disabled>
            <ListItemText primary={t('auth.affiliates.taxForm')} secondary={t('auth.affiliates.noTaxForm')} />
          </MenuItem>
        ) : (
          <MenuItem component={Link} to={`/affiliates/tax-forms?tax_form=${affiliate.tax_form_id}`}>
            {t('auth.affiliates.taxForm')}
          </MenuItem>
        )}
      </Menu>
      {confirming ? (
        <ConfirmDialog
          open
          titleId={`affiliate-confirm-${id}`}
          title={t(`auth.affiliates.confirm.${confirmTexts[confirming]}Title`, { name: affiliate.name })}
          text={t(`auth.affiliates.confirm.${confirmTexts[confirming]}Text`, { email: affiliate.email })}
          label={t(confirmLabels[confirming])}
          cancelLabel={t('auth.affiliates.confirm.cancel')}
          color={confirming === 'approve' ? 'primary' : 'error'}
          pending={action.isPending}
          onConfirm={() => run({ kind: confirming, id })}
          onClose={() => setConfirming(undefined)}
        />
      ) : null}
    </>
  );
}
