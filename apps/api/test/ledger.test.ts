import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateProfiles, ledgerEntries, users } from '../src/db/schema/index.ts';
import { balanceCents, balanceCentsSql, balancesCents, earnedCentsSinceSql, sumsByKind, toDollars } from '../src/modules/ledger/balance.ts';
import { appendEntries, appendEntry } from '../src/modules/ledger/entries.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { LedgerFixture } from './support/money.ts';
import { createAffiliate, createStaff } from './support/users.ts';

let t: TestApp;
let staffId: number;

beforeAll(async () => {
  t = await createTestApp();
  staffId = (await createStaff(t.app, ['affiliates'])).id;
});
afterAll(async () => {
  await t.close();
});

/** The database's own words for a refused statement (drizzle wraps the driver's error). */
async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (err) {
    const e = err as { message?: string; cause?: { message?: string } };
    return `${e.message ?? ''} ${e.cause?.message ?? ''}`;
  }
  throw new Error('the database accepted it');
}

describe('the ledger refuses what would break it', () => {
  it('never changes or deletes a row, however it is asked', async () => {
    const aff = await createAffiliate(t.app);
    const row = await appendEntry(t.app.db, { affiliateId: aff.id, kind: 'bonus', amountCents: 1500, createdBy: staffId, reason: 'Launch week' });
    expect(await refusal(() => t.app.db.update(ledgerEntries).set({ amountCents: 150000 }).where(eq(ledgerEntries.id, row.id)))).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(() => t.app.db.update(ledgerEntries).set({ payoutId: 1 }).where(eq(ledgerEntries.id, row.id)))).toMatch(/append-only/);
    expect(await refusal(() => t.app.db.delete(ledgerEntries).where(eq(ledgerEntries.id, row.id)))).toMatch(/append-only: DELETE refused/);
    expect(await refusal(() => t.app.db.execute(sql`truncate ledger_entries`))).toMatch(/append-only: TRUNCATE refused/);
    const [still] = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, row.id));
    expect(still).toMatchObject({ amountCents: 1500, reason: 'Launch week', payoutId: null });
  });

  it('refuses rows of an unknown kind, with the wrong sign, or without what they must name', async () => {
    const aff = await createAffiliate(t.app);
    const base = { affiliateId: aff.id, createdBy: staffId, reason: 'r' };
    const refused = [
      { ...base, kind: 'gift', amountCents: 100 },
      { ...base, kind: 'bonus', amountCents: -100 },
      { ...base, kind: 'bonus', amountCents: 100, reason: '' },
      { ...base, kind: 'bonus', amountCents: 100, createdBy: null },
      { ...base, kind: 'adjustment', amountCents: -100 },
      { ...base, kind: 'adjustment', amountCents: 0, reasonCode: 'other' },
      { ...base, kind: 'earning', amountCents: 100 },
      { ...base, kind: 'reversal', amountCents: -100 },
      { ...base, kind: 'referral_commission', amountCents: 100 },
      { ...base, kind: 'payout', amountCents: -100 },
      { ...base, kind: 'fee', amountCents: 100, payoutId: 1 },
      { ...base, kind: 'bonus', amountCents: 100, correctsId: 1 },
    ];
    for (const row of refused) {
      const why = await refusal(() => t.app.db.insert(ledgerEntries).values({ ...row, day: '2026-01-01' } as typeof ledgerEntries.$inferInsert));
      expect({ row, refused: /violates check constraint/.test(why) }).toEqual({ row, refused: true });
    }
    expect(await balanceCents(t.app.db, aff.id)).toBe(0);
    // A negative adjustment with its category and a payout row naming its payout are fine.
    await appendEntries(t.app.db, [
      { ...base, kind: 'adjustment', amountCents: -100, reasonCode: 'correction' },
      { affiliateId: aff.id, kind: 'payout', amountCents: -50, payoutId: 7 },
    ]);
    expect(await balanceCents(t.app.db, aff.id)).toBe(-150);
  });

  it('refuses an affiliate referred by themselves', async () => {
    const aff = await createAffiliate(t.app);
    expect(await refusal(() => t.app.db.update(users).set({ referredById: aff.id }).where(eq(users.id, aff.id)))).toMatch(/users_not_self_referred_check/);
  });
});

describe('balances are sums of rows', () => {
  const movement = fc.oneof(
    fc.record({ kind: fc.constant('bonus' as const), cents: fc.integer({ min: 1, max: 5_000_000 }) }),
    fc.record({ kind: fc.constant('adjustment' as const), cents: fc.integer({ min: -5_000_000, max: 5_000_000 }).filter((n) => n !== 0) }),
    fc.record({ kind: fc.constant('fee' as const), cents: fc.integer({ min: -100_000, max: -1 }) }),
    fc.record({ kind: fc.constant('withholding' as const), cents: fc.integer({ min: -100_000, max: -1 }) }),
    fc.record({ kind: fc.constant('payout' as const), cents: fc.integer({ min: -5_000_000, max: -1 }) }),
  );

  it('every balance, and every sum per kind, equals the sum of its rows to the cent', async () => {
    const affiliates = [(await createAffiliate(t.app)).id, (await createAffiliate(t.app)).id];
    const expected = new Map(affiliates.map((id) => [id, 0]));
    const byKind = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.integer({ min: 0, max: 1 }), movement), { minLength: 1, maxLength: 12 }), async (moves) => {
        await appendEntries(
          t.app.db,
          moves.map(([who, m]) => {
            const affiliateId = affiliates[who]!;
            expected.set(affiliateId, expected.get(affiliateId)! + m.cents);
            if (who === 0) byKind.set(m.kind, (byKind.get(m.kind) ?? 0) + m.cents);
            return { affiliateId, kind: m.kind, amountCents: m.cents, createdBy: staffId, reason: 'property', reasonCode: 'other', payoutId: m.kind === 'fee' || m.kind === 'withholding' || m.kind === 'payout' ? 1 : null };
          }),
        );
        for (const id of affiliates) expect(await balanceCents(t.app.db, id)).toBe(expected.get(id));
        const many = await balancesCents(t.app.db, affiliates);
        for (const id of affiliates) expect(many.get(id) ?? 0).toBe(expected.get(id));
        expect(await sumsByKind(t.app.db, affiliates[0]!)).toEqual(Object.fromEntries(byKind));
      }),
      { numRuns: 25 },
    );
  });
});

