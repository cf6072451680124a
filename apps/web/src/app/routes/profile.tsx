import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { BillingForm } from '../../features/billing/components/billing-form.tsx';
import { ProfilePage } from '../../features/profile/components/profile-page.tsx';
import { isAffiliateDetails } from '../../features/shell/affiliate-details.ts';
import { useProfile } from '../../lib/queries/get-profile.ts';

/**
 * /profile. Affiliates have the billing and security tabs (`?tab=`, which the profile-issue links
 * use); the info and email-preference tabs come with the profile feature. Staff opening an
 * affiliate (`?user=&id=`) see Affiliate Details (the layout's heading, Go back).
 */
export function Component() {
  const { t } = useTranslation();
  const { data: user } = useProfile();
  const { pathname, search } = useLocation();
  const [params, setParams] = useSearchParams();
  if (user && isAffiliateDetails(user, pathname, search)) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, maxWidth: 720 }}>
        <Typography color="text.secondary">{t('shell.comingSoon.affiliateDetails')}</Typography>
      </Paper>
    );
  }
  if (!user?.is_client) return <ProfilePage />;
  const tab = params.get('tab') === 'security' ? 'security' : 'billing';
  return (
    <Stack spacing={3} sx={{ maxWidth: 640, minWidth: 0 }}>
      <Tabs value={tab} onChange={(_, next: string) => setParams({ tab: next }, { replace: true })} aria-label={t('billing.profileTabs')} variant="scrollable" allowScrollButtonsMobile>
        <Tab value="billing" label={t('billing.tab')} id="profile-tab-billing" aria-controls="profile-panel-billing" />
        <Tab value="security" label={t('auth.profile.security')} id="profile-tab-security" aria-controls="profile-panel-security" />
      </Tabs>
      <div role="tabpanel" id={`profile-panel-${tab}`} aria-labelledby={`profile-tab-${tab}`}>
        {tab === 'billing' ? (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <BillingForm />
          </Paper>
        ) : (
          <ProfilePage />
        )}
      </div>
    </Stack>
  );
}
