import type { PayoutFilters } from '../lib/filters.ts';

/** Query keys of the payouts screen; every payout action invalidates `all` (lists, totals, details). */
export const payoutKeys = {
  all: ['payouts'] as const,
  list: (filters: PayoutFilters) => ['payouts', 'list', filters] as const,
  detail: (id: number) => ['payouts', 'detail', id] as const,
};
