import { type AffiliateListItem, affiliateMessages, validationMessages } from '@portal/contracts';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useOffers } from '../../../lib/queries/get-offers.ts';
import { useAffiliateAction, useOfferReward } from '../api/affiliate-actions.ts';
import { useManagers, useTiers } from '../api/get-affiliates.ts';

type Row = Pick<AffiliateListItem, 'id' | 'name' | 'email'> & Partial<AffiliateListItem>;

/** The first field error of a refused save, or none. */
const fieldError = (error: unknown, field: string) => (error instanceof ApiError ? error.errors?.[field]?.[0] : undefined);
/** SPEC.md section 8: a failed change shows the server's message, or "Affiliate not updated". */
export const failureMessage = (error: unknown) => (error instanceof ApiError && error.message ? error.message : affiliateMessages.notUpdated);

export function ManagerDialog({ affiliate, onClose }: { affiliate: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const managers = useManagers();
  const action = useAffiliateAction();
  const [managerId, setManagerId] = useState(String(affiliate.manager?.id ?? ''));
  return (
    <FormDialog
      id="affiliate-manager"
      title={`${t('auth.affiliates.assignManager')}: ${affiliate.name}`}
      onClose={onClose}
      saving={action.isPending}
      onSubmit={() =>
        action.mutate(
          { kind: 'manager', id: affiliate.id, body: { manager_id: managerId || null } },
          { onSuccess: (r) => (notify.success(r.message), onClose()), onError: (e) => notify.error(failureMessage(e)) },
        )
      }
    >
      <TextField select label={t('auth.affiliates.manager')} value={managerId} onChange={(e) => setManagerId(e.target.value)} error={Boolean(fieldError(action.error, 'manager_id'))} helperText={fieldError(action.error, 'manager_id')}>
        <MenuItem value="">{t('auth.affiliates.noManager')}</MenuItem>
        {(managers.data ?? []).map((m) => (
          <MenuItem key={m.id} value={String(m.id)}>
            {m.name} ({m.email})
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}

export function TierDialog({ affiliate, onClose }: { affiliate: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const tiers = useTiers();
  const action = useAffiliateAction();
  const [tierId, setTierId] = useState(String(affiliate.tier?.id ?? ''));
  return (
    <FormDialog
      id="affiliate-tier"
      title={`${t('auth.affiliates.assignTier')}: ${affiliate.name}`}
      onClose={onClose}
      saving={action.isPending}
      onSubmit={() =>
        action.mutate({ kind: 'tier', id: affiliate.id, body: { tier_id: tierId } }, { onSuccess: (r) => (notify.success(r.message), onClose()), onError: (e) => notify.error(failureMessage(e)) })
      }
    >
      <TextField select required label={t('auth.affiliates.tier')} value={tierId} onChange={(e) => setTierId(e.target.value)} error={Boolean(fieldError(action.error, 'tier_id'))} helperText={fieldError(action.error, 'tier_id')}>
        {(tiers.data ?? []).map((tier) => (
          <MenuItem key={tier.id} value={String(tier.id)}>
            {tier.name}
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}

export function OfferRewardDialog({ affiliate, onClose }: { affiliate: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const offers = useOffers(undefined);
  const reward = useOfferReward();
  const [offerId, setOfferId] = useState('');
  const [amount, setAmount] = useState('');
  const offer = offers.data?.find((o) => String(o.id) === offerId);
  return (
    <FormDialog
      id="affiliate-offer-reward"
      title={`${t('auth.affiliates.offerReward')}: ${affiliate.name}`}
      onClose={onClose}
      saving={reward.isPending}
      onSubmit={() =>
        reward.mutate({ id: affiliate.id, body: { offer_id: offerId, amount } }, { onSuccess: (r) => (notify.success(r.message), onClose()), onError: (e) => notify.error(failureMessage(e)) })
      }
    >
      <TextField select required label={t('auth.affiliates.offer')} value={offerId} onChange={(e) => setOfferId(e.target.value)} error={Boolean(fieldError(reward.error, 'offer_id'))} helperText={fieldError(reward.error, 'offer_id')}>
        {(offers.data ?? []).map((o) => (
          <MenuItem key={o.id} value={String(o.id)}>
            {o.name} ({o.site.display_name})
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={offer?.payout_type === 'revshare' ? t('auth.affiliates.rewardPercent') : t('auth.affiliates.rewardDollars')}
        value={amount}
        inputMode="decimal"
        onChange={(e) => setAmount(e.target.value)}
        error={Boolean(fieldError(reward.error, 'amount'))}
        helperText={fieldError(reward.error, 'amount') ?? (offer ? `${t('auth.affiliates.defaultPayout')}: ${offer.default_payout}. ${t('auth.affiliates.rewardEmpty')}` : t('auth.affiliates.rewardEmpty'))}
      />
    </FormDialog>
  );
}

export function RejectDialog({ affiliate, onClose }: { affiliate: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const action = useAffiliateAction();
  const [reason, setReason] = useState('');
  return (
    <FormDialog
      id="affiliate-reject"
      danger
      submitLabel={t('auth.affiliates.reject')}
      title={`${t('auth.affiliates.reject')}: ${affiliate.name}`}
      onClose={onClose}
      saving={action.isPending}
      onSubmit={() => action.mutate({ kind: 'reject', id: affiliate.id, body: { reason } }, { onSuccess: (r) => (notify.success(r.message), onClose()), onError: (e) => notify.error(failureMessage(e)) })}
    >
      <TextField required multiline minRows={2} label={t('auth.affiliates.reason')} value={reason} onChange={(e) => setReason(e.target.value)} error={Boolean(fieldError(action.error, 'reason'))} helperText={fieldError(action.error, 'reason')} />
    </FormDialog>
  );
}

/** Login as, made safe: a reason, read-only unless "with changes" is chosen. */
export function LoginAsDialog({ affiliate, onClose, openSession }: { affiliate: Row; onClose: () => void; openSession: (id: number, how: { reason: string; with_changes: boolean }) => Promise<'opened' | 'blocked'> }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [withChanges, setWithChanges] = useState(false);
  const [error, setError] = useState<string>();
  const [opening, setOpening] = useState(false);
  const submit = async () => {
    if (reason.trim().length < 3) {
      setError(reason.trim() ? t('auth.affiliates.reasonShort') : validationMessages.required);
      return;
    }
    setOpening(true);
    try {
      if ((await openSession(affiliate.id, { reason: reason.trim(), with_changes: withChanges })) === 'blocked') notify.warning(t('auth.affiliates.popupBlocked'));
      else onClose();
    } catch (e) {
      setError(fieldError(e, 'reason') ?? failureMessage(e));
    } finally {
      setOpening(false);
    }
  };
  return (
    <FormDialog id="affiliate-login-as" title={`${t('auth.affiliates.loginAs')}: ${affiliate.name}`} submitLabel={t('auth.affiliates.loginAs')} onClose={onClose} saving={opening} onSubmit={() => void submit()}>
      <Typography variant="body2" color="text.secondary">
        {t('auth.affiliates.loginAsIntro')}
      </Typography>
      <TextField required label={t('auth.affiliates.reason')} value={reason} onChange={(e) => setReason(e.target.value)} error={Boolean(error)} helperText={error} />
      <FormControlLabel control={<Checkbox checked={withChanges} onChange={(e) => setWithChanges(e.target.checked)} />} label={t('auth.affiliates.withChanges')} />
    </FormDialog>
  );
}
