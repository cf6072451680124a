import { conversionActionMessages, OVER_CAP_REASON } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import type { EarningLeft } from '../ledger/index.ts';
import type { EffectivePayout } from '../offers/index.ts';
import { type ClickFacts, decide, decideReversal, decideStaffReversal, type Known, type RefundFacts, refundReasons, type Report, type RevenueBefore, type SaleFacts } from './decision.ts';

/** The one decision of a new customer event, driven directly: tables of reports and what is known. */
const now = new Date('2026-11-20T18:00:00Z');
const click: ClickFacts = { cid: 'c1', createdAt: new Date('2026-11-20T17:00:00Z'), affiliateId: 7, offerId: 3, siteId: 1, campaignId: null };
const revshare: EffectivePayout = { payoutType: 'revshare', amount: 3500, goal: 'sale', source: 'default', revsharePaused: false };
const cpaSale: EffectivePayout = { payoutType: 'cpa', amount: 2000, goal: 'sale', source: 'default', revsharePaused: false };
const usd = { amountCents: 10000, usdRate: '1', heldReason: null };

const report = (over: Partial<Report['input']> = {}, source: Partial<Report['source']> = {}): Report => ({
  siteId: 1,
  input: { cid: 'c1', type: 'sale', amount_minor: 10000, currency: 'USD', transaction_id: 't1', ...over },
  source: { billerAccountId: null, billerEvent: null, ...source },
  now,
});
const known = (over: Partial<Known> = {}): Known => ({ price: usd, click, verdict: null, payout: revshare, ...over });

describe('decide: status, reason and attribution', () => {
  const cases: Array<[string, Report, Known, { status: string; reason: string | null; affiliateId: number | null; paid: boolean }]> = [
    ['a sale on its click', report(), known(), { status: 'accepted', reason: null, affiliateId: 7, paid: true }],
    ['no cid', report({ cid: '' }), known({ click: undefined }), { status: 'orphaned', reason: 'No click id (cid) was given.', affiliateId: null, paid: false }],
    ['an unknown click', report({ cid: 'nope' }), known({ click: undefined }), { status: 'orphaned', reason: 'No click has this click id.', affiliateId: null, paid: false }],
    ["another site's click", report(), known({ click: { ...click, siteId: 2 } }), { status: 'orphaned', reason: 'The click belongs to another site.', affiliateId: null, paid: false }],
    ["a biller's reason when it named no click", report({ cid: '' }, { billerAccountId: 4, noClickReason: 'No sale of subscription 9.' }), known({ click: undefined }), { status: 'orphaned', reason: 'No sale of subscription 9.', affiliateId: null, paid: false }],
    ['no rate for its currency', report({ currency: 'EUR' }), known({ price: { amountCents: 0, usdRate: null, heldReason: 'No exchange rate for EUR on or before 2026-11-20.' } }), { status: 'held', reason: 'No exchange rate for EUR on or before 2026-11-20.', affiliateId: 7, paid: false }],
    ['a fraud rule rejects it', report(), known({ verdict: { action: 'reject', reason: 'Too fast.' } as Known['verdict'] }), { status: 'rejected', reason: 'Too fast.', affiliateId: 7, paid: false }],
    ['a fraud rule holds it', report(), known({ verdict: { action: 'hold', reason: 'Same visitor.' } as Known['verdict'] }), { status: 'held', reason: 'Same visitor.', affiliateId: 7, paid: false }],
    ['a fraud rule flags it: still paid', report(), known({ verdict: { action: 'flag', reason: 'New country.' } as Known['verdict'] }), { status: 'accepted', reason: null, affiliateId: 7, paid: true }],
    ['over a hard cap', report(), known({ overCap: true }), { status: 'rejected', reason: OVER_CAP_REASON, affiliateId: 7, paid: false }],
    ['over a hard cap but orphaned: orphaned', report({ cid: '' }), known({ click: undefined, overCap: true }), { status: 'orphaned', reason: 'No click id (cid) was given.', affiliateId: null, paid: false }],
  ];
  it.each(cases)('%s', (_, r, k, want) => {
    const d = decide(r, k);
    expect({ status: d.row.status, reason: d.row.reason, affiliateId: d.row.affiliateId, paid: d.paid !== null }).toEqual(want);
    // Nothing is paid unless accepted; an orphan's revenue is its site's.
    expect(d.row.status === 'accepted' || d.earning === null).toBe(true);
    expect(d.orphanRevenueCents).toBe(d.row.status === 'orphaned' ? k.price.amountCents : null);
  });
});

