import { billerFlow, type Sale, type SamplePost } from './support/biller-flow.ts';

/**
 * Segpay end to end (issue 26): TransPosts (GET) built from Segpay's macros, the click id in the
 * `<extra cid>` macro, the account's token in the URL. A wrong token is refused.
 */
const token = 'segpay-token-3f9a2c7d1e';

const transPost = (fields: Record<string, string>, tok = token): SamplePost => ({
  method: 'GET',
  query: { relatedtranid: '', eticketid: '100001:1', ...fields, token: tok },
});

const sale = (s: Sale, tok = token) =>
  transPost(
    { action: 'Auth', stage: 'Initial', approved: 'Yes', trantype: 'sale', purchaseid: s.sub, tranid: s.tx, price: s.price, currencycode: s.currency ?? 'USD', ...(s.cid ? { cid: s.cid } : {}) },
    tok,
  );

billerFlow({
  biller: 'segpay',
  account: { biller: 'segpay', segpay_merchant_id: '1234', secret: token },
  saleEvent: 'sale Auth Initial',
  sale,
  rebill: (s) => transPost({ action: 'Auth', stage: 'Rebill', approved: 'Yes', trantype: 'sale', purchaseid: s.sub, tranid: s.tx, price: s.price, currencycode: 'USD' }),
  refund: (s) =>
    transPost({ action: 'Auth', stage: 'Initial', approved: 'Yes', trantype: 'credit', purchaseid: s.sub, tranid: s.tx, relatedtranid: s.original, price: `-${s.price}`, currencycode: 'USD' }),
  chargeback: (s) =>
    transPost({ action: 'Auth', stage: 'Rebill', approved: 'Yes', trantype: 'charge', purchaseid: s.sub, tranid: s.tx, relatedtranid: s.original, price: s.price, currencycode: 'USD' }),
  cancellation: (s) => transPost({ action: 'Cancel', purchaseid: s.sub }),
  forged: (path, s) => ({ path, post: sale(s, 'segpay-token-3f9a2c7d1f'), status: 403, reason: 'Wrong token.' }),
  // Segpay fills its macros into the URL it is given: every field we read, the click id's extra, the token.
  pasteQuery: `action=<action>&stage=<stage>&approved=<approved>&trantype=<trantype>&purchaseid=<purchaseid>&tranid=<tranid>&relatedtranid=<relatedtranid>&price=<price>&currencycode=<currencycode>&cid=<extra cid>&token=${token}`,
});
