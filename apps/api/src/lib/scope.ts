import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Whose data a service reads: one affiliate; the affiliates assigned to one manager (staff of a
 * role marked "assigned affiliates only"); or (for staff whose permission the route checked) the
 * whole network. Always given, never optional, so a forgotten condition cannot widen a query to
 * every affiliate.
 */
export type Scope =
  | { readonly kind: 'affiliate'; readonly affiliateId: number }
  | { readonly kind: 'managed'; readonly managerId: number }
  | { readonly kind: 'network' };

export const affiliateScope = (affiliateId: number): Scope => ({ kind: 'affiliate', affiliateId });
export const managedScope = (managerId: number): Scope => ({ kind: 'managed', managerId });
export const networkScope: Scope = { kind: 'network' };

/**
 * The scope of a signed-in caller: affiliates only ever see themselves; staff of a role marked
 * "assigned affiliates only" the affiliates whose manager they are; other staff the network.
 */
export function scopeOf(caller: { id: number; isClient: boolean; assignedOnly?: boolean }): Scope {
  if (caller.isClient) return affiliateScope(caller.id);
  return caller.assignedOnly ? managedScope(caller.id) : networkScope;
}

/** Whether the caller sees the network's figures as staff (a manager's scope is staff too). */
export const isStaffScope = (scope: Scope): boolean => scope.kind !== 'affiliate';

/**
 * The one condition every query puts on an affiliate id column (a drizzle column or raw SQL such
 * as sql`p.affiliate_id`): undefined for the network, so `and(..., scopeCondition(scope, col))`;
 * inside `or(...)` an undefined would drop out and narrow the query: test it first.
 */
export function scopeCondition(scope: Scope, affiliateId: SQL | SQL.Aliased | { getSQL(): SQL }): SQL | undefined {
  switch (scope.kind) {
    case 'affiliate':
      return sql`${affiliateId} = ${scope.affiliateId}`;
    case 'managed':
      return sql`${affiliateId} in (select scope_u.id from users scope_u where scope_u.manager_id = ${scope.managerId} and scope_u.is_client)`;
    case 'network':
      return undefined;
  }
}

/** The raw-SQL form: ` and <condition>`, or nothing for the network (`where x ${andScope(scope, sql`p.affiliate_id`)}`). */
export function andScope(scope: Scope, affiliateId: SQL | { getSQL(): SQL }): SQL {
  const condition = scopeCondition(scope, affiliateId);
  return condition ? sql` and ${condition}` : sql``;
}

/** Whether this affiliate (user id) is within the scope. */
export async function affiliateInScope(db: Db, scope: Scope, affiliateId: number): Promise<boolean> {
  const condition = scopeCondition(scope, sql`u.id`);
  if (!condition) return true;
  const result = await db.execute(sql`select 1 as ok from users u where u.id = ${affiliateId} and ${condition}`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}
