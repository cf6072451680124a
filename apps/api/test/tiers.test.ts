import type { Tier } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { MailCatcher } from './support/mail-catcher.ts';
import { createCatalogue } from './support/tracking.ts';
import { bearer, createAffiliate, createStaff, signIn } from './support/users.ts';

// Tiers (issue 15): list, create, edit, delete; exactly one default for new sign-ups; a deleted
// tier's affiliates move to the default, recorded with before and after.
type Tokens = { access_token: string };
let t: TestApp;
const mail = new MailCatcher();
let settings: Tokens;
let affiliatesStaff: Tokens;
let offersStaff: Tokens;
let affiliate: Tokens;

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: await mail.start(), PUBLIC_URL: 'http://portal.test' });
  const s = await createStaff(t.app, ['settings']);
  const a = await createStaff(t.app, ['affiliates']);
  const o = await createStaff(t.app, ['offers']);
  const aff = await createAffiliate(t.app);
  [settings, affiliatesStaff, offersStaff, affiliate] = await Promise.all([
    signIn(t.app, mail, s.email, s.password),
    signIn(t.app, mail, a.email, a.password),
    signIn(t.app, mail, o.email, o.password),
    signIn(t.app, mail, aff.email, aff.password),
  ]);
});
afterAll(async () => {
  await t?.close();
  await mail.stop();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, who: Tokens | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}) });
const list = async (): Promise<Tier[]> => (await call('GET', '/v1/tiers', settings)).json().data;
const defaults = async () => (await list()).filter((x) => x.is_default).map((x) => x.name);
const lastEvent = async (query: string) => (await call('GET', `/v1/events?${query}`, settings)).json().data[0];