describe('decide: the earning', () => {
  const cases: Array<[string, Report, Known, { kind: string; cents: number } | null, number]> = [
    ['revshare 35 % of 100.00', report(), known(), { kind: 'revshare', cents: 3500 }, 3500],
    ['revshare of a rebill', report({ type: 'rebill' }), known(), { kind: 'revshare', cents: 3500 }, 3500],
    ['revshare pays no signup', report({ type: 'signup', amount_minor: 0 }), known({ price: { ...usd, amountCents: 0 } }), null, 0],
    ['cpa on its goal', report(), known({ payout: cpaSale }), { kind: 'cpa', cents: 2000 }, 2000],
    ['cpa off its goal', report({ type: 'rebill' }), known({ payout: cpaSale }), null, 0],
    ['no payout on the offer', report(), known({ payout: undefined }), null, 0],
    ['held: the caps still hear of nothing paid', report(), known({ price: { ...usd, heldReason: 'No rate.' } }), null, 3500],
  ];
  it.each(cases)('%s', (_, r, k, earning, capCents) => {
    const d = decide(r, k);
    expect(d.earning).toEqual(earning);
    expect(d.capCents).toBe(capCents);
  });

  it('stores what the report said, its source, and the day in the network time zone', () => {
    const d = decide(report({ original_transaction_id: null }, { billerAccountId: 4, billerEvent: 'NewSaleSuccess', sharedIds: true }), known());
    expect(d.row).toMatchObject({ siteId: 1, transactionId: 't1', type: 'sale', amountCents: 10000, amountMinor: 10000, currency: 'USD', usdRate: '1', cid: 'c1', clickedAt: click.createdAt, offerId: 3, billerAccountId: 4, billerEvent: 'NewSaleSuccess', sharedId: true, day: '2026-11-20', createdAt: now });
    expect(d.newCustomer).toBe(true);
  });
});

/** Reversals decided directly: the sale, what is left of its earnings and revenue, and the refund. */
const earning = (over: Partial<EarningLeft> = {}): EarningLeft => ({ id: 11, affiliateId: 7, cid: 'c1', offerId: 3, payoutType: 'revshare', amountCents: 3500, leftCents: 3500, ...over });
const sale = (over: Partial<SaleFacts> = {}): SaleFacts => ({ id: 5, type: 'sale', status: 'accepted', amountMinor: 10000, amountCents: 10000, currency: 'USD', ...over });
const refund = (amount: number, over: Partial<RefundFacts> = {}): RefundFacts => ({ type: 'refund', amountMinor: amount, amountCents: amount, currency: 'USD', ...over });
const none: RevenueBefore = { cents: 0, whole: false };

describe('decideReversal: what a refund or chargeback takes back', () => {
  const cases: Array<[string, SaleFacts, RefundFacts, EarningLeft[], RevenueBefore, { cents: number; revenueCents: number; reversedReason: string | null }]> = [
    ['a full refund of a revshare sale', sale(), refund(10000), [earning()], none, { cents: -3500, revenueCents: 10000, reversedReason: refundReasons.refundedInFull }],
    ['a refund with no amount takes all that is left', sale(), refund(0), [earning({ leftCents: 1000 })], { cents: 7000, whole: false }, { cents: -1000, revenueCents: 3000, reversedReason: refundReasons.refundedInFull }],
    ['a chargeback in full names the charge back', sale(), refund(10000, { type: 'chargeback' }), [earning()], none, { cents: -3500, revenueCents: 10000, reversedReason: refundReasons.chargedBack }],
    ['a partial refund: its share, the sale stays', sale(), refund(2500), [earning()], none, { cents: -875, revenueCents: 2500, reversedReason: null }],
    ['a refund of 1,000.00 on a 100.00 sale: the earning and revenue left, no more', sale(), refund(100000), [earning()], none, { cents: -3500, revenueCents: 10000, reversedReason: refundReasons.refundedInFull }],
    ['after partial refunds: only what they left', sale(), refund(10000), [earning({ leftCents: 875 })], { cents: 7500, whole: false }, { cents: -875, revenueCents: 2500, reversedReason: refundReasons.refundedInFull }],
    ['after a refund that took all: nothing', sale({ status: 'reversed' }), refund(500), [earning({ leftCents: 0 })], { cents: 0, whole: true }, { cents: 0, revenueCents: 0, reversedReason: null }],
    ['a cpa earning goes back in full on a partial refund', sale(), refund(100), [earning({ payoutType: 'cpa', amountCents: 2000, leftCents: 2000 })], none, { cents: -2000, revenueCents: 100, reversedReason: refundReasons.refundedInFull }],
    ['a foreign sale: the share of its own amount', sale({ amountMinor: 5000, amountCents: 5800, currency: 'EUR' }), refund(2500, { amountCents: 2950, currency: 'EUR' }), [earning({ amountCents: 2030, leftCents: 2030 })], none, { cents: -1015, revenueCents: 2950, reversedReason: null }],
    ['a held sale: no money, marked reversed before release', sale({ status: 'held' }), refund(10000), [], none, { cents: 0, revenueCents: 0, reversedReason: refundReasons.refundedBeforeRelease }],
    ['a sale that earned nothing, refunded in full', sale(), refund(10000), [], none, { cents: 0, revenueCents: 10000, reversedReason: refundReasons.refundedInFull }],
    ['a sale that earned nothing, refunded in part', sale(), refund(4000), [], none, { cents: 0, revenueCents: 4000, reversedReason: null }],
    ['a rejected sale: no revenue to take, never marked', sale({ status: 'rejected' }), refund(10000), [], none, { cents: 0, revenueCents: 0, reversedReason: null }],
  ];
  it.each(cases)('%s', (_, s, r, earnings, before, want) => {
    const d = decideReversal(s, r, earnings, before);
    expect({ cents: d.cents, revenueCents: d.revenueCents, reversedReason: d.reversedReason }).toEqual(want);
    // The ledger rows written are what it says it takes, each never more than is left of its earning.
    expect(d.takes.reduce((sum, t) => sum - t.cents, 0)).toBe(d.cents);
    for (const t of d.takes) expect(t.cents).toBeLessThanOrEqual(t.earning.leftCents);
  });

  it('never takes back more than the sale, however the refunds come', () => {
    const amounts = [3000, 3000, 3000, 3000, 0, 500];
    let left = [earning()];
    let before = none;
    let taken = 0;
    let revenue = 0;
    for (const a of amounts) {
      const d = decideReversal(sale({ status: before.whole ? 'reversed' : 'accepted' }), refund(a), left, before);
      taken += d.cents;
      revenue += d.revenueCents;
      left = left.map((e) => ({ ...e, leftCents: e.leftCents - (d.takes.find((t) => t.earning.id === e.id)?.cents ?? 0) }));
      before = { cents: before.cents + (a === 0 ? 0 : a), whole: before.whole || a === 0 };
    }
    expect(taken).toBe(-3500);
    expect(revenue).toBe(10000);
  });
});

