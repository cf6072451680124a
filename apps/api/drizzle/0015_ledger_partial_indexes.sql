DROP INDEX "ledger_entries_conversion_idx";--> statement-breakpoint
DROP INDEX "ledger_entries_cid_idx";--> statement-breakpoint
DROP INDEX "ledger_entries_reverses_idx";--> statement-breakpoint
DROP INDEX "ledger_entries_payout_idx";--> statement-breakpoint
DROP INDEX "ledger_entries_source_idx";--> statement-breakpoint
CREATE INDEX "ledger_entries_conversion_idx" ON "ledger_entries" USING btree ("conversion_id") WHERE "ledger_entries"."conversion_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_cid_idx" ON "ledger_entries" USING btree ("cid") WHERE "ledger_entries"."cid" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_reverses_idx" ON "ledger_entries" USING btree ("reverses_id") WHERE "ledger_entries"."reverses_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_payout_idx" ON "ledger_entries" USING btree ("payout_id") WHERE "ledger_entries"."payout_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_source_idx" ON "ledger_entries" USING btree ("source_id") WHERE "ledger_entries"."source_id" is not null;