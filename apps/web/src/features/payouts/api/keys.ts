import type { PayoutFilters } from '../lib/filters.ts';

/** Query keys of the payouts screen; every payout action invalidates `all` (lists, totals, details). */
export const payoutKeys = {
  all: ['payouts'] as const,
  list: (filters: PayoutFilters) => ['payouts', 'list', filters] as const,
  detail: (id: number) => ['payouts', 'detail', id] as const,
};

/**
 * Query keys of an affiliate's own money, the Payments page: their payouts, balance and the "When am
 * I paid?" checklist. Saving billing details refreshes them all (`['payments']`).
 */
export const myPayoutKeys = {
  all: ['payments'] as const,
  payouts: (page: number, perPage: number) => ['payments', 'payouts', page, perPage] as const,
  balance: ['payments', 'balance'] as const,
  checklist: ['payments', 'checklist'] as const,
};
