import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ProfilePage } from '../../features/profile/components/profile-page.tsx';
import { isAffiliateDetails } from '../../features/shell/affiliate-details.ts';
import { useProfile } from '../../lib/queries/get-profile.ts';

/** /profile. Staff opening an affiliate (`?user=&id=`) see Affiliate Details (the layout's heading, Go back). */
export function Component() {
  const { t } = useTranslation();
  const { data: user } = useProfile();
  const { pathname, search } = useLocation();
  if (user && isAffiliateDetails(user, pathname, search)) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, maxWidth: 720 }}>
        <Typography color="text.secondary">{t('shell.comingSoon.affiliateDetails')}</Typography>
      </Paper>
    );
  }
  return <ProfilePage />;
}
