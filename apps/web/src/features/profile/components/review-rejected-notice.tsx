import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { ProfileReview } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The dashboard's word on rejected details: the reason, and the way to the details to correct (Profile, Info). */
export function ReviewRejectedNotice({ review }: { review: ProfileReview }) {
  const { t } = useTranslation();
  if (review.status !== 'rejected') return null;
  return (
    <Alert
      severity="error"
      variant="outlined"
      action={
        <Button component={Link} to="/profile?tab=info" color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }}>
          {t('profile.review.dashboardAction')}
        </Button>
      }
      sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' }, '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 } } }}
    >
      <AlertTitle>{t('profile.review.rejectedTitle')}</AlertTitle>
      {t('profile.review.reason', { reason: review.reject_reason ?? '' })}
    </Alert>
  );
}
