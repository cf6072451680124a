ALTER TABLE "conversions" ALTER COLUMN "cid" SET DATA TYPE varchar(64);--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "cid" SET DATA TYPE varchar(64);