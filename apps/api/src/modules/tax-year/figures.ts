import { NEC_THRESHOLD_CENTS, type TaxDocumentSettings, type TaxYearLine, type TaxYearProblem, type YearEndForm } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ValidationError } from '../../lib/errors.ts';
import { getSetting } from '../settings/index.ts';
import { laDate, rows } from '../payouts/index.ts';
import { dayStart } from '../../lib/days.ts';

/**
 * A tax year's figures per payee (docs/tax-forms.md, "Year-end forms"): the payouts paid in the
 * calendar year (by the day paid in the network's time zone, USD), a payment the bank returned
 * taken out (its money came back to the balance and a later payout paid it), the federal tax
 * withheld from them, and the form that reports it.
 */

export const TAX_DOCUMENTS_SETTING = 'tax_documents';
const CORPORATIONS = new Set(['c_corporation', 's_corporation', 'llc_c', 'llc_s']);

export interface YearBounds {
  year: number;
  from: Date;
  to: Date;
  /** The year has not ended: figures to date. */
  toDate: boolean;
}

/** Jan 1 to Jan 1 in Los Angeles; a year still to come is refused. */
export function yearBounds(year: number, now: Date = new Date()): YearBounds {
  const current = Number(laDate(now).slice(0, 4));
  if (year < 2000 || year > current) throw new ValidationError({ year: ['Enter a year from 2000 to this year.'] });
  return { year, from: dayStart(`${year}-01-01`), to: dayStart(`${year + 1}-01-01`), toDate: year === current };
}

/** The payee's details as their tax form gives them (no tax number: only its last four digits). */
export interface Payee {
  name: string;
  business_name: string;
  address: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  tin_type: string | null;
  tin_last4: string | null;
  treaty_country: string | null;
  date_of_birth: string | null;
  classification: string | null;
}

export interface PayeeYear extends TaxYearLine {
  grossCents: number;
  withheldCents: number;
  taxFormId: number | null;
  payee: Payee;
  toDateYear: boolean;
}

