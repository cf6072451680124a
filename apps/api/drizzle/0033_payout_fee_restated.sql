ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_sign_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_sign_check" CHECK (case "ledger_entries"."kind"
        when 'earning' then "ledger_entries"."amount_cents" > 0
        when 'bonus' then "ledger_entries"."amount_cents" > 0
        when 'reversal' then "ledger_entries"."amount_cents" < 0
        when 'adjustment' then "ledger_entries"."amount_cents" <> 0
        when 'referral_commission' then "ledger_entries"."amount_cents" > 0 or ("ledger_entries"."amount_cents" < 0 and "ledger_entries"."reverses_id" is not null)
        else "ledger_entries"."amount_cents" < 0 or ("ledger_entries"."amount_cents" > 0 and ("ledger_entries"."reverses_id" is not null or ("ledger_entries"."kind" in ('payout', 'fee') and "ledger_entries"."source_id" is not null))) end);