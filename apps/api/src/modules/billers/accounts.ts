import { type BillerAccount, billerAccountInputSchema, type BillerIdentifierField, billerIdentifierFields, billerAccountUpdateSchema, billerMessages, defaultPassthroughFields, type Biller } from '@portal/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { billerAccounts } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { decryptValue, encryptValue } from '../../lib/field-crypto.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import { assertSiteExists } from '../sites/index.ts';
import { segpayTransPostQuery } from './formats/segpay.ts';

export type BillerAccountRow = typeof billerAccounts.$inferSelect;

/** What the accounts need of the app: the field key (secrets at rest) and the public address (the postback URL). */
export interface AccountKeys {
  fieldKey: Buffer;
  publicUrl: string;
}

const keyContext = (siteId: number) => `biller-account:${siteId}:key`;
const secretContext = (siteId: number) => `biller-account:${siteId}:secret`;

/** The account key in the postback URL: 32 random characters, URL-safe. */
const newAccountKey = () => randomToken(24);

export const accountKeyOf = (keys: AccountKeys, row: BillerAccountRow): string => decryptValue(keys.fieldKey, row.accountKeyEncrypted, keyContext(row.siteId)).toString('utf8');
/** Secrets already decrypted, per field key, by their sealed text (a new secret is a new text: never stale). Bounded: cleared when full. */
const openedSecrets = new WeakMap<Buffer, Map<string, string>>();
const OPENED_SECRETS_MAX = 1000;

/** The biller's own secret of an account (signature key, token), decrypted once per sealed text: every post of the account needs it. */
export function secretOf(keys: AccountKeys, row: BillerAccountRow): string | null {
  if (!row.secretEncrypted) return null;
  let opened = openedSecrets.get(keys.fieldKey);
  if (!opened) openedSecrets.set(keys.fieldKey, (opened = new Map()));
  const memo = `${row.siteId}|${row.secretEncrypted}`;
  let secret = opened.get(memo);
  if (secret === undefined) {
    secret = decryptValue(keys.fieldKey, row.secretEncrypted, secretContext(row.siteId)).toString('utf8');
    if (opened.size >= OPENED_SECRETS_MAX) opened.clear();
    opened.set(memo, secret);
  }
  return secret;
}

export const postbackUrl = (publicUrl: string, biller: string, key: string): string => `${publicUrl}/billers/${biller}/${key}`;

/**
 * The URL staff paste into the biller's admin. Segpay fills its macros into the URL it is given, so
 * its URL carries the TransPost query: every field we read, the click id's extra and the token.
 */
