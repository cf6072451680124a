import { useTranslation } from 'react-i18next';
import { useAffiliateOptions } from '../../lib/queries/get-affiliate-options.ts';
import { PaymentMethodsSection, SplitFeesSection, TaxWithholdingsSection } from '../../features/money-settings/components/money-settings-sections.tsx';
import { useCurrentUser } from '../../features/session/use-current-user.ts';
import Stack from '@mui/material/Stack';
import {
  BackupWithholdingSection,
  CatalogueSyncSection,
  DashboardSection,
  GlobalEmailSection,
  MaintenanceSection,
  NetworkDetailsSection,
  MoneySection,
  NotificationsSection,
  SeoSection,
  SignupApprovalSection,
} from '../../features/settings/components/document-sections.tsx';
import { EmailTemplatesSection } from '../../features/settings/components/email-templates-section.tsx';
import { ExchangeRatesSection } from '../../features/settings/components/exchange-rates-section.tsx';
import { LandingImagesSection } from '../../features/settings/components/landing-images-section.tsx';
import type { SettingsSectionEntry } from '../../features/settings/components/settings-shell.tsx';
import { EventHistorySection } from '../../features/events/components/event-history-section.tsx';
import { useStaffUsers } from '../../features/roles/api/roles.ts';
import { RolesSection } from '../../features/roles/components/roles-section.tsx';
import { StaffUsersSection } from '../../features/roles/components/staff-users-section.tsx';
import { TiersSection } from '../../features/tiers/components/tiers-section.tsx';
import { TermsSection } from '../../features/settings/components/terms-section.tsx';

/**
 * The sections of Global Settings, in the order of SPEC.md section 2. Each feature brings its own
 * section component; add one entry here (its `id` is the `?section=` value) and it shows in the
 * list, the phone select and the deep link.
 */
export function useSettingsSections(): SettingsSectionEntry[] {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canPickAffiliates = (user.assigned_permissions ?? []).includes('affiliates');
  const staffUsers = useStaffUsers();
  const isOwner = (staffUsers.data ?? []).some((u) => u.id === user.id && u.is_owner);
  return [
    { id: 'dashboard', label: t('settings.names.dashboard'), render: () => <DashboardSection /> },
    { id: 'landing-page-images', label: t('settings.names.landingPageImages'), render: () => <LandingImagesSection /> },
    { id: 'network-details', label: t('settings.names.networkDetails'), render: () => <NetworkDetailsSection /> },
    { id: 'terms', label: t('settings.names.terms'), render: () => <TermsSection /> },
    { id: 'global-email', label: t('settings.names.globalEmail'), render: () => <GlobalEmailSection /> },
    { id: 'seo', label: t('settings.names.seo'), render: () => <SeoSection /> },
    { id: 'email-notifications', label: t('settings.names.emailNotifications'), render: () => <NotificationsSection /> },
    { id: 'email-templates', label: t('settings.names.emailTemplates'), render: () => <TemplatesSection canPickAffiliates={canPickAffiliates} /> },
    { id: 'roles', label: t('settings.names.roles'), render: () => <RolesSection canChange={isOwner} /> },
    { id: 'users-with-roles', label: t('settings.names.usersWithRoles'), render: () => <StaffUsersSection canChange={isOwner} /> },
    { id: 'event-history', label: t('settings.names.eventHistory'), render: () => <EventHistoryWithUsers /> },
    { id: 'payment-methods', label: t('settings.names.paymentMethods'), render: () => <PaymentMethodsSection /> },
    {
      id: 'tax-withholdings',
      label: t('settings.names.taxWithholdings'),
      render: () => (
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <BackupWithholdingSection />
          <TaxWithholdingsSection />
        </Stack>
      ),
    },
    { id: 'split-fees', label: t('settings.names.splitFees'), render: () => <SplitFeesSection canPickAffiliates={canPickAffiliates} /> },
    { id: 'referral-and-hold', label: t('settings.names.money'), render: () => <MoneySection /> },
    { id: 'affiliates', label: t('settings.names.affiliates'), render: () => <SignupApprovalSection /> },
    { id: 'exchange-rates', label: t('settings.names.exchangeRates'), render: () => <ExchangeRatesSection /> },
    { id: 'catalogue-sync', label: t('settings.names.catalogueSync'), render: () => <CatalogueSyncSection /> },
    { id: 'tiers', label: t('tiers.title'), render: () => <TiersSection /> },
    { id: 'maintenance', label: t('settings.names.maintenance'), render: () => <MaintenanceSection /> },
  ];
}

/** Email templates preview with an affiliate's data: the affiliates to choose from, for staff who may list them. */
function TemplatesSection({ canPickAffiliates }: { canPickAffiliates: boolean }) {
  const affiliates = useAffiliateOptions(canPickAffiliates);
  return <EmailTemplatesSection affiliates={(affiliates.data ?? []).map((a) => ({ id: a.id, label: `${a.name} (${a.email})` }))} />;
}

/** Event history, with the staff users to filter by. */
function EventHistoryWithUsers() {
  const users = useStaffUsers();
  return <EventHistorySection users={(users.data ?? []).map((u) => ({ id: u.id, label: u.name }))} />;
}