describe('balances scoped by kind and time', () => {
  const at = (iso: string) => new Date(iso);

  it('counts only the kinds asked for, and rows from `from` on and before `before`', async () => {
    const aff = (await createAffiliate(t.app)).id;
    const other = (await createAffiliate(t.app)).id;
    const quiet = (await createAffiliate(t.app)).id;
    const note = { createdBy: staffId, reason: 'scoped', reasonCode: 'other' };
    await appendEntries(t.app.db, [
      { ...note, affiliateId: aff, kind: 'bonus', amountCents: 1000, createdAt: at('2026-03-01T00:00:00Z') },
      { ...note, affiliateId: aff, kind: 'adjustment', amountCents: -300, createdAt: at('2026-03-10T00:00:00Z') },
      { affiliateId: aff, kind: 'fee', amountCents: -50, payoutId: 1, createdAt: at('2026-03-20T00:00:00Z') },
      { ...note, affiliateId: other, kind: 'bonus', amountCents: 700, createdAt: at('2026-03-15T00:00:00Z') },
    ]);
    const db = t.app.db;
    expect(await balanceCents(db, aff)).toBe(650);
    expect(await balanceCents(db, quiet)).toBe(0);
    expect(await balanceCents(db, aff, { kinds: ['bonus', 'fee'] })).toBe(950);
    expect(await balanceCents(db, aff, { kinds: ['earning'] })).toBe(0);
    // `from` takes a row made at that very moment, `before` leaves it out.
    expect(await balanceCents(db, aff, { from: at('2026-03-10T00:00:00Z') })).toBe(-350);
    expect(await balanceCents(db, aff, { before: at('2026-03-10T00:00:00Z') })).toBe(1000);
    expect(await balanceCents(db, aff, { from: at('2026-03-10T00:00:00Z'), before: at('2026-03-20T00:00:00Z') })).toBe(-300);

    const many = await balancesCents(db, [aff, other, quiet], { from: at('2026-03-10T00:00:00Z') });
    expect([...many.entries()].sort((a, b) => a[0] - b[0])).toEqual([
      [aff, -350],
      [other, 700],
    ]);
    expect(await balancesCents(db, [aff, other], { before: at('2026-03-10T00:00:00Z'), kinds: ['bonus'] })).toEqual(new Map([[aff, 1000]]));
    expect((await balancesCents(db, [])).size).toBe(0);

    expect(await sumsByKind(db, aff)).toEqual({ bonus: 1000, adjustment: -300, fee: -50 });
    expect(await sumsByKind(db, aff, { before: at('2026-03-20T00:00:00Z') })).toEqual({ bonus: 1000, adjustment: -300 });
    expect(await sumsByKind(db, aff, { kinds: ['fee'], from: at('2026-03-20T00:00:00Z') })).toEqual({ fee: -50 });
    expect(await sumsByKind(db, quiet)).toEqual({});
    expect(toDollars(650)).toBe(6.5);
    expect(toDollars(-5)).toBe(-0.05);
  });

  it('lists read the same balance, and what was earned from a day on, in SQL', async () => {
    const aff = (await createAffiliate(t.app)).id;
    const quiet = (await createAffiliate(t.app)).id;
    const money = new LedgerFixture(t.app, staffId);
    await money.earn(aff, 900, at('2026-04-30T12:00:00Z'));
    const sale = await money.earn(aff, 2000, at('2026-05-01T12:00:00Z'));
    await money.reverse(sale, aff, 500, at('2026-05-02T12:00:00Z'));
    await money.commission(aff, sale.id, 30, at('2026-05-03T12:00:00Z'));
    await money.bonus(aff, 400, at('2026-05-04T12:00:00Z'));
    await appendEntries(t.app.db, [{ affiliateId: aff, kind: 'payout', amountCents: -150, payoutId: 1, createdAt: at('2026-05-05T19:00:00Z') }]);
    const read = async (id: number, fromDay: string) => {
      const [row] = await t.app.db
        .select({ balance: balanceCentsSql(users.id), earned: earnedCentsSinceSql(users.id, fromDay) })
        .from(users)
        // As in the affiliates list: with a join, drizzle names every column with its table, which the subqueries need.
        .leftJoin(affiliateProfiles, eq(affiliateProfiles.userId, users.id))
        .where(eq(users.id, id));
      return { balance: Number(row!.balance), earned: Number(row!.earned) };
    };
    // Earnings, reversals and commissions from that day on; bonuses and payouts move only the balance.
    expect(await read(aff, '2026-05-01')).toEqual({ balance: 900 + 2000 - 500 + 30 + 400 - 150, earned: 2000 - 500 + 30 });
    expect(await read(aff, '2026-04-30')).toEqual({ balance: 2680, earned: 900 + 2000 - 500 + 30 });
    expect(await read(aff, '2026-05-04')).toEqual({ balance: 2680, earned: 0 });
    expect(await read(quiet, '2026-05-01')).toEqual({ balance: 0, earned: 0 });
  });
});