describe('tiers', () => {
  it('lists tiers with their affiliates counted, for any staff user and nobody else', async () => {
    const res = await call('GET', '/v1/tiers', offersStaff);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual(expect.objectContaining({ name: 'Standard', is_default: true, affiliates_count: expect.any(Number) }));
    expect((await call('GET', '/v1/tiers', affiliate)).statusCode).toBe(403);
    expect((await call('GET', '/v1/tiers', null)).statusCode).toBe(401);
  });

  it('creates a tier ("Tier created successfully"), validates the name and refuses a taken one', async () => {
    const res = await call('POST', '/v1/tiers', settings, { name: '  Bronze  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Tier created successfully', data: { name: 'Bronze', is_default: false } });
    expect(await lastEvent('object_type=tier&action=created')).toMatchObject({ object_id: String(res.json().data.id), after: { name: 'Bronze' } });
    const empty = await call('POST', '/v1/tiers', settings, { name: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ name: ['This field is required'] });
    const taken = await call('POST', '/v1/tiers', settings, { name: 'Bronze' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ error_code: 'unique', errors: { name: ['A tier with this name already exists.'] } });
  });

  it('keeps exactly one default: making one the default takes it from the others; the default cannot be switched off', async () => {
    const gold = (await call('POST', '/v1/tiers', settings, { name: 'Gold', is_default: true })).json().data as Tier;
    expect(await defaults()).toEqual(['Gold']);
    const off = await call('PATCH', `/v1/tiers/${gold.id}`, settings, { name: 'Gold', is_default: false });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ error_code: 'conflict', message: 'One tier must be the default for new sign-ups: make another tier the default instead.' });
    const standard = (await list()).find((x) => x.name === 'Standard')!;
    const back = await call('PATCH', `/v1/tiers/${standard.id}`, settings, { name: 'Standard', is_default: true });
    expect(back.json()).toMatchObject({ message: 'Tier updated successfully', data: { is_default: true } });
    expect(await defaults()).toEqual(['Standard']);
    const renamed = await call('PATCH', `/v1/tiers/${gold.id}`, settings, { name: 'Gold plus', is_default: false });
    expect(renamed.json().data).toMatchObject({ name: 'Gold plus', is_default: false });
    expect(await lastEvent('object_type=tier&action=updated')).toMatchObject({ before: { name: 'Gold', is_default: false }, after: { name: 'Gold plus' } });
    expect((await call('PATCH', '/v1/tiers/999999', settings, { name: 'Nope' })).statusCode).toBe(404);
  });

  it('keeps one default when two tiers are made the default at once', async () => {
    const [x, y] = await Promise.all(['Race A', 'Race B'].map(async (name) => (await call('POST', '/v1/tiers', settings, { name })).json().data as Tier));
    const both = await Promise.all([x!, y!].map((tier) => call('PATCH', `/v1/tiers/${tier.id}`, settings, { name: tier.name, is_default: true })));
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await defaults()).toHaveLength(1);
    const standard = (await list()).find((tier) => tier.name === 'Standard')!;
    await call('PATCH', `/v1/tiers/${standard.id}`, settings, { name: 'Standard', is_default: true });
    for (const tier of [x!, y!]) expect((await call('DELETE', `/v1/tiers/${tier.id}`, settings)).statusCode).toBe(200);
  });

  it('gives new affiliates the default tier', async () => {
    const silver = (await call('POST', '/v1/tiers', settings, { name: 'Silver', is_default: true })).json().data as Tier;
    const created = await call('POST', '/v1/affiliates', affiliatesStaff, { name: 'New Person', email: 'new-person@example.com', password: 'password-123' });
    expect(created.json().data.tier).toEqual({ id: silver.id, name: 'Silver' });
    const standard = (await list()).find((x) => x.name === 'Standard')!;
    await call('PATCH', `/v1/tiers/${standard.id}`, settings, { name: 'Standard', is_default: true });
  });

  it('refuses deleting the default tier; deleting another moves its affiliates to the default, with before and after', async () => {
    const standard = (await list()).find((x) => x.is_default)!;
    const refused = await call('DELETE', `/v1/tiers/${standard.id}`, settings);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error_code: 'conflict', message: 'The default tier cannot be deleted: make another tier the default first.' });

    const doomed = (await call('POST', '/v1/tiers', settings, { name: 'Doomed' })).json().data as Tier;
    const a = await createAffiliate(t.app);
    const b = await createAffiliate(t.app);
    for (const id of [a.id, b.id]) expect((await call('POST', `/v1/affiliates/${id}/tier`, affiliatesStaff, { tier_id: doomed.id })).statusCode).toBe(200);
    expect((await list()).find((x) => x.id === doomed.id)?.affiliates_count).toBe(2);
    const cat = await createCatalogue(t.app, offersStaff, { name: 'tierdel', payoutType: 'cpa', payout: 10 });
    expect((await call('PUT', `/v1/offers/${cat.offerId}/payouts`, offersStaff, { affiliates: [], tiers: [{ tier_id: doomed.id, amount: 14.5 }] })).statusCode).toBe(200);

    expect((await call('DELETE', `/v1/tiers/${doomed.id}`, offersStaff)).statusCode).toBe(403);
    const res = await call('DELETE', `/v1/tiers/${doomed.id}`, settings);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Tier deleted successfully', data: { moved_affiliates: 2, default_tier: { id: standard.id, name: standard.name } } });
    expect((await list()).some((x) => x.id === doomed.id)).toBe(false);
    for (const id of [a.id, b.id]) {
      const [row] = await t.app.db.select({ tierId: users.tierId }).from(users).where(eq(users.id, id));
      expect(row!.tierId).toBe(standard.id);
    }
    const offer = (await call('GET', `/v1/offers/${cat.offerId}`, offersStaff)).json().data;
    expect(offer.custom_payouts).toEqual([]);

    expect(await lastEvent('object_type=tier&action=deleted')).toMatchObject({
      object_id: String(doomed.id),
      before: { name: 'Doomed', offer_payouts: [{ offer_id: cat.offerId, amount: 14.5 }] },
      after: null,
    });
    const moves = (await call('GET', `/v1/events?object_type=affiliate&action=tier_assigned&user_id=${a.id}`, settings)).json().data;
    expect(moves[0]).toMatchObject({ before: { tier_id: doomed.id, tier: 'Doomed' }, after: { tier_id: standard.id, tier: standard.name } });
    expect((await call('DELETE', `/v1/tiers/${doomed.id}`, settings)).statusCode).toBe(404);
  });

  it('lets only staff with settings create, edit and delete tiers', async () => {
    const bronze = (await list()).find((x) => x.name === 'Bronze')!;
    for (const who of [affiliatesStaff, offersStaff, affiliate]) {
      expect((await call('POST', '/v1/tiers', who, { name: 'Sneaky' })).statusCode).toBe(403);
      expect((await call('PATCH', `/v1/tiers/${bronze.id}`, who, { name: 'Sneaky' })).statusCode).toBe(403);
      expect((await call('DELETE', `/v1/tiers/${bronze.id}`, who)).statusCode).toBe(403);
    }
    for (const [method, url] of [['POST', '/v1/tiers'], ['PATCH', `/v1/tiers/${bronze.id}`], ['DELETE', `/v1/tiers/${bronze.id}`]] as const) {
      expect((await call(method, url, null, { name: 'Anon' })).statusCode).toBe(401);
    }
    expect((await list()).find((x) => x.id === bronze.id)?.name).toBe('Bronze');
  });
});