interface Row {
  affiliate_id: number;
  name: string;
  email: string;
  profile_country: string | null;
  gross: string;
  withheld: string;
  returned: string;
  form_id: number | null;
  form_type: string | null;
  fields: Record<string, unknown> | null;
  tin_type: string | null;
  tin_last4: string | null;
  expires_at: Date | string | null;
  electronic: boolean | null;
  issued_id: number | null;
  issued_at: Date | string | null;
  issued_form: string | null;
  issued_gross: string | null;
  issued_withheld: string | null;
  issued_corrected: boolean | null;
  issued_to_date: boolean | null;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Form 1042-S's codes for a foreign payee: income code 17, chapter 3, the rate actually withheld or the treaty exemption. */
function codes1042s(formType: string | null, payee: Payee, grossCents: number, withheldCents: number): NonNullable<TaxYearLine['codes_1042s']> {
  const bp = grossCents > 0 ? Math.round((withheldCents * 10_000) / grossCents) : 0;
  return {
    income_code: '17',
    chapter: 3,
    exemption_code: withheldCents === 0 ? (payee.treaty_country ? '04' : '02') : null,
    tax_rate: (bp / 100).toFixed(2).padStart(5, '0'),
    recipient_status_code: formType === 'w8bene' ? '15' : '16',
    treaty_country: payee.treaty_country,
  };
}

export async function taxDocumentSettings(db: Db): Promise<TaxDocumentSettings> {
  const v = await getSetting<Partial<TaxDocumentSettings>>(db, TAX_DOCUMENTS_SETTING, {});
  return { exempt_corporations: v.exempt_corporations === true, transmitter_control_code: v.transmitter_control_code ?? '', contact_name: v.contact_name ?? '', contact_phone: v.contact_phone ?? '' };
}

/** Every payee paid (or paid and returned) in the year, by name. */
export async function yearFigures(db: Db, bounds: YearBounds, now: Date = new Date(), affiliateId?: number): Promise<PayeeYear[]> {
  const exemptCorporations = (await taxDocumentSettings(db)).exempt_corporations;
  const list = await rows<Row>(
    db,
    sql`with paid as (
          select affiliate_id,
                 coalesce(sum(gross_cents) filter (where status = 'paid'), 0) as gross,
                 coalesce(sum(withholding_cents) filter (where status = 'paid'), 0) as withheld,
                 coalesce(sum(gross_cents) filter (where status = 'returned'), 0) as returned
            from payouts
           where status in ('paid', 'returned') and paid_at >= ${bounds.from} and paid_at < ${bounds.to}
             ${affiliateId === undefined ? sql`` : sql`and affiliate_id = ${affiliateId}`}
           group by affiliate_id
        )
        select p.affiliate_id, u.name, u.email, ap.country as profile_country, p.gross::text as gross, p.withheld::text as withheld, p.returned::text as returned,
               f.id as form_id, f.form_type, f.fields, f.tin_type, f.tin_last4, f.expires_at, c.electronic,
               i.id as issued_id, i.issued_at, i.form as issued_form, i.gross_cents::text as issued_gross, i.withheld_cents::text as issued_withheld, i.corrected as issued_corrected, i.to_date as issued_to_date
          from paid p
          join users u on u.id = p.affiliate_id
          left join affiliate_profiles ap on ap.user_id = p.affiliate_id
          left join tax_delivery_consents c on c.affiliate_id = p.affiliate_id
          left join lateral (select * from tax_forms t where t.affiliate_id = p.affiliate_id and t.status = 'accepted' order by t.id desc limit 1) f on true
          left join lateral (select * from tax_year_forms y where y.affiliate_id = p.affiliate_id and y.year = ${bounds.year} order by y.id desc limit 1) i on true
         order by lower(u.name), p.affiliate_id`,
  );
  const end = Math.min(bounds.to.getTime(), now.getTime());
  return list.map((r) => {
    const fields = r.fields ?? {};
    const grossCents = Number(r.gross);
    const withheldCents = Number(r.withheld);
    const returnedCents = Number(r.returned);
    const us = r.form_type ? r.form_type === 'w9' : (r.profile_country ?? 'US') === 'US';
    const payee: Payee = {
      name: str(fields.name) || r.name,
      business_name: str(fields.business_name),
      address: str(fields.address),
      city: str(fields.city),
      state: str(fields.state).toUpperCase(),
      postal_code: str(fields.postal_code),
      country: r.form_type === 'w9' ? 'US' : str(fields.country) || (r.profile_country ?? ''),
      tin_type: r.tin_type,
      tin_last4: r.tin_last4,
      treaty_country: str(fields.treaty_country) || null,
      date_of_birth: str(fields.date_of_birth) || null,
      classification: str(fields.tax_classification) || str(fields.entity_type) || null,
    };
    const problems: TaxYearProblem[] = [];
    if (!r.form_id) problems.push('no_tax_form');
    if (r.expires_at && new Date(r.expires_at).getTime() <= end) problems.push('form_expired');
    if (r.form_id && (!payee.address || !payee.city)) problems.push('missing_address');
    let form: YearEndForm | null;
    let reason: TaxYearLine['no_form_reason'] = null;
    if (!us) form = '1042-S';
    else if (withheldCents > 0) form = '1099-NEC';
    else if (exemptCorporations && payee.classification && CORPORATIONS.has(payee.classification)) [form, reason] = [null, 'corporation_exempt'];
    else if (grossCents >= NEC_THRESHOLD_CENTS) form = '1099-NEC';
    else [form, reason] = [null, 'under_threshold'];
    const issued = r.issued_id
      ? {
          id: r.issued_id,
          issued_at: new Date(r.issued_at!).toISOString(),
          corrected: r.issued_corrected === true,
          to_date: r.issued_to_date === true,
          changed: r.issued_form !== form || Number(r.issued_gross) !== grossCents || Number(r.issued_withheld) !== withheldCents,
        }
      : null;
    return {
      affiliate_id: r.affiliate_id,
      form,
      gross: grossCents / 100,
      withheld: withheldCents / 100,
      problems,
      name: r.name,
      email: r.email,
      returned: returnedCents / 100,
      no_form_reason: reason,
      tax_form_type: r.form_type,
      codes_1042s: form === '1042-S' ? codes1042s(r.form_type, payee, grossCents, withheldCents) : null,
      electronic_delivery: r.electronic === true,
      issued,
      grossCents,
      withheldCents,
      taxFormId: r.form_id,
      payee,
      toDateYear: bounds.toDate,
    };
  });
}

/** The reply line: the stored figures' internals left out. */
export function toLine(p: PayeeYear): TaxYearLine {
  const { grossCents: _g, withheldCents: _w, taxFormId: _t, payee: _p, toDateYear: _y, ...line } = p;
  return line;
}
