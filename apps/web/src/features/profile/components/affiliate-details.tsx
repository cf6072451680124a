import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProfileReview } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { alertError } from '../../../lib/api-client.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useProfileOf } from '../api/profile-of.ts';
import { useReviewProfileInfo } from '../api/review.ts';
import { useAffiliateSummary } from '../api/summary.ts';
import { ProfileTabs } from './profile-tabs.tsx';
import { RejectDialog } from './reject-dialog.tsx';
import { SharedDetailsNotice } from './shared-details-notice.tsx';
import { TermsAcceptances } from './terms-acceptances.tsx';

/** Affiliate Details (`/profile?user=…&id=…`, staff with affiliates): summary, details shared with other affiliates, the review of the details, their smart links (read-only), and the affiliate's tabs. */
export function AffiliateDetails({ affiliateId, billing, smartLinks }: { affiliateId: number; billing: ReactNode; smartLinks?: ReactNode }) {
  const { t } = useTranslation();
  const profile = useProfileOf(affiliateId);
  const summary = useAffiliateSummary(affiliateId);
  if (profile.isError) return <Alert severity="error">{profile.error.message || t('profile.details.notFound')}</Alert>;
  if (!profile.data) return <Skeleton variant="rounded" height={320} />;
  // The API answers a staff member's own id with their own profile: that is no affiliate.
  if (!profile.data.is_client) return <Alert severity="error">{t('profile.details.notFound')}</Alert>;
  const user = profile.data;
  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {user.name} · {user.email}
      </Typography>
      <Summary affiliateId={affiliateId} />
      <SharedDetailsNotice shared={summary.data?.shared_details ?? []} />
      {user.info_review ? <ReviewPanel affiliateId={affiliateId} name={user.name} review={user.info_review} /> : null}
      <TermsAcceptances affiliateId={affiliateId} user={user} />
      {smartLinks}
      <ProfileTabs
        user={user}
        userId={affiliateId}
        billing={billing}
        security={
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography color="text.secondary">{t('profile.details.securityNote')}</Typography>
          </Paper>
        }
      />
    </Stack>
  );
}

function Summary({ affiliateId }: { affiliateId: number }) {
  const { t } = useTranslation();
  const summary = useAffiliateSummary(affiliateId);
  const items = summary.data
    ? [
        [t('profile.details.balance'), formatMoney(summary.data.balance)],
        [t('profile.details.lifetimeEarnings'), formatMoney(summary.data.lifetime_earnings)],
        [t('profile.details.clicks'), summary.data.clicks.toLocaleString('en-US')],
        [t('profile.details.conversions'), summary.data.conversions.toLocaleString('en-US')],
      ]
    : [];
  return (
    <Box component="section" aria-label={t('profile.details.summary')} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
      {summary.data
        ? items.map(([label, value]) => (
            <Paper key={label} variant="outlined" sx={{ p: 2 }}>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
                {value}
              </Typography>
            </Paper>
          ))
        : [0, 1, 2, 3].map((i) => <Skeleton key={i} variant="rounded" height={76} />)}
    </Box>
  );
}

function ReviewPanel({ affiliateId, name, review }: { affiliateId: number; name: string; review: ProfileReview }) {
  const { t } = useTranslation();
  const decide = useReviewProfileInfo(affiliateId);
  const [rejecting, setRejecting] = useState(false);
  const [approving, setApproving] = useState(false);
  const color = review.status === 'approved' ? 'success' : review.status === 'rejected' ? 'error' : 'warning';
  return (
    <Paper variant="outlined" component="section" aria-labelledby="review-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Typography id="review-heading" variant="h6" component="h3">
            {t('profile.details.reviewHeading')}
          </Typography>
          <Chip size="small" color={color} label={t(`profile.details.status.${review.status}`)} />
        </Stack>
        {review.status === 'rejected' && review.reject_reason ? <Typography>{t('profile.details.lastReason', { reason: review.reject_reason })}</Typography> : null}
        {review.appeal_message && review.appealed_at ? (
          <Alert severity="info" variant="outlined">
            {t('profile.details.appealFrom', { date: formatDate(review.appealed_at) })} <q>{review.appeal_message}</q>
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            color="success"
            disabled={review.status === 'approved'}
            onClick={() => setApproving(true)}
          >
            {t('profile.details.approve')}
          </Button>
          <Button variant="outlined" color="error" onClick={() => setRejecting(true)}>
            {t('profile.details.reject')}
          </Button>
        </Stack>
      </Stack>
      <ConfirmDialog
        open={approving}
        titleId="approve-profile-info-title"
        title={t('profile.details.approveTitle', { name })}
        text={t('profile.details.approveText')}
        label={t('profile.details.approve')}
        cancelLabel={t('profile.tokens.cancel')}
        color="primary"
        pending={decide.isPending}
        onConfirm={() => decide.mutate({ approve: true }, { onSuccess: () => notify.success(t('profile.details.approved')), onError: alertError, onSettled: () => setApproving(false) })}
        onClose={() => setApproving(false)}
      />
      {rejecting ? <RejectDialog onClose={() => setRejecting(false)} onReject={(reason) => decide.mutateAsync({ approve: false, reject_reason: reason })} /> : null}
    </Paper>
  );
}
