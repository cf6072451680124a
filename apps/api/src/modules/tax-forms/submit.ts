import { maskTin, normalizeTin, TAX_FORM_MAX_BYTES, taxFormMessages, type TaxFormFilled, taxFormUploadRequestSchema, validationMessages } from '@portal/contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { taxForms } from '../../db/schema/index.ts';
import { ValidationError } from '../../lib/errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { normalise } from '../../lib/blind-index.ts';
import { decryptValue, encryptValue } from '../../lib/field-crypto.ts';
import { checkUpload } from '../../lib/uploads.ts';
import { stripActiveContent } from './active-content.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import type { FormPayload } from '../../plugins/multipart.ts';
import { expiresAtOf, signingDay } from './expiry-date.ts';
import { setProfileLegal } from './store.ts';
import { setSharedMarker } from '../shared-details/index.ts';

/** What binds an encrypted value to its affiliate: a value copied to another row does not decrypt. */
export const cryptoContext = (affiliateId: number, what: 'tins' | 'file') => `tax-form:${affiliateId}:${what}`;

interface NewForm {
  formType: string;
  source: 'filled' | 'upload';
  fields: Record<string, string | boolean>;
  tinType: string | null;
  tinLast4: string | null;
  tinsEncrypted: string | null;
  fileEncrypted: string | null;
  fileName: string | null;
  signature: string | null;
}

/**
 * The tax number a filled form's TINs (as stored, encrypted) identify the affiliate by: a W-9's TIN,
 * a W-8's foreign TIN or else its US TIN. Empty when the form gives none.
 */
export function taxNumberOf(formType: string, tins: Readonly<Record<string, string>>): string {
  return formType === 'w9' ? (tins.tin ?? '') : (tins.foreign_tin ?? tins.us_tin ?? '');
}

/** The tax-number marker a submission leaves (docs/fraud.md, "Shared details"): a filled form's number, or none (an upload keeps what was there). */
type TaxNumberMarker = { key: Buffer; value: string } | null;

/** Stores a submission as pending: earlier pending ones are superseded, the profile status follows. */
async function store(db: Db, affiliateId: number, form: NewForm, now: Date, marker: TaxNumberMarker): Promise<number> {
  const signedAt = signingDay(now);
  return db.transaction(async (tx) => {
    await tx
      .update(taxForms)
      .set({ supersededAt: now })
      .where(and(eq(taxForms.affiliateId, affiliateId), eq(taxForms.status, 'pending'), isNull(taxForms.supersededAt)));
    const [row] = await tx
      .insert(taxForms)
      .values({ affiliateId, ...form, status: 'pending', signedAt, expiresAt: expiresAtOf(form.formType, signedAt), createdAt: now })
      .returning({ id: taxForms.id });
    await setProfileLegal(tx, affiliateId, { status: 'pending' });
    if (marker) await setSharedMarker(tx, marker.key, affiliateId, 'tax_number', marker.value);
    await recordEvent(tx, 'tax_form.submitted', { actorId: affiliateId, subjectId: affiliateId, data: { form_id: row!.id, form_type: form.formType, source: form.source } });
    return row!.id;
  });
}

/**
 * A form filled in the app (already checked by the contract): TINs encrypted, shown only masked; the
 * tax number's blind index, from the TIN before encryption, replaces the affiliate's marker (a form
 * without a TIN removes it).
 */
export async function submitFilled(db: Db, key: Buffer, affiliateId: number, input: TaxFormFilled, now: Date = new Date()): Promise<number> {
  const { form_type: formType, signature, ...rest } = input;
  const fields: Record<string, string | boolean> = {};
  const tins: Record<string, string> = {};
  for (const [name, value] of Object.entries(rest)) {
    if (name === 'tin' || name === 'us_tin' || name === 'foreign_tin') {
      const v = name === 'foreign_tin' ? String(value).trim() : normalizeTin(String(value));
      if (v) tins[name] = v;
    } else fields[name] = value as string | boolean;
  }
  let tinType: string | null = null;
  let primary = '';
  if (input.form_type === 'w9') {
    tinType = input.tin_type;
    primary = tins.tin ?? '';
  } else {
    if (tins.us_tin) fields.us_tin = maskTin('ssn', tins.us_tin.slice(-4));
    if (tins.foreign_tin) fields.foreign_tin = maskTin('foreign', tins.foreign_tin.replace(/[^\p{L}\p{N}]/gu, '').slice(-4));
    tinType = tins.foreign_tin ? 'foreign' : tins.us_tin ? 'us' : null;
    primary = (tins.foreign_tin ?? tins.us_tin ?? '').replace(/[^\p{L}\p{N}]/gu, '');
  }
  return store(
    db,
    affiliateId,
    {
      formType,
      source: 'filled',
      fields,
      tinType,
      tinLast4: primary ? primary.slice(-4) : null,
      tinsEncrypted: encryptValue(key, JSON.stringify(tins), cryptoContext(affiliateId, 'tins')),
      fileEncrypted: null,
      fileName: null,
      signature,
    },
    now,
    { key, value: normalise.taxNumber(taxNumberOf(formType, tins)) },
  );
}

