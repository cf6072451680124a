import { type Biller, type BillerAccount, billerIdentifierFields as identifierFields } from '@portal/contracts';

export { identifierFields };

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
