import type { Impersonation } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

const staff = alias(users, 'staff');

/** The login-as session the caller is in (who, by whom, read-only or with changes, why), or null. */
export async function impersonationOf(db: Db, sessionId: string): Promise<Impersonation | null> {
  const [row] = await db
    .select({
      affiliateId: users.id,
      affiliateName: users.name,
      staffId: staff.id,
      staffName: staff.name,
      readOnly: sessions.readOnly,
      reason: sessions.loginAsReason,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(staff, eq(staff.id, sessions.impersonatorId))
    .where(eq(sessions.id, sessionId));
  if (!row) return null;
  return {
    affiliate: { id: row.affiliateId, name: row.affiliateName },
    staff: { id: row.staffId, name: row.staffName },
    read_only: row.readOnly,
    reason: row.reason ?? '',
  };
}
