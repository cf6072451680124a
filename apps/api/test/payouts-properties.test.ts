import { addPeriods, FIRST_PERIOD } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf } from '../src/modules/payouts/balance.ts';
import { closePeriod } from '../src/modules/payouts/close.ts';
import { periodEnd, periodStart } from '../src/modules/payouts/periods.ts';
import { findPayout, statementOf } from '../src/modules/payouts/queries.ts';
import { cents, rows } from '../src/modules/payouts/sql.ts';
import { approvePayout, markPayoutPaid, rejectPayout, releaseFixedHolds } from '../src/modules/payouts/transitions.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { LedgerFixture, payableProfile, paymentMethod } from './support/money.ts';
import { createAffiliate, createStaff } from './support/users.ts';
import { affiliateScope } from '../src/lib/scope.ts';
import { DEFAULT_HOLD_DAYS, HOLD_DAYS_SETTING } from '../src/modules/payouts/eligibility.ts';
import { putSetting } from '../src/modules/settings/service.ts';

const DAY = 86_400_000;
const AFFILIATES = 3;

type Command =
  | { kind: 'earn'; who: number; cents: number }
  | { kind: 'refund'; pick: number; share: number }
  | { kind: 'commission'; who: number; pick: number; cents: number }
  | { kind: 'bonus'; who: number; cents: number }
  | { kind: 'adjust'; who: number; cents: number }
  | { kind: 'wait'; days: number }
  | { kind: 'close' }
  | { kind: 'reject'; pick: number }
  | { kind: 'approve'; pick: number }
  | { kind: 'pay'; pick: number }
  | { kind: 'profile'; who: number; complete: boolean }
  | { kind: 'hold'; days: number };

