import type { ConversionType } from '@portal/contracts';
import { revshareCents } from '../../lib/money-units.ts';
import type { EffectivePayout } from './payout-rates.ts';

export type EarningKind = 'cpa' | 'revshare';

/**
 * The earning for a new customer event: cpa pays its fixed amount on the offer's goal; revshare
 * pays its percentage of every sale and rebill (unless the affiliate's revshare is paused).
 */
export function earningOf(payout: EffectivePayout | undefined, type: ConversionType, amountCents: number): { kind: EarningKind; cents: number } | null {
  if (!payout) return null;
  if (payout.payoutType === 'cpa') return payout.goal === type ? { kind: 'cpa', cents: payout.amount } : null;
  if (type !== 'sale' && type !== 'rebill') return null;
  if (payout.revsharePaused) return null;
  return { kind: 'revshare', cents: revshareCents(amountCents, payout.amount) };
}
