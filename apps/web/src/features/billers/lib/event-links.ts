import type { BillerEvent, BillerEventStatus } from '@portal/contracts';
import dayjs from 'dayjs';
import { DISPLAY_TIME_ZONE } from '../../../lib/format.ts';

/** The conversion log on the day the event arrived (the network's time zone), on its site: the conversion is among the first rows. */
export function conversionLogLink(event: BillerEvent): string | undefined {
  if (event.conversion_id === null) return undefined;
  const day = dayjs(event.received_at).tz(DISPLAY_TIME_ZONE).format('YYYY-MM-DD');
  const params = new URLSearchParams({ from: day, to: day });
  if (event.site) params.set('site_id', String(event.site.id));
  return `/conversion-log?${params.toString()}`;
}

export const statusColors: Record<BillerEventStatus, 'success' | 'warning' | 'info' | 'error' | 'default'> = {
  accepted: 'success',
  held: 'info',
  duplicate: 'default',
  orphaned: 'warning',
  subscription: 'info',
  logged: 'default',
  rejected: 'error',
  reversed: 'warning',
  test: 'info',
};
