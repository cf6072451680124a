import { type SharedDetail, type SharedDetailKind, sharedDetailKinds, type SharedGroup } from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { sharedMarkers } from '../../db/schema/index.ts';
import { blindDigest } from '../../lib/blind-index.ts';
import { andScope, type Scope } from '../../lib/scope.ts';

/**
 * Shared details (docs/fraud.md): each affiliate's blind-index digest of their payout details, tax
 * number and sign-up address (`shared_markers`), written by the module that writes the value, in its
 * transaction; read for the Fraud screen's groups, Affiliate Details and the referral commission.
 * Nothing here ever sees a value but the one being written, nor decrypts anything.
 */

/**
 * Sets the affiliate's marker of one kind to the digest of `value` (already normalised,
 * lib/blind-index.ts `normalise`), replacing the one before; an empty value removes it.
 */
export async function setSharedMarker(db: Db, fieldKey: Buffer, affiliateId: number, kind: SharedDetailKind, value: string): Promise<void> {
  if (!value) {
    await db.delete(sharedMarkers).where(and(eq(sharedMarkers.affiliateId, affiliateId), eq(sharedMarkers.kind, kind)));
    return;
  }
  await db
    .insert(sharedMarkers)
    .values({ affiliateId, kind, digest: blindDigest(fieldKey, kind, value) })
    .onConflictDoUpdate({
      target: [sharedMarkers.affiliateId, sharedMarkers.kind],
      set: { digest: sql`excluded.digest`, createdAt: sql`case when ${sharedMarkers.digest} = excluded.digest then ${sharedMarkers.createdAt} else now() end` },
    });
}

/** Raw SQL (text): a kind's place in `sharedDetailKinds`, to list kinds in that order. */
const kindOrderOf = (kind: string): string => `array_position(array[${sharedDetailKinds.map((k) => `'${k}'`).join(',')}]::text[], ${kind}::text)`;

/**
 * Raw SQL (text): the kinds of detail the two affiliates (SQL expressions of their ids) share, a
 * marker of the same kind with the same digest, comma-separated in the order of `sharedDetailKinds`;
 * null when they share none. The referral commission's one rule reads it (ledger/referral.ts).
 */
export const sharedKindsSql = (a: string, b: string): string =>
  `(SELECT string_agg(sm_a.kind, ',' ORDER BY ${kindOrderOf('sm_a.kind')})
    FROM shared_markers sm_a JOIN shared_markers sm_b ON sm_b.affiliate_id = ${b} AND sm_b.kind = sm_a.kind AND sm_b.digest = sm_a.digest
    WHERE sm_a.affiliate_id = ${a})`;

const kindOrder = sql.raw(kindOrderOf('m.kind'));

/** `GET /v1/fraud/shared`: every (kind, digest) two or more affiliates hold, each group's affiliates by id. */
export async function sharedGroups(db: Db): Promise<SharedGroup[]> {
  const groups = await rows<{ kind: SharedDetailKind; affiliates: SharedGroup['affiliates'] | string }>(
    db,
    sql`SELECT m.kind, json_agg(json_build_object('id', u.id, 'name', u.name, 'email', u.email) ORDER BY u.id) AS affiliates
      FROM shared_markers m JOIN users u ON u.id = m.affiliate_id
      GROUP BY m.kind, m.digest
      HAVING count(*) > 1
      ORDER BY ${kindOrder}, min(u.id)`,
  );
  return groups.map((g) => ({ kind: g.kind, affiliates: typeof g.affiliates === 'string' ? JSON.parse(g.affiliates) : g.affiliates }));
}

/**
 * Affiliate Details: each kind of detail the affiliate shares and the other affiliates sharing it,
 * those the caller may reach only (a manager limited to assigned affiliates sees no one else).
 */
export async function sharedDetailsOf(db: Db, scope: Scope, affiliateId: number): Promise<SharedDetail[]> {
  const found = await rows<{ kind: SharedDetailKind; id: number; name: string }>(
    db,
    sql`SELECT m.kind, u.id, u.name
      FROM shared_markers own
      JOIN shared_markers m ON m.kind = own.kind AND m.digest = own.digest AND m.affiliate_id <> own.affiliate_id
      JOIN users u ON u.id = m.affiliate_id
      WHERE own.affiliate_id = ${affiliateId} ${andScope(scope, sql`u.id`)}
      ORDER BY ${kindOrder}, u.id`,
  );
  const out: SharedDetail[] = [];
  for (const f of found) {
    let detail = out.find((d) => d.kind === f.kind);
    if (!detail) out.push((detail = { kind: f.kind, with: [] }));
    detail.with.push({ id: Number(f.id), name: f.name });
  }
  return out;
}
