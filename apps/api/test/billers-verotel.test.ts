import { verotelSignature } from '../src/modules/billers/formats/verotel.ts';
import { billerFlow, type Sale, type SamplePost } from './support/biller-flow.ts';

/**
 * Verotel FlexPay end to end (issue 26): signed GET postbacks, the click id in `custom1`, the
 * answer the plain text OK. A post whose signature does not match is refused.
 */
const key = 'zpXwe2D77g4P7ysGJcr3rY87TBYs6J';

const signed = (fields: Record<string, string>, signingKey = key): SamplePost => {
  const query = { shopID: '68849', ...fields };
  return { method: 'GET', query: { ...query, signature: verotelSignature(signingKey, query) } };
};

const initial = (s: Sale, signingKey = key) =>
  signed(
    {
      type: 'subscription',
      event: 'initial',
      saleID: s.sub,
      transactionID: s.tx,
      referenceID: `ref-${s.sub}`,
      priceAmount: s.price,
      priceCurrency: s.currency ?? 'USD',
      paymentMethod: 'CC',
      subscriptionType: 'recurring',
      period: 'P30D',
      ...(s.cid ? { custom1: s.cid } : {}),
    },
    signingKey,
  );

billerFlow({
  biller: 'verotel',
  account: { biller: 'verotel', verotel_shop_id: '68849', secret: key },
  saleEvent: 'initial',
  sale: initial,
  rebill: (s) => signed({ type: 'subscription', event: 'rebill', saleID: s.sub, transactionID: s.tx, priceAmount: s.price, priceCurrency: 'USD', paymentMethod: 'CC' }),
  refund: (s) => signed({ type: 'subscription', event: 'credit', saleID: s.sub, transactionID: s.tx, parentID: s.original, priceAmount: s.price, priceCurrency: 'USD' }),
  chargeback: (s) => signed({ type: 'subscription', event: 'chargeback', saleID: s.sub, transactionID: s.tx, parentID: s.original, priceAmount: s.price, priceCurrency: 'USD' }),
  cancellation: (s) => signed({ type: 'subscription', event: 'cancel', saleID: s.sub, cancelledBy: 'buyer' }),
  forged: (path, s) => ({ path, post: initial(s, 'not-the-shop-signature-key'), status: 403, reason: 'Bad signature.' }),
});
