import type { Permission } from '@portal/contracts';
import type { TFunction } from 'i18next';

/** A permission in words: the name of the side-menu item it opens ("settings" is "Global Settings"). */
export const permissionLabel = (t: TFunction, permission: Permission | string): string => t(`shell.menu.${permission}` as 'shell.menu.dashboard', { defaultValue: permission });
