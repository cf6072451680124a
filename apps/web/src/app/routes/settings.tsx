import { SettingsShell } from '../../features/settings/components/settings-shell.tsx';
import { useSettingsSections } from './settings-sections.tsx';

/** /settings, staff with `settings`: Global Settings (the layout shows the heading), one section at a time (`?section=`). */
export function Component() {
  return <SettingsShell sections={useSettingsSections()} />;
}
