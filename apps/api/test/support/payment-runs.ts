import { addPeriods } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { laDate, periodOf, periodStart } from '../../src/modules/payouts/periods.ts';
import { rows } from '../../src/modules/payouts/sql.ts';
import type { MailCatcher } from './mail-catcher.ts';
import { bearer, createAffiliate, createStaff, signIn } from './users.ts';
import { LedgerFixture, payableProfile, paymentMethod } from './money.ts';

const DAY = 86_400_000;

/** The network's paying accounts: one per rail and currency a run pays in. */
export const payingAccounts = [
  { name: 'Euro account', rail: 'wire', currency: 'EUR', account_holder: 'VR Network BV', iban: 'NL91ABNA0417164300', swift: 'ABNANL2A', pain_version: '09' },
  { name: 'Dollar wires', rail: 'wire', currency: 'USD', account_holder: 'VR Network BV', iban: 'GB29NWBK60161331926819', swift: 'NWBKGB2L', pain_version: '03' },
  {
    name: 'ACH origination',
    rail: 'ach',
    currency: 'USD',
    ach_company_name: 'VR NETWORK',
    ach_company_id: '1234567890',
    ach_odfi_routing: '122105278',
    ach_immediate_destination: '122105278',
    ach_immediate_origin: '1234567890',
  },
  { name: 'Paxum payer', rail: 'paxum', currency: 'USD', payer_email: 'payouts@vr-network.example' },
  { name: 'PayPal payer', rail: 'paypal', currency: 'USD', payer_email: 'paypal@vr-network.example' },
  { name: 'USDT wallet', rail: 'usdt', currency: 'USD', wallet: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', wallet_network: 'trc20' },
] as const;

/** Billing details per payee kind. */
export const payees = {
  sepa: { method: 'wire', details: { account_holder: 'Jürgen Weiß', iban: 'DE89370400440532013000', swift: 'COBADEFFXXX', bank_name: 'Commerzbank' } },
  sepaFr: { method: 'wire', details: { account_holder: 'Chloé Dubois', iban: 'FR1420041010050500013M02606', swift: 'BNPAFRPPXXX', bank_name: 'BNP Paribas' } },
  sepaNew: { method: 'wire', details: { account_holder: 'Anna Schmidt', iban: 'DE02120300000000202051', swift: 'BYLADEM1001', bank_name: 'DKB' } },
  usdWire: { method: 'wire', details: { account_holder: 'Omar Haddad', iban: 'AE070331234567890123456', swift: 'EBILAEAD', bank_name: 'Emirates NBD' } },
  ach: { method: 'ach', details: { account_holder: 'Mary Smith', routing_number: '011000015', account_number: '123456789', account_type: 'checking' } },
  paxum: { method: 'paxum', details: { email: 'payee-paxum@example.com' } },
  paypal: { method: 'paypal', details: { email: 'payee-paypal@example.com' } },
  usdt: { method: 'usdt', details: { network: 'trc20', wallet_address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' } },
} as const;
export type PayeeKind = keyof typeof payees;

/** Every payment method, and the EUR rate of today and the days before (USD per euro). */
export async function paymentRails(app: FastifyInstance, eurRate = '1.0850000000'): Promise<void> {
  for (const type of ['wire', 'ach', 'paxum', 'paypal', 'usdt']) await paymentMethod(app, type, 1000);
  for (const back of [0, 1, 2]) {
    await app.db.execute(sql`insert into exchange_rates (currency, day, rate, source, updated_at) values ('EUR', ${laDate(new Date(Date.now() - back * DAY))}, ${eurRate}, 'ecb', now()) on conflict (currency, day) do update set rate = excluded.rate`);
  }
}

/** Saves the paying accounts through the settings route. */
export async function savePayingAccounts(app: FastifyInstance, tokens: { access_token: string }): Promise<Array<{ id: number; rail: string; currency: string }>> {
  const res = await app.inject({ method: 'PUT', url: '/v1/settings/paying-accounts', headers: bearer(tokens), payload: { accounts: payingAccounts } });
  if (res.statusCode !== 200) throw new Error(`paying accounts: ${res.body}`);
  return res.json().data.accounts;
}

/**
 * An affiliate with an approved payout to pay last period, paid by `kind`; their details were saved
 * long enough ago to pass the cooling-off (unless `recent`).
 */
export async function affiliateToPay(app: FastifyInstance, ledger: LedgerFixture, kind: PayeeKind, cents: number, opts: { recent?: boolean; country?: string } = {}) {
  const u = await createAffiliate(app);
  const payee = payees[kind];
  await payableProfile(app, u.id, { method: payee.method, country: opts.country ?? (kind.startsWith('sepa') ? 'DE' : 'US') });
  const changed = opts.recent ? new Date() : new Date(Date.now() - 30 * DAY);
  await app.db.execute(sql`update billing_accounts set details = ${JSON.stringify(payee.details)}::jsonb, updated_at = ${changed} where user_id = ${u.id}`);
  const last = addPeriods(periodOf(new Date()), -1);
  await ledger.earn(u.id, cents, new Date(periodStart(last).getTime() + 2 * DAY));
  return u;
}

/** Closes last period and approves every payout it made. */
export async function closeAndApprove(app: FastifyInstance, tokens: { access_token: string }): Promise<Map<number, number>> {
  const last = addPeriods(periodOf(new Date()), -1);
  const closed = await app.inject({ method: 'POST', url: '/v1/payouts/close-period', headers: bearer(tokens), payload: { period: last } });
  if (closed.statusCode !== 200) throw new Error(`close: ${closed.body}`);
  const list = await rows<{ id: number; affiliate_id: number }>(app.db, sql`select id, affiliate_id from payouts where status = 'to_approve'`);
  for (const p of list) {
    const res = await app.inject({ method: 'POST', url: `/v1/payouts/${p.id}/approve`, headers: bearer(tokens) });
    if (res.statusCode !== 200) throw new Error(`approve: ${res.body}`);
  }
  return new Map(list.map((p) => [p.affiliate_id, p.id]));
}

/**
 * The people of a payment run: a creator and a second approver (both with payouts), the rails and
 * the network's paying accounts saved by staff with settings. `creatorId` keys the ledger fixture.
 */
export async function paymentRunStaff(app: FastifyInstance, mail: MailCatcher) {
  const c = await createStaff(app, ['payouts']);
  const a = await createStaff(app, ['payouts']);
  const s = await createStaff(app, ['settings']);
  const creator = await signIn(app, mail, c.email, c.password);
  const approver = await signIn(app, mail, a.email, a.password);
  await paymentRails(app);
  await savePayingAccounts(app, await signIn(app, mail, s.email, s.password));
  return { creatorId: c.id, creator, approver };
}
