import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/schema/index.ts';
import { addDays, statsDay } from '../src/lib/days.ts';
import type { TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { appWithPeople, closeAppWithMail, type SignedIn } from './support/people.ts';
import { bearer } from './support/users.ts';

// A staff rate's day is at most the network's today (Los Angeles) and no earlier than the ECB's
// first euro reference rate (1999-01-04); a staff rate can be withdrawn, and the currency's latest
// rate is then the one before it.
const mail = new MailCatcher();
let t: TestApp;
let staff: SignedIn, other: SignedIn, affiliate: SignedIn;

beforeAll(async () => {
  ({ t, people: { staff, other, affiliate } } = await appWithPeople(mail, { staff: ['settings'], other: ['payouts'], affiliate: 'affiliate' }));
});
afterAll(() => closeAppWithMail(t, mail));

const put = (rates: unknown[]) => t.app.inject({ method: 'PUT', url: '/v1/settings/exchange-rates', headers: bearer(staff.tokens), payload: { rates } });
const latest = async (currency: string) => ((await t.app.inject({ method: 'GET', url: '/v1/settings/exchange-rates', headers: bearer(staff.tokens) })).json().data.rates as Array<{ currency: string; day: string; rate: number }>).find((r) => r.currency === currency);
const withdraw = (currency: string, day: string, who: SignedIn | null = staff) =>
  t.app.inject({ method: 'DELETE', url: `/v1/settings/exchange-rates/${currency}/${day}`, headers: who ? bearer(who.tokens) : {} });

describe('the day of a staff rate', () => {
  it('is at most today in Los Angeles and not before 1999-01-04, with a 422 on the day and nothing stored', async () => {
    const today = statsDay(new Date());
    for (const day of ['2099-01-01', addDays(today, 1), '1900-01-01', '1999-01-03']) {
      const reply = await put([{ currency: 'EUR', day, rate: '1.1' }]);
      expect([day, reply.statusCode, Object.keys(reply.json().errors ?? {})]).toEqual([day, 422, ['rates.0.day']]);
    }
    expect(await latest('EUR')).toBeUndefined();
    expect((await put([{ currency: 'EUR', day: today, rate: '1.1' }])).statusCode).toBe(200);
    expect((await put([{ currency: 'EUR', day: '1999-01-04', rate: '1.17' }])).statusCode).toBe(200);
    expect(await latest('EUR')).toMatchObject({ day: today, rate: 1.1 });
  });
});

describe('withdrawing a staff rate', () => {
  it('removes it, the latest rate falls back to the one before, and the event history says who did it', async () => {
    const today = statsDay(new Date());
    const before = addDays(today, -3);
    expect((await put([{ currency: 'GBP', day: before, rate: '1.25' }, { currency: 'GBP', day: today, rate: '9.99' }])).statusCode).toBe(200);
    expect(await latest('GBP')).toMatchObject({ day: today, rate: 9.99 });

    expect((await withdraw('GBP', today, null)).statusCode).toBe(401);
    expect((await withdraw('GBP', today, affiliate)).statusCode).toBe(403);
    expect((await withdraw('GBP', today, other)).statusCode).toBe(403);
    expect(await latest('GBP')).toMatchObject({ day: today, rate: 9.99 });

    const reply = await withdraw('GBP', today);
    expect(reply.statusCode).toBe(200);
    expect(await latest('GBP')).toMatchObject({ day: before, rate: 1.25 });
    const [event] = await t.app.db.select().from(events).where(eq(events.type, 'exchange_rate.withdrawn')).orderBy(desc(events.id)).limit(1);
    expect(event).toMatchObject({ actorId: staff.id, objectId: `GBP|${today}`, before: { currency: 'GBP', day: today, rate: 9.99, source: 'staff' }, after: { currency: 'GBP', day: before, rate: 1.25 } });

    expect((await withdraw('GBP', today)).statusCode).toBe(404);
    expect((await withdraw('GBP', 'not-a-day')).statusCode).toBe(422);
    expect((await withdraw('USD', today)).statusCode).toBe(422);
  });
});
