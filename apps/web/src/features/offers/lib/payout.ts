import type { Offer } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { formatMoney } from '../../../lib/format.ts';

/** "$5.00 per signup" for cpa, "25% revshare" for revshare; the affiliate's own payout when the API gives it. */
export function payoutText(offer: Pick<Offer, 'payout_type' | 'goal' | 'default_payout' | 'your_payout'>, t: TFunction, amount = offer.your_payout ?? offer.default_payout): string {
  if (offer.payout_type === 'revshare') return t('offers.payout.revshare', { percent: trimPercent(amount) });
  return t('offers.payout.cpa', { amount: formatMoney(amount), goal: t(`offers.goals.${offer.goal}`) });
}

/** 25 -> "25", 12.5 -> "12.5", 12.25 -> "12.25". */
export function trimPercent(value: number): string {
  return String(Math.round(value * 100) / 100);
}