describe('decideStaffReversal: staff take a sale back by hand', () => {
  const cases: Array<[string, SaleFacts, EarningLeft[], { cents: number; reversedReason: string | null } | { refused: string }]> = [
    ['an accepted sale: all that is left', sale(), [earning({ leftCents: 2000 })], { cents: -2000, reversedReason: 'Fraud' }],
    ['an accepted sale with two earnings', sale(), [earning(), earning({ id: 12, payoutType: 'cpa', amountCents: 500, leftCents: 500 })], { cents: -4000, reversedReason: 'Fraud' }],
    ['an accepted sale refunded in full already: nothing more, still marked', sale(), [earning({ leftCents: 0 })], { cents: 0, reversedReason: 'Fraud' }],
    ['a held sale: no money, never released', sale({ status: 'held' }), [], { cents: 0, reversedReason: 'Fraud' }],
    ['a reversed sale: refused', sale({ status: 'reversed' }), [earning()], { refused: conversionActionMessages.alreadyReversed }],
    ['a refund: refused', sale({ type: 'refund' }), [], { refused: conversionActionMessages.notReversible }],
    ['an orphaned sale: refused', sale({ status: 'orphaned' }), [], { refused: conversionActionMessages.notReversible }],
    ['a rejected sale: refused', sale({ status: 'rejected' }), [], { refused: conversionActionMessages.notReversible }],
  ];
  it.each(cases)('%s', (_, s, earnings, want) => {
    const d = decideStaffReversal(s, earnings, 'Fraud');
    // Staff take back earnings only: the site's revenue stays.
    const seen = 'refused' in d ? d : { cents: d.cents, reversedReason: d.reversedReason, revenueCents: d.revenueCents };
    expect(seen).toEqual('refused' in want ? want : { ...want, revenueCents: 0 });
  });
});

describe("decide: a biller subscription's rows", () => {
  const write = async () => {};
  const sub = (rowId: number | null, eventType: string) => ({ subscription: { accountId: 4, subscriptionId: 'S1', rowId, eventType, write } });
  const cases: Array<[string, Report, Known, unknown]> = [
    ["the site's own report: none", report(), known(), null],
    [
      "a first sale starts its subscription, credited to the sale's click, with the sale's amount",
      report({}, { billerAccountId: 4, ...sub(null, 'sale') }),
      known(),
      { kind: 'start', accountId: 4, siteId: 1, subscriptionId: 'S1', cid: 'c1', affiliateId: 7, offerId: 3, campaignId: null, type: 'sale', amountCents: 10000, at: now },
    ],
    [
      'an orphaned first sale starts it too, credited to nobody until staff attach it',
      report({ cid: '' }, { billerAccountId: 4, ...sub(null, 'sale') }),
      known({ click: undefined }),
      { kind: 'start', accountId: 4, siteId: 1, subscriptionId: 'S1', cid: null, affiliateId: null, offerId: null, campaignId: null, type: 'sale', amountCents: 10000, at: now },
    ],
    ['a sale over a hard cap still starts it', report({}, { billerAccountId: 4, ...sub(null, 'sale') }), known({ overCap: true }), expect.objectContaining({ kind: 'start', affiliateId: 7 })],
    ['a rebill of a known subscription: its event, with its amount', report({ type: 'rebill' }, { billerAccountId: 4, ...sub(12, 'rebill') }), known(), { kind: 'event', subscriptionRowId: 12, type: 'rebill', amountCents: 10000, at: now }],
    ['a rebill of an unknown subscription: none', report({ type: 'rebill', cid: '' }, { billerAccountId: 4, ...sub(null, 'rebill') }), known({ click: undefined }), null],
  ];
  it.each(cases)('%s', (_, r, k, want) => {
    expect(decide(r, k).subscription).toEqual(want);
  });
});