/** A signed PDF: a PDF by its content (never by its name), at most 5 MB, stored encrypted. */
export async function submitUpload(db: Db, key: Buffer, affiliateId: number, payload: FormPayload, now: Date = new Date()): Promise<number> {
  const { form_type: formType } = parseOrThrow(taxFormUploadRequestSchema, payload.fields);
  const file = payload.files.find((f) => f.field === 'file');
  if (!file || file.bytes.byteLength === 0) throw new ValidationError({ file: [validationMessages.required] });
  const check = file.truncated || file.bytes.byteLength > TAX_FORM_MAX_BYTES ? { ok: false as const } : await checkUpload(file.bytes, { extensions: ['pdf'], maxBytes: TAX_FORM_MAX_BYTES });
  if (!check.ok) throw new ValidationError({ file: [taxFormMessages.file] });
  // Staff open it: scripts, launch actions, attachments, rich media and XFA are taken out first.
  const clean = await stripActiveContent(check.bytes);
  if (!clean.ok) throw new ValidationError({ file: [taxFormMessages.fileUnchecked] });
  return store(
    db,
    affiliateId,
    {
      formType,
      source: 'upload',
      fields: {},
      tinType: null,
      tinLast4: null,
      tinsEncrypted: null,
      fileEncrypted: encryptValue(key, Buffer.from(clean.bytes), cryptoContext(affiliateId, 'file')),
      fileName: file.filename.replace(/[^\p{L}\p{N} ._()-]/gu, '_').slice(0, 255) || 'tax-form.pdf',
      signature: null,
    },
    now,
    null,
  );
}

/**
 * At start: the tax-number marker of every affiliate whose latest form filled in the app has a TIN
 * and who has no marker yet (forms sent before markers were written; docs/fraud.md, "Shared
 * details"). Only those rows are decrypted, once: the marker then stands for them. A row that does
 * not decrypt (another key) is logged and left. Answers how many markers it wrote.
 */
export async function backfillTaxNumberMarkers(db: Db, key: Buffer, log: { warn: (obj: object, msg: string) => void }): Promise<number> {
  const missing = await db
    .selectDistinctOn([taxForms.affiliateId], { id: taxForms.id, affiliateId: taxForms.affiliateId, formType: taxForms.formType, tinType: taxForms.tinType, tinsEncrypted: taxForms.tinsEncrypted })
    .from(taxForms)
    .where(sql`${taxForms.source} = 'filled' and not exists (select 1 from shared_markers m where m.affiliate_id = ${taxForms.affiliateId} and m.kind = 'tax_number')`)
    .orderBy(taxForms.affiliateId, desc(taxForms.id));
  let written = 0;
  for (const form of missing) {
    // A form without a TIN (a W-8 whose country issues none) has nothing to match: not decrypted.
    if (!form.tinType || !form.tinsEncrypted) continue;
    let tins: Record<string, string>;
    try {
      tins = JSON.parse(decryptValue(key, form.tinsEncrypted, cryptoContext(form.affiliateId, 'tins')).toString('utf8')) as Record<string, string>;
    } catch (err) {
      log.warn({ err, taxFormId: form.id }, 'a tax form TIN could not be read for its shared-details marker');
      continue;
    }
    const value = normalise.taxNumber(taxNumberOf(form.formType, tins));
    if (!value) continue;
    await setSharedMarker(db, key, form.affiliateId, 'tax_number', value);
    written++;
  }
  return written;
}

