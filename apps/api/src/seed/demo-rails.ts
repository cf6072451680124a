import { addPeriods } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { affiliateProfiles, banks, roles, settings, users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/password.ts';
import { appendEntry } from '../modules/ledger/index.ts';
import { approveRun, createRun, importStatusFile, markRunSent } from '../modules/payment-runs/index.ts';
import { approvePayout, periodOf, periodStart, rows } from '../modules/payouts/index.ts';

const MARKER = 'demo_rails_version';
const DAY = 86_400_000;

/** Payees on every rail: the first two SEPA payees are paid by a run already sent (one of them returned by the bank). */
const payees = [
  { key: 'sepa-returned', name: 'Jürgen Weiß', country: 'DE', method: 'wire', cents: 125_000, details: { account_holder: 'Jürgen Weiß', iban: 'DE02120300000000202051', swift: 'BYLADEM1001', bank_name: 'DKB' } },
  { key: 'sepa-accepted', name: 'Chloé Dubois', country: 'FR', method: 'wire', cents: 98_000, details: { account_holder: 'Chloé Dubois', iban: 'FR1420041010050500013M02606', swift: 'BNPAFRPPXXX', bank_name: 'BNP Paribas' } },
  { key: 'sepa', name: 'Daan de Vries', country: 'NL', method: 'wire', cents: 87_500, details: { account_holder: 'Daan de Vries', iban: 'NL91ABNA0417164300', swift: 'ABNANL2A', bank_name: 'ABN AMRO' } },
  { key: 'usd-wire', name: 'Omar Haddad', country: 'AE', method: 'wire', cents: 143_000, details: { account_holder: 'Omar Haddad', iban: 'AE070331234567890123456', swift: 'EBILAEAD', bank_name: 'Emirates NBD' } },
  { key: 'ach', name: 'Mary Smith', country: 'US', method: 'ach', cents: 42_000, details: { account_holder: 'Mary Smith', routing_number: '011000015', account_number: '4410023456', account_type: 'checking' } },
  { key: 'paxum', name: 'Ivan Petrov', country: 'BG', method: 'paxum', cents: 31_500, details: { email: 'ivan.petrov@paxum-payee.example' } },
  { key: 'paypal', name: 'Grace Lee', country: 'CA', method: 'paypal', cents: 27_500, details: { email: 'grace.lee@paypal-payee.example' } },
  { key: 'usdt', name: 'Satoshi Tanaka', country: 'JP', method: 'usdt', cents: 66_600, details: { network: 'trc20', wallet_address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' } },
] as const;
const emailOf = (key: string) => `payee-${key}@example.com`;

/** The demo's second pair of eyes on payments: a staff member with payouts who approves runs. */
export const demoFinance = { email: 'finance@example.com', password: 'demo-finance-2026', name: 'Priya Shah' } as const;

/**
 * Before the demo's payout history is closed: the network's paying accounts on every rail and
 * currency, and payees on every rail who earned last month, with details saved weeks ago (so they
 * pass the cooling-off). Runs once per database, and only before the first close.
 */
export async function prepareDemoRails(db: Db, staffEmail: string, now = new Date()): Promise<void> {
  const [marker] = await db.select().from(settings).where(eq(settings.key, MARKER));
  const [closed] = await rows<{ n: number }>(db, sql`select count(*)::int as n from payout_periods`);
  const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.email, staffEmail));
  if (marker || closed!.n > 0 || !staff) return;
  await db.update(banks).set({ rail: 'wire', painVersion: '09' }).where(eq(banks.currency, 'EUR'));
  await db.update(banks).set({ rail: 'wire', painVersion: '03' }).where(eq(banks.currency, 'USD'));
  await db
    .insert(banks)
    .values([
      { name: 'ACH origination (Silicon Valley Bank)', rail: 'ach', currency: 'USD', achCompanyName: 'VR PARTNER NET', achCompanyId: '1943219876', achOdfiRouting: '121140399', achImmediateDestination: '121140399', achImmediateOrigin: '1943219876' },
      { name: 'Paxum payer', rail: 'paxum', currency: 'USD', payerEmail: 'payouts@vr-partner.example' },
      { name: 'PayPal payer', rail: 'paypal', currency: 'USD', payerEmail: 'paypal@vr-partner.example' },
      { name: 'USDT hot wallet (TRC-20)', rail: 'usdt', currency: 'USD', wallet: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', walletNetwork: 'trc20' },
    ])
    .onConflictDoNothing();
  const saved = new Date(now.getTime() - 40 * DAY);
  const hash = await hashPassword('demo-affiliate-2026');
  const [financeRole] = await db
    .insert(roles)
    .values({ name: 'payments_officer', displayName: 'Payments Officer', permissions: ['dashboard', 'payouts'] })
    .onConflictDoUpdate({ target: roles.name, set: { displayName: sql`excluded.display_name` } })
    .returning({ id: roles.id });
  await db
    .insert(users)
    .values({ email: demoFinance.email, name: demoFinance.name, passwordHash: await hashPassword(demoFinance.password), isClient: false, roleId: financeRole?.id ?? null, isActive: true, emailVerifiedAt: saved })
    .onConflictDoNothing();
  const last = addPeriods(periodOf(now), -1);
  for (const p of payees) {
    const [u] = await db
      .insert(users)
      .values({ email: emailOf(p.key), name: p.name, passwordHash: hash, isClient: true, isActive: true, emailVerifiedAt: saved, createdAt: new Date(periodStart(last).getTime() - 30 * DAY) })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!u) continue;
    await db.insert(affiliateProfiles).values({ userId: u.id, country: p.country, address: '1 Harbour Street', city: 'Capital City', postalCode: '10001', legalFormStatus: 'accepted' });
    await db.execute(sql`insert into billing_accounts (user_id, recipient_type, payment_method_id, details, is_complete, updated_at)
      select ${u.id}, 'individual', id, ${JSON.stringify(p.details)}::jsonb, true, ${saved} from payment_methods where type = ${p.method}`);
    await appendEntry(db, { affiliateId: u.id, kind: 'bonus', amountCents: p.cents, createdBy: staff.id, reason: 'Launch partner bonus', createdAt: new Date(periodStart(last).getTime() + 5 * DAY) });
  }
}

/**
 * After the close: the payees' payouts approved, and one SEPA run made by one staff member,
 * approved by another, sent, and answered by the bank (one payment accepted, one returned: the
 * account is closed). The other payees' payouts stay to pay, in no run, passing the checks.
 */
export async function finishDemoRails(db: Db, log: FastifyBaseLogger, staffEmail: string, approverEmail: string): Promise<void> {
  const [marker] = await db.select().from(settings).where(eq(settings.key, MARKER));
  if (marker) return;
  await db.insert(settings).values({ key: MARKER, value: 1 });
  const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.email, staffEmail));
  const [approver] = await db.select({ id: users.id }).from(users).where(eq(users.email, approverEmail));
  if (!staff || !approver) return;
  const list = await rows<{ id: number; email: string }>(
    db,
    sql`select p.id, u.email from payouts p join users u on u.id = p.affiliate_id where u.email like 'payee-%@example.com' and p.status = 'to_approve' order by p.id`,
  );
  for (const p of list) await approvePayout(db, p.id, staff.id);
  const of = (key: string) => list.find((p) => p.email === emailOf(key))?.id;
  const inRun = [of('sepa-returned'), of('sepa-accepted')].filter((id): id is number => id !== undefined);
  if (inRun.length !== 2) return;
  try {
    const runId = await createRun(db, { method: 'wire', payout_ids: inRun }, staff.id);
    await approveRun(db, runId, approver.id);
    await markRunSent(db, runId, staff.id);
    const items = await rows<{ payout_id: number; reference: string }>(db, sql`select payout_id, reference from payment_run_items where run_id = ${runId} order by id`);
    const csv = ['reference,status,reason', ...items.map((i) => `${i.reference},${i.payout_id === of('sepa-returned') ? 'returned,AC04' : 'accepted,'}`)].join('\r\n');
    await importStatusFile(db, Buffer.from(`${csv}\r\n`), staff.id);
    log.info(`Demo payment run #${runId} sent; the bank returned one payment.`);
  } catch (error) {
    log.warn({ err: error }, 'the demo payment run could not be made');
  }
}
