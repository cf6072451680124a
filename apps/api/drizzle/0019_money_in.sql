ALTER TABLE "conversions" RENAME COLUMN "orphan_reason" TO "reason";--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "amount_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "usd_rate" numeric(20, 10);--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "reverses_conversion_id" integer;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_reverses_conversion_id_conversions_id_fk" FOREIGN KEY ("reverses_conversion_id") REFERENCES "public"."conversions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversions_day_idx" ON "conversions" USING btree ("day","id");--> statement-breakpoint
CREATE INDEX "conversions_reverses_idx" ON "conversions" USING btree ("reverses_conversion_id");--> statement-breakpoint
-- hand-written: what earlier conversions sent was read as two-decimal amounts, and only USD was paid as such.
UPDATE "conversions" SET "amount_minor" = "amount_cents", "usd_rate" = CASE WHEN "currency" = 'USD' THEN 1 END;--> statement-breakpoint
UPDATE "conversions" c SET "reverses_conversion_id" = e."conversion_id"
FROM "ledger_entries" r JOIN "ledger_entries" e ON e."id" = r."reverses_id"
WHERE r."conversion_id" = c."id" AND r."kind" = 'reversal' AND e."conversion_id" IS NOT NULL;
