import Paper from '@mui/material/Paper';
import { useLocation, useSearchParams } from 'react-router';
import { BillingForm } from '../../features/billing/components/billing-form.tsx';
import { AffiliateDetails } from '../../features/profile/components/affiliate-details.tsx';
import { ProfileTabs } from '../../features/profile/components/profile-tabs.tsx';
import { SecurityTab } from '../../features/profile/components/security-tab.tsx';
import { isAffiliateDetails } from '../../features/shell/affiliate-details.ts';
import { AffiliateSmartLinks } from '../../features/smart-links/components/affiliate-smart-links.tsx';
import { TaxFormPanel } from '../../features/tax-forms/components/tax-form-panel.tsx';
import { useProfile } from '../../lib/queries/get-profile.ts';

function BillingPanel({ userId }: { userId?: number }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <BillingForm {...(userId === undefined ? {} : { userId })} />
      {userId === undefined ? <TaxFormPanel /> : null}
    </Paper>
  );
}

/**
 * /profile: the tabs info, billing, email preferences and security (`?tab=`, which the
 * profile-issue links use). Staff opening an affiliate (`?user=&id=`) see Affiliate Details (the
 * layout gives the heading and Go back); the server answers 403 to staff without `affiliates`.
 */
export function Component() {
  const { data: user } = useProfile();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  if (!user) return null;
  if (isAffiliateDetails(user, pathname, search)) {
    const id = Number(params.get('id'));
    return <AffiliateDetails affiliateId={id} billing={<BillingPanel userId={id} />} smartLinks={<AffiliateSmartLinks affiliateId={id} />} key={id} />;
  }
  return <ProfileTabs user={user} userId={undefined} billing={<BillingPanel />} security={<SecurityTab />} />;
}
