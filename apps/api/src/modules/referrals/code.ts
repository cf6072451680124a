import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { setReferralCodeIfNone } from '../accounts/index.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** Letters and digits that cannot be misread for one another (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LETTERS = 'abcdefghjkmnpqrstuvwxyz';

/** A new referral code: 10 characters, starting with a letter, so it is never all digits (an old link's user id). */
export function newReferralCode(): string {
  const bytes = randomBytes(10);
  let code = LETTERS[bytes[0]! % LETTERS.length]!;
  for (let i = 1; i < 10; i++) code += ALPHABET[bytes[i]! % ALPHABET.length]!;
  return code;
}

/**
 * The affiliate's referral code, made on first use. The link carries it instead of the user id, so it
 * says nothing about how many accounts there are; links made with the id before keep working
 * (`referrerOf`).
 */
export async function referralCodeOf(db: Db, userId: number): Promise<string> {
  const [row] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId));
  if (row?.code) return row.code;
  for (let attempt = 0; ; attempt++) {
    try {
      // Two first views at once: one code wins, the other update finds it set and reads it.
      await setReferralCodeIfNone(db, userId, newReferralCode());
      const [made] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId));
      return made!.code!;
    } catch (error) {
      // A code another affiliate already has (one in 10^14): draw again.
      if (attempt >= 3) throw error;
    }
  }
}

/** The affiliate a sign-up's `referred_by` names: their code, or their id for links made before codes. */
export async function referrerOf(db: Pick<Db, 'select'>, referredBy: string | undefined): Promise<number | undefined> {
  if (!referredBy) return undefined;
  if (/^\d{1,10}$/.test(referredBy)) {
    const id = Number(referredBy);
    return id > 0 && id <= 2_147_483_647 ? id : undefined;
  }
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, referredBy.toLowerCase()));
  return row?.id;
}
