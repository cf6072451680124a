import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows } from '../../src/modules/payouts/sql.ts';

/**
 * Ledger rows at chosen moments, as the ledger module writes them (earnings tied to a real
 * conversion): the period close depends on when a row was written, which a test cannot wait for.
 */
export class LedgerFixture {
  private siteId = 0;
  private seq = 0;
  readonly offers = new Map<string, number>();
  private readonly app: FastifyInstance;
  private readonly staffId: number;

  constructor(app: FastifyInstance, staffId: number) {
    this.app = app;
    this.staffId = staffId;
  }

  async offer(name: string): Promise<number> {
    const known = this.offers.get(name);
    if (known) return known;
    if (!this.siteId) {
      const [s] = await rows<{ id: number }>(this.app.db, sql`insert into sites (name, display_name, url) values (${`fixture-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`}, 'Fixture', 'https://fixture.example') returning id`);
      this.siteId = s!.id;
    }
    const [o] = await rows<{ id: number }>(this.app.db, sql`insert into offers (site_id, name, payout_type, default_payout) values (${this.siteId}, ${name}, 'cpa', 1000) returning id`);
    this.offers.set(name, o!.id);
    return o!.id;
  }

  /** An earning of a conversion of `offer`; answers the ledger row id. */
  async earn(affiliateId: number, cents: number, at: Date, offer = 'Main offer'): Promise<{ id: number; conversionId: number }> {
    const offerId = await this.offer(offer);
    const [c] = await rows<{ id: number }>(
      this.app.db,
      sql`insert into conversions (site_id, transaction_id, type, amount_cents, affiliate_id, offer_id, status, day, created_at)
          values (${this.siteId}, ${`tx-${++this.seq}-${Math.random()}`}, 'sale', ${cents}, ${affiliateId}, ${offerId}, 'approved', ${at.toISOString().slice(0, 10)}, ${at}) returning id`,
    );
    const id = await this.row(affiliateId, 'earning', cents, at, { conversionId: c!.id, offerId, payoutType: 'cpa' });
    return { id, conversionId: c!.id };
  }

  /** Takes back an earning, as a refund or chargeback does. */
  async reverse(earning: { id: number; conversionId: number }, affiliateId: number, cents: number, at: Date): Promise<number> {
    const [e] = await rows<{ offer_id: number }>(this.app.db, sql`select offer_id from ledger_entries where id = ${earning.id}`);
    return this.row(affiliateId, 'reversal', -cents, at, { conversionId: earning.conversionId, offerId: e!.offer_id, reversesId: earning.id });
  }

  async bonus(affiliateId: number, cents: number, at: Date, reason = 'Good month'): Promise<number> {
    return this.row(affiliateId, 'bonus', cents, at, { reason });
  }

  async adjust(affiliateId: number, cents: number, at: Date, reason = 'Correction'): Promise<number> {
    return this.row(affiliateId, 'adjustment', cents, at, { reason, reasonCode: 'other' });
  }

  /** A referral commission on a referred affiliate's earning row. */
  async commission(referrerId: number, sourceId: number, cents: number, at: Date): Promise<number> {
    return this.row(referrerId, 'referral_commission', cents, at, { sourceId });
  }

  private async row(
    affiliateId: number,
    kind: string,
    cents: number,
    at: Date,
    extra: { conversionId?: number; offerId?: number; payoutType?: string; reversesId?: number; sourceId?: number; reason?: string; reasonCode?: string } = {},
  ): Promise<number> {
    const staff = kind === 'bonus' || kind === 'adjustment' ? this.staffId : null;
    const [r] = await rows<{ id: number }>(
      this.app.db,
      sql`insert into ledger_entries (affiliate_id, kind, amount_cents, payout_type, conversion_id, offer_id, reverses_id, source_id, created_by, reason, reason_code, day, created_at)
          values (${affiliateId}, ${kind}, ${cents}, ${extra.payoutType ?? null}, ${extra.conversionId ?? null}, ${extra.offerId ?? null}, ${extra.reversesId ?? null},
            ${extra.sourceId ?? null}, ${staff}, ${extra.reason ?? null}, ${extra.reasonCode ?? null}, ${at.toISOString().slice(0, 10)}, ${at}) returning id`,
    );
    return r!.id;
  }
}

/** A payment method, a withholding rate, complete billing and user details and an accepted tax form for an affiliate. */
export async function payableProfile(
  app: FastifyInstance,
  affiliateId: number,
  opts: { method?: string; country?: string; recipientType?: 'individual' | 'company'; splitFeeBp?: number } = {},
): Promise<void> {
  const method = opts.method ?? 'paypal';
  const [pm] = await rows<{ id: number }>(app.db, sql`select id from payment_methods where type = ${method}`);
  await app.db.execute(
    sql`update affiliate_profiles set address = '1 Main St', city = 'Austin', postal_code = '73301', country = ${opts.country ?? 'US'}, legal_form_status = 'accepted' where user_id = ${affiliateId}`,
  );
  await app.db.execute(
    sql`insert into billing_accounts (user_id, recipient_type, payment_method_id, details, is_complete)
        values (${affiliateId}, ${opts.recipientType ?? 'individual'}, ${pm!.id}, ${JSON.stringify({ email: `payee${affiliateId}@example.com` })}::jsonb, true)
        on conflict (user_id) do update set recipient_type = excluded.recipient_type, payment_method_id = excluded.payment_method_id, details = excluded.details, is_complete = true`,
  );
  if (opts.splitFeeBp) {
    await app.db.execute(sql`insert into split_fees (affiliate_id, rate_bp) values (${affiliateId}, ${opts.splitFeeBp}) on conflict (affiliate_id) do update set rate_bp = excluded.rate_bp`);
  }
}

/** A payment method (minimum and flat fee in cents), made once. */
export async function paymentMethod(app: FastifyInstance, type: string, minimumCents: number, feeCents = 0): Promise<void> {
  await app.db.execute(
    sql`insert into payment_methods (type, name, min_payout_cents, fee_cents) values (${type}, ${type === 'paypal' ? 'PayPal' : type.toUpperCase()}, ${minimumCents}, ${feeCents})
        on conflict (type) do update set min_payout_cents = excluded.min_payout_cents, fee_cents = excluded.fee_cents`,
  );
}

/** Sums of CSV column `amount` in cents. */
export function csvAmountCents(csv: string): { cents: number; rows: Record<string, string>[] } {
  const lines = csv.trim().split(/\r\n/);
  const header = lines[0]!.split(',');
  const list = lines.slice(1).map((line) => {
    // Cells with commas are quoted; split respecting quotes.
    const cells: string[] = [];
    let cur = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i]!;
      if (quoted) {
        if (ch === '"' && line[i + 1] === '"') {
          cur += '"';
          i++;
        } else if (ch === '"') quoted = false;
        else cur += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === ',') {
        cells.push(cur);
        cur = '';
      } else cur += ch;
    }
    cells.push(cur);
    return Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']));
  });
  const cents = list.reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0);
  return { cents, rows: list };
}
