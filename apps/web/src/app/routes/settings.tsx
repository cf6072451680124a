import { MoneySettingsSections } from '../../features/money-settings/components/money-settings-sections.tsx';
import { useCurrentUser } from '../../features/session/use-current-user.ts';

/** /settings, staff with `settings`: Global Settings (the layout shows the heading). The settings issue adds its other sections. */
export function Component() {
  const user = useCurrentUser();
  return <MoneySettingsSections canPickAffiliates={(user.assigned_permissions ?? []).includes('affiliates')} />;
}