const who = fc.integer({ min: 0, max: AFFILIATES - 1 });
const pick = fc.nat({ max: 1000 });
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('earn' as const), who, cents: fc.integer({ min: 1, max: 60_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick, share: fc.integer({ min: 1, max: 100 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('commission' as const), who, pick, cents: fc.integer({ min: 1, max: 3_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('bonus' as const), who, cents: fc.integer({ min: 1, max: 20_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('adjust' as const), who, cents: fc.integer({ min: -20_000, max: 20_000 }).filter((c) => c !== 0) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 5, max: 45 }) }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'close' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reject' as const), pick }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('approve' as const), pick }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('pay' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('profile' as const), who, complete: fc.boolean() }) },
  // Staff change the hold between closes: a longer one ends the next window before the last one did.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('hold' as const), days: fc.constantFrom(0, 14, 30, 90) }) },
);
const profile = fc.record({ method: fc.constantFrom('paypal', 'wire'), splitFeeBp: fc.integer({ min: 0, max: 2_500 }), complete: fc.integer({ min: 0, max: 3 }).map((n) => n > 0), country: fc.constantFrom('US', 'DE') });

describe('payouts: money is never made or lost (property)', () => {
  let t: TestApp;
  let staffId: number;
  let ledger: LedgerFixture;
  // One simulated clock for every run: periods close once in the whole database, so time only moves forward.
  let now = new Date(periodStart(FIRST_PERIOD).getTime() + DAY);
  let nextPeriod = FIRST_PERIOD;

  beforeAll(async () => {
    t = await createTestApp();
    const staff = await createStaff(t.app, ['payouts']);
    staffId = staff.id;
    ledger = new LedgerFixture(t.app, staffId);
    await paymentMethod(t.app, 'paypal', 2_000, 100);
    await paymentMethod(t.app, 'wire', 10_000, 2_500);
    await t.app.db.execute(sql`insert into tax_withholdings (country, recipient_type, rate_bp) values ('US', 'individual', 1500), ('DE', 'individual', 0)`);
  });
  afterAll(async () => t?.close());

  it('paid + to pay + to approve + held + carried = all earned, with no payout below its minimum and no drift', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(profile, { minLength: AFFILIATES, maxLength: AFFILIATES }), fc.array(command, { minLength: 30, maxLength: 80 }), async (profiles, commands) => {
        const ids: number[] = [];
        for (const p of profiles) {
          const a = await createAffiliate(t.app);
          await payableProfile(t.app, a.id, { method: p.method, splitFeeBp: p.splitFeeBp, country: p.country });
          if (!p.complete) await t.app.db.execute(sql`update billing_accounts set is_complete = false where user_id = ${a.id}`);
          ids.push(a.id);
        }
        const earnings: { id: number; conversionId: number; who: number; cents: number; refunded: boolean; commissioned: boolean }[] = [];
        const payoutIds = async () => (await rows<{ id: number }>(t.app.db, sql`select id from payouts where affiliate_id = any(${`{${ids.join(',')}}`}::int[]) order by id`)).map((r) => r.id);

        for (const c of commands) {
          // The real clock never stands still between two writes; the simulated one moves a second per command.
          now = new Date(now.getTime() + 1000);
          switch (c.kind) {
            case 'earn': {
              const e = await ledger.earn(ids[c.who]!, c.cents, now);
              earnings.push({ ...e, who: c.who, cents: c.cents, refunded: false, commissioned: false });
              break;
            }
            case 'refund': {
              const open = earnings.filter((e) => !e.refunded);
              const e = open[c.pick % Math.max(open.length, 1)];
              if (!e) break;
              e.refunded = true;
              await ledger.reverse(e, ids[e.who]!, Math.max(1, Math.floor((e.cents * c.share) / 100)), now);
              break;
            }
            case 'commission': {
              const open = earnings.filter((e) => !e.commissioned && e.who !== c.who);
              const e = open[c.pick % Math.max(open.length, 1)];
              if (!e) break;
              e.commissioned = true;
              await ledger.commission(ids[c.who]!, e.id, c.cents, now);
              break;
            }
            case 'bonus':
              await ledger.bonus(ids[c.who]!, c.cents, now);
              break;
            case 'adjust':
              await ledger.adjust(ids[c.who]!, c.cents, now);
              break;
            case 'wait':
              now = new Date(now.getTime() + c.days * DAY);
              break;
            case 'close':
              if (periodEnd(nextPeriod) <= now) {
                await closePeriod(t.app.db, nextPeriod, { now });
                nextPeriod = addPeriods(nextPeriod, 1);
              }
              break;
            case 'reject':
            case 'approve':
            case 'pay': {
              const list = await payoutIds();
              const id = list[c.pick % Math.max(list.length, 1)];
              if (id === undefined) break;
              const act = { reject: () => rejectPayout(t.app.db, id, staffId, 'Property test', { now }), approve: () => approvePayout(t.app.db, id, staffId), pay: () => markPayoutPaid(t.app.db, id, staffId, { reference: null }) }[c.kind];
              // Moves the current status does not allow are refused (409) and change nothing.
              await act().catch((error: { statusCode?: number }) => {
                if (error.statusCode !== 409) throw error;
              });
              break;
            }
            case 'profile':
              await t.app.db.execute(sql`update billing_accounts set is_complete = ${c.complete} where user_id = ${ids[c.who]}`);
              await releaseFixedHolds(t.app.db, affiliateScope(ids[c.who]!));
              break;
            case 'hold':
              await putSetting(t.app.db, HOLD_DAYS_SETTING, c.days);
              break;
          }
        }
        await putSetting(t.app.db, HOLD_DAYS_SETTING, DEFAULT_HOLD_DAYS);

        for (const id of ids) {
          const [sums] = await rows<{ earned: unknown; balance: unknown }>(
            t.app.db,
            sql`select coalesce(sum(amount_cents) filter (where payout_id is null), 0)::bigint as earned, coalesce(sum(amount_cents), 0)::bigint as balance
                from ledger_entries where affiliate_id = ${id}`,
          );
          const payouts = await rows<{ id: number; status: string; gross_cents: unknown; withholding_cents: unknown; fee_cents: unknown; amount_cents: unknown; minimum_cents: unknown }>(
            t.app.db,
            sql`select id, status, gross_cents, withholding_cents, fee_cents, amount_cents, minimum_cents from payouts where affiliate_id = ${id}`,
          );
          const live = payouts.filter((p) => p.status !== 'rejected');
          const carried = cents(sums!.balance);
          // paid + to pay + to approve + held (what they took out of the balance) + carried = earned.
          expect(live.reduce((s, p) => s + cents(p.gross_cents), 0) + carried).toBe(cents(sums!.earned));
          for (const p of payouts) {
            expect(cents(p.amount_cents)).toBeGreaterThan(0);
            expect(cents(p.amount_cents)).toBeGreaterThanOrEqual(cents(p.minimum_cents));
            expect(cents(p.gross_cents) - cents(p.withholding_cents) - cents(p.fee_cents)).toBe(cents(p.amount_cents));
            const statement = await statementOf(t.app.db, await findPayout(t.app.db, { kind: 'network' }, p.id));
            expect(statement.reduce((s, r) => s + Math.round(r.amount * 100), 0)).toBe(cents(p.amount_cents));
          }
          const balance = await balanceOf(t.app.db, id, now);
          expect(Math.round((balance.available + balance.pending_hold) * 100)).toBe(carried);
          expect(Math.round((balance.in_payouts + balance.held + balance.lifetime_paid) * 100)).toBe(live.reduce((s, p) => s + cents(p.amount_cents), 0));
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 20) },
    );
  }, 300_000);
});
