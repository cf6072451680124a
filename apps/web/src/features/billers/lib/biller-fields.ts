import type { Biller, BillerAccount } from '@portal/contracts';

export type IdentifierField = 'ccbill_account' | 'ccbill_subaccount' | 'epoch_reseller' | 'epoch_product_code' | 'segpay_merchant_id' | 'verotel_shop_id';

/** Each biller's account identifiers, in the order its admin shows them. */
export const identifierFields: Record<Biller, readonly IdentifierField[]> = {
  ccbill: ['ccbill_account', 'ccbill_subaccount'],
  epoch: ['epoch_reseller', 'epoch_product_code'],
  segpay: ['segpay_merchant_id'],
  verotel: ['verotel_shop_id'],
};

/** The billers with a secret of their own: Verotel's signature key, Segpay's token (made for the site when left empty). */
export const hasSecret = (biller: Biller): biller is 'verotel' | 'segpay' => biller === 'verotel' || biller === 'segpay';

/** Only CCBill publishes the address ranges its posts come from. */
export const hasAddressRanges = (biller: Biller) => biller === 'ccbill';

/** "123456 / 0001": an account's identifiers as one line. */
export const accountLabel = (account: BillerAccount) =>
  identifierFields[account.biller]
    .map((f) => account[f])
    .filter(Boolean)
    .join(' / ');
