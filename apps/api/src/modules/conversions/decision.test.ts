import { OVER_CAP_REASON } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import type { EffectivePayout } from '../offers/index.ts';
import { type ClickFacts, decide, type Known, type Report } from './decision.ts';

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