function pasteUrlOf(keys: AccountKeys, row: BillerAccountRow): string {
  const url = postbackUrl(keys.publicUrl, row.biller, accountKeyOf(keys, row));
  const token = row.biller === 'segpay' ? secretOf(keys, row) : null;
  return token ? `${url}?${segpayTransPostQuery(token, row.passthroughField)}` : url;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toReply(keys: AccountKeys, row: BillerAccountRow): BillerAccount {
  return {
    id: row.id,
    site_id: row.siteId,
    biller: row.biller as Biller,
    ccbill_account: row.ccbillAccount,
    ccbill_subaccount: row.ccbillSubaccount,
    epoch_reseller: row.epochReseller,
    epoch_product_code: row.epochProductCode,
    segpay_merchant_id: row.segpayMerchantId,
    verotel_shop_id: row.verotelShopId,
    has_secret: row.secretEncrypted !== null,
    passthrough_field: row.passthroughField,
    site_reports_too: row.siteReportsToo,
    require_biller_addresses: row.requireBillerAddresses,
    active: row.active,
    postback_url: pasteUrlOf(keys, row),
    last_post_at: iso(row.lastPostAt),
    key_rotated_at: iso(row.keyRotatedAt),
    created_at: row.createdAt.toISOString(),
  };
}

const fieldColumns = {
  ccbill_account: 'ccbillAccount',
  ccbill_subaccount: 'ccbillSubaccount',
  epoch_reseller: 'epochReseller',
  epoch_product_code: 'epochProductCode',
  segpay_merchant_id: 'segpayMerchantId',
  verotel_shop_id: 'verotelShopId',
} as const satisfies Record<BillerIdentifierField, string>;

type Update = z.output<typeof billerAccountUpdateSchema>;

/**
 * The columns an input or update sets: only the fields it holds (the schemas leave absent ones out),
 * so a PATCH leaves the others as they are; '' or null clears an identifier or the secret.
 */
function columnsOf(keys: AccountKeys, biller: Biller, siteId: number, input: Update): Partial<typeof billerAccounts.$inferInsert> {
  const set: Partial<typeof billerAccounts.$inferInsert> = {};
  for (const field of billerIdentifierFields[biller]) {
    const value = input[field];
    if (value !== undefined) set[fieldColumns[field]] = value || null;
  }
  if (input.secret !== undefined) set.secretEncrypted = input.secret ? encryptValue(keys.fieldKey, input.secret, secretContext(siteId)) : null;
  if (input.passthrough_field !== undefined) set.passthroughField = input.passthrough_field || defaultPassthroughFields[biller];
  if (input.site_reports_too !== undefined) set.siteReportsToo = input.site_reports_too;
  if (input.require_biller_addresses !== undefined) set.requireBillerAddresses = input.require_biller_addresses;
  if (input.active !== undefined) set.active = input.active;
  return set;
}

/** A site's biller accounts, oldest first (deleted ones are gone from the list). */
export async function listAccounts(db: Db, keys: AccountKeys, siteId: number): Promise<BillerAccount[]> {
  await assertSiteExistsOr404(db, siteId);
  const rows = await db
    .select()
    .from(billerAccounts)
    .where(and(eq(billerAccounts.siteId, siteId), isNull(billerAccounts.deletedAt)))
    .orderBy(asc(billerAccounts.id));
  return rows.map((r) => toReply(keys, r));
}

async function assertSiteExistsOr404(db: Db, siteId: number): Promise<void> {
  try {
    await assertSiteExists(db, siteId);
  } catch {
    throw new NotFoundError();
  }
}

/** Adds a biller account to a site, with a new account key (Segpay: a token of ours when no secret is given). */
export async function createAccount(db: Db, keys: AccountKeys, siteId: number, input: z.output<typeof billerAccountInputSchema>): Promise<BillerAccount> {
  await assertSiteExistsOr404(db, siteId);
  const biller = input.biller;
  const secret = input.secret || (biller === 'segpay' ? randomToken(24) : undefined);
  const key = newAccountKey();
  const [row] = await db
    .insert(billerAccounts)
    .values({
      siteId,
      biller,
      passthroughField: defaultPassthroughFields[biller],
      accountKeyEncrypted: encryptValue(keys.fieldKey, key, keyContext(siteId)),
      accountKeyHash: sha256(key),
      ...columnsOf(keys, biller, siteId, { ...input, secret }),
    })
    .returning();
  return toReply(keys, row!);
}

export async function loadAccount(db: Db, id: number): Promise<BillerAccountRow> {
  const [row] = await db
    .select()
    .from(billerAccounts)
    .where(and(eq(billerAccounts.id, id), isNull(billerAccounts.deletedAt)));
  if (!row) throw new NotFoundError(billerMessages.accountNotFound);
  return row;
}

/** Changes the fields sent; the others stay as they are. */
export async function updateAccount(db: Db, keys: AccountKeys, id: number, input: Update): Promise<BillerAccount> {
  const row = await loadAccount(db, id);
  const set = columnsOf(keys, row.biller as Biller, row.siteId, input);
  if (Object.keys(set).length === 0) return toReply(keys, row);
  const [updated] = await db.update(billerAccounts).set(set).where(eq(billerAccounts.id, id)).returning();
  return toReply(keys, updated!);
}

/** Deletes an account: its key stops answering at once; its events and conversions keep naming it. */
export async function deleteAccount(db: Db, id: number): Promise<BillerAccountRow> {
  const row = await loadAccount(db, id);
  await db.update(billerAccounts).set({ deletedAt: new Date(), active: false }).where(eq(billerAccounts.id, id));
  return row;
}

/** A new account key: the old one stops answering at once (its postback URL must be pasted again). */
export async function rotateAccountKey(db: Db, keys: AccountKeys, id: number): Promise<BillerAccount> {
  const row = await loadAccount(db, id);
  const key = newAccountKey();
  const [updated] = await db
    .update(billerAccounts)
    .set({ accountKeyEncrypted: encryptValue(keys.fieldKey, key, keyContext(row.siteId)), accountKeyHash: sha256(key), keyRotatedAt: new Date() })
    .where(eq(billerAccounts.id, id))
    .returning();
  return toReply(keys, updated!);
}
