import { taxYearMessages } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decryptValue } from '../../lib/field-crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { networkDetails, rows } from '../payouts/index.ts';
import { cryptoContext } from '../tax-forms/index.ts';
import { taxDocumentSettings, type YearBounds } from './figures.ts';
import type { Boxes } from './issue.ts';
import { fireFile, type FireParty, type FirePayee } from './irs-file.ts';

const refuse = (field: string, message: string) => new AppError('validation_failed', message, { [field]: [message] });

/** "100 Main St\nSan Francisco, CA 94105" -> street, city, state, ZIP. */
export function splitAddress(address: string): { street: string; city: string; state: string; zip: string } | null {
  const lines = address.split('\n').map((l) => l.trim()).filter(Boolean);
  const last = lines.at(-1)?.match(/^(.+?),?\s+([A-Za-z]{2})\s+(\d{5}(?:-?\d{4})?)$/);
  if (!last || lines.length < 2) return null;
  return { street: lines.slice(0, -1).join(' '), city: last[1]!.replace(/,$/, ''), state: last[2]!.toUpperCase(), zip: last[3]! };
}

/**
 * The FIRE file of the year's issued 1099-NEC forms (the latest of each payee; with `corrections`
 * only those that are corrections). The payees' tax numbers are decrypted here, for this file only,
 * and never logged.
 */
export async function irsFile(app: FastifyInstance, bounds: YearBounds, opts: { corrections: boolean; test: boolean }): Promise<{ text: string; payees: number }> {
  const settings = await taxDocumentSettings(app.db);
  if (!settings.transmitter_control_code) throw refuse('transmitter_control_code', taxYearMessages.noTcc);
  const network = await networkDetails(app.db);
  const tin = network.tax_id.replace(/\D/g, '');
  if (tin.length !== 9) throw refuse('tax_id', taxYearMessages.payerTin);
  const address = splitAddress(network.address);
  if (!address) throw refuse('address', taxYearMessages.payerAddress);
  const issued = await rows<{ affiliate_id: number; boxes: Boxes; gross_cents: string; withheld_cents: string; corrected: boolean; tins_encrypted: string | null; tin_type: string | null }>(
    app.db,
    sql`select distinct on (y.affiliate_id) y.affiliate_id, y.boxes, y.gross_cents::text as gross_cents, y.withheld_cents::text as withheld_cents, y.corrected, t.tins_encrypted, t.tin_type
          from tax_year_forms y left join tax_forms t on t.id = y.tax_form_id
         where y.year = ${bounds.year}
         order by y.affiliate_id, y.id desc`,
  );
  const chosen = issued.filter((r) => (r.boxes.payee.tin_type === 'ssn' || r.boxes.payee.tin_type === 'ein') && (!opts.corrections || r.corrected));
  const list = chosen.filter((r) => r.tins_encrypted);
  if (list.length === 0) throw new AppError('validation_failed', taxYearMessages.noForms);
  const payer: FireParty = { tin, name: network.name, ...address, phone: settings.contact_phone, email: network.email, contact: settings.contact_name || network.name };
  const payees: FirePayee[] = list.map((r) => {
    const tins = JSON.parse(decryptValue(app.config.taxFormKey, r.tins_encrypted!, cryptoContext(r.affiliate_id, 'tins')).toString('utf8')) as { tin?: string };
    const p = r.boxes.payee;
    return {
      tin: tins.tin ?? '',
      tinType: r.tin_type === 'ein' ? 'ein' : 'ssn',
      name: p.name,
      secondName: p.business_name,
      street: p.address,
      city: p.city,
      state: p.state,
      zip: p.postal_code,
      account: r.boxes.account,
      compensationCents: Number(r.gross_cents),
      withheldCents: Number(r.withheld_cents),
    };
  });
  const current = Number(new Date().getUTCFullYear());
  return {
    text: fireFile({ year: bounds.year, tcc: settings.transmitter_control_code, test: opts.test, corrections: opts.corrections, priorYear: bounds.year < current - 1, payer, payees }),
    payees: payees.length,
  };
}
