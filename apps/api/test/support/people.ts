import type { TokenPair } from '@portal/contracts';
import { createTestApp, type TestApp } from '../helpers.ts';
import type { MailCatcher } from './mail-catcher.ts';
import { createAffiliate, createStaff, signIn } from './users.ts';

/** Someone a test file needs: an affiliate, or staff holding these permissions. */
export type Person = 'affiliate' | string[];

export interface SignedIn {
  id: number;
  email: string;
  password: string;
  tokens: TokenPair;
}

/**
 * The real app on a fresh database (with `env` added to its settings) and its mail going to `mail`, and the people asked for, created in the
 * order given and then signed in together (staff through the two-step code). Close it with `closeAppWithMail`.
 */
export async function appWithPeople<K extends string>(mail: MailCatcher, people: Record<K, Person>, env: Record<string, string> = {}): Promise<{ t: TestApp; people: Record<K, SignedIn> }> {
  const t = await createTestApp({ SMTP_URL: await mail.start(), ...env });
  const created: [K, Awaited<ReturnType<typeof createAffiliate>>][] = [];
  for (const [key, person] of Object.entries(people) as [K, Person][]) {
    created.push([key, person === 'affiliate' ? await createAffiliate(t.app) : await createStaff(t.app, person)]);
  }
  const signedIn = await Promise.all(created.map(async ([key, who]) => [key, { ...who, tokens: await signIn(t.app, mail, who.email, who.password) }] as const));
  return { t, people: Object.fromEntries(signedIn) as Record<K, SignedIn> };
}

/** Closes the app (when it started) and stops its mail catcher: the `afterAll` of `appWithPeople`. */
export async function closeAppWithMail(t: TestApp | undefined, mail: MailCatcher) {
  await t?.close();
  await mail.stop();
}

/**
 * The people a settings test asks: staff with settings (`admin`), staff without (`otherStaff`, with payouts) and an affiliate,
 * signed in on the app with `env`: their tokens. Close it with `closeAppWithMail`.
 */
export async function appWithSettingsPeople(mail: MailCatcher, env: Record<string, string> = {}) {
  const { t, people } = await appWithPeople(mail, { admin: ['settings'], otherStaff: ['payouts'], affiliate: 'affiliate' }, env);
  return { t, admin: people.admin.tokens, otherStaff: people.otherStaff.tokens, affiliate: people.affiliate.tokens };
}

/** Staff holding `permissions` and two affiliates, alice and bob, signed in on the app with `env`: their tokens and the affiliates' ids. */
export async function appWithStaffAliceAndBob(mail: MailCatcher, permissions: string[], env: Record<string, string> = {}) {
  const { t, people } = await appWithPeople(mail, { staff: permissions, alice: 'affiliate', bob: 'affiliate' }, env);
  return { t, staff: people.staff.tokens, alice: people.alice.tokens, bob: people.bob.tokens, aliceId: people.alice.id, bobId: people.bob.id };
}
