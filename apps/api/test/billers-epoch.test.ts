import { billerFlow, type Sale, type SamplePost, type TakeBack } from './support/biller-flow.ts';

/**
 * Epoch end to end (issue 26): the join postback (GET) pays the sale; Data Plus rows (POST) carry
 * rebills, credits, chargebacks and the cancelled trial. Epoch signs nothing: the account key is
 * the secret, so the forged post is one to a key that is no account's.
 */
const join = (s: Sale): SamplePost => ({
  method: 'GET',
  query: {
    ans: 'Y123456|OK',
    transaction_id: s.tx,
    member_id: s.sub,
    order_id: s.tx,
    amount: s.price,
    currency: s.currency ?? 'USD',
    pi_code: 'abc123',
    reseller: 'a',
    email: 'buyer@example.com',
    ...(s.cid ? { cid: s.cid } : {}),
  },
});

const row = (type: string, s: { sub: string; tx: string; price: string }, ref = ''): SamplePost => ({
  method: 'POST',
  body: {
    ets_transaction_id: s.tx,
    ets_member_idx: s.sub,
    ets_transaction_date: '2026-11-26 10:15:00',
    ets_transaction_type: type,
    ets_co_code: 'abc',
    ets_pi_code: 'abc123',
    ets_reseller_code: 'a',
    ets_transaction_amount: s.price,
    ets_payment_type: 'A',
    ets_username: 'buyer',
    ets_ref_trans_ids: ref,
    ets_email: 'buyer@example.com',
  },
});

billerFlow({
  biller: 'epoch',
  account: { biller: 'epoch', epoch_reseller: 'a', epoch_product_code: 'abc123' },
  saleEvent: 'Y123456|OK',
  sale: join,
  rebill: (s) => row('N', s),
  refund: (s: TakeBack) => row('C', { ...s, price: `-${s.price}` }, s.original),
  chargeback: (s: TakeBack) => row('D', s, s.original),
  cancellation: (s) => row('K', { sub: s.sub, tx: `${s.sub}9`, price: '0.00' }),
  forged: (_path, s) => ({ path: '/billers/epoch/not-the-key-of-anyone-at-all-0000', post: join(s), status: 404, reason: 'Unknown account key.' }),
});
