ALTER TABLE "conversions" ADD COLUMN "visitor_hash" varchar(64);--> statement-breakpoint
CREATE INDEX "conversions_visitor_idx" ON "conversions" USING btree ("visitor_hash","created_at") WHERE "conversions"."visitor_hash" is not null;--> statement-breakpoint
-- The last day's conversions take their click's visitor, so the rule counting a visitor's conversions of the last hour sees those before this migration too.
UPDATE "conversions" c SET "visitor_hash" = k."visitor_hash" FROM "clicks" k
  WHERE k."cid" = c."cid" AND k."created_at" = c."clicked_at" AND c."created_at" > now() - interval '1 day' AND c."type" NOT IN ('refund', 'chargeback');
