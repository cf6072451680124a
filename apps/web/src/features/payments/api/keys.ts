/** Query keys of the affiliate's money: payouts, balance and the "When am I paid?" checklist. */
export const paymentKeys = {
  all: ['payments'] as const,
  payouts: (page: number, perPage: number) => ['payments', 'payouts', page, perPage] as const,
  balance: ['payments', 'balance'] as const,
  checklist: ['payments', 'checklist'] as const,
};
