import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { UserProfile } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Target } from '../api/profile-of.ts';
import { EmailPreferencesTab } from './email-preferences-tab.tsx';
import { InfoTab } from './info-tab.tsx';

export const profileTabs = ['info', 'billing', 'email-preferences', 'security'] as const;
export type ProfileTab = (typeof profileTabs)[number];

const tabLabel: Record<ProfileTab, 'info' | 'billing' | 'emailPreferences' | 'security'> = {
  info: 'info',
  billing: 'billing',
  'email-preferences': 'emailPreferences',
  security: 'security',
};

/** `?tab=`: a tab by name; `legal` (the tax forms' issues) lives in Billing. */
function tabOf(value: string | null, tabs: readonly ProfileTab[]): ProfileTab {
  const wanted = value === 'legal' ? 'billing' : value;
  return tabs.find((tab) => tab === wanted) ?? tabs[0]!;
}

export interface ProfileTabsProps {
  user: UserProfile;
  /** Affiliate Details: the affiliate staff are looking at; undefined for the user's own profile. */
  userId: Target;
  /** The Billing tab's content (the billing feature), given by the page. */
  billing: ReactNode;
  /** The Security tab's content. */
  security: ReactNode;
}

/** The profile's tabs (SPEC.md section 2): info, billing, email preferences, security; deep-linked by `?tab=`. Staff's own profile has Info and Security. */
export function ProfileTabs({ user, userId, billing, security }: ProfileTabsProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tabs: readonly ProfileTab[] = user.is_client ? profileTabs : ['info', 'security'];
  const tab = tabOf(params.get('tab'), tabs);
  const select = (next: ProfileTab) => {
    const copy = new URLSearchParams(params);
    copy.set('tab', next);
    setParams(copy, { replace: true });
  };
  return (
    <Stack spacing={3} sx={{ maxWidth: 880, minWidth: 0 }}>
      <Tabs value={tab} onChange={(_, next: ProfileTab) => select(next)} aria-label={t('profile.tabs.label')} variant="scrollable" allowScrollButtonsMobile>
        {tabs.map((name) => (
          <Tab key={name} value={name} label={t(`profile.tabs.${tabLabel[name]}`)} id={`profile-tab-${name}`} aria-controls={`profile-panel-${name}`} />
        ))}
      </Tabs>
      <div role="tabpanel" id={`profile-panel-${tab}`} aria-labelledby={`profile-tab-${tab}`}>
        {tab === 'info' ? <InfoTab user={user} userId={userId} /> : null}
        {tab === 'billing' ? billing : null}
        {tab === 'email-preferences' ? <EmailPreferencesTab userId={userId} /> : null}
        {tab === 'security' ? security : null}
      </div>
    </Stack>
  );
}
