ALTER TABLE "stats_daily" ADD COLUMN "commission_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "bonus_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily_totals" ADD COLUMN "commission_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily_totals" ADD COLUMN "bonus_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- hand-written: the network's figures for what was written before this migration. Revenue of orphaned conversions, as a row of their site and day with no affiliate, offer or campaign (refunds and chargebacks take their amount back).
INSERT INTO "stats_daily" ("affiliate_id", "day", "offer_id", "site_id", "campaign_id", "country", "device", "sub1", "sub2", "sub3", "sub4", "sub5", "creative", "revenue_cents")
SELECT 0, "day", 0, "site_id", 0, '', '', '', '', '', '', '', '', sum(CASE WHEN "type" IN ('refund', 'chargeback') THEN -"amount_cents" ELSE "amount_cents" END)
FROM "conversions" WHERE "status" = 'orphaned' GROUP BY "day", "site_id"
ON CONFLICT ("affiliate_id", "day", "offer_id", "site_id", "campaign_id", "country", "device", "sub1", "sub2", "sub3", "sub4", "sub5", "creative")
DO UPDATE SET "revenue_cents" = "stats_daily"."revenue_cents" + excluded."revenue_cents";--> statement-breakpoint
INSERT INTO "stats_daily_totals" ("affiliate_id", "day", "offer_id", "site_id", "campaign_id", "revenue_cents")
SELECT 0, "day", 0, "site_id", 0, sum(CASE WHEN "type" IN ('refund', 'chargeback') THEN -"amount_cents" ELSE "amount_cents" END)
FROM "conversions" WHERE "status" = 'orphaned' GROUP BY "day", "site_id"
ON CONFLICT ("affiliate_id", "day", "offer_id", "site_id", "campaign_id")
DO UPDATE SET "revenue_cents" = "stats_daily_totals"."revenue_cents" + excluded."revenue_cents";--> statement-breakpoint
-- hand-written: referral commissions, bonuses and adjustments, as a row of their affiliate and day with no offer, site or campaign.
INSERT INTO "stats_daily" ("affiliate_id", "day", "offer_id", "site_id", "campaign_id", "country", "device", "sub1", "sub2", "sub3", "sub4", "sub5", "creative", "commission_cents", "bonus_cents")
SELECT "affiliate_id", "day", 0, 0, 0, '', '', '', '', '', '', '', '',
  coalesce(sum("amount_cents") FILTER (WHERE "kind" = 'referral_commission'), 0), coalesce(sum("amount_cents") FILTER (WHERE "kind" IN ('bonus', 'adjustment')), 0)
FROM "ledger_entries" WHERE "kind" IN ('referral_commission', 'bonus', 'adjustment') GROUP BY "affiliate_id", "day"
ON CONFLICT ("affiliate_id", "day", "offer_id", "site_id", "campaign_id", "country", "device", "sub1", "sub2", "sub3", "sub4", "sub5", "creative")
DO UPDATE SET "commission_cents" = "stats_daily"."commission_cents" + excluded."commission_cents", "bonus_cents" = "stats_daily"."bonus_cents" + excluded."bonus_cents";--> statement-breakpoint
INSERT INTO "stats_daily_totals" ("affiliate_id", "day", "offer_id", "site_id", "campaign_id", "commission_cents", "bonus_cents")
SELECT "affiliate_id", "day", 0, 0, 0,
  coalesce(sum("amount_cents") FILTER (WHERE "kind" = 'referral_commission'), 0), coalesce(sum("amount_cents") FILTER (WHERE "kind" IN ('bonus', 'adjustment')), 0)
FROM "ledger_entries" WHERE "kind" IN ('referral_commission', 'bonus', 'adjustment') GROUP BY "affiliate_id", "day"
ON CONFLICT ("affiliate_id", "day", "offer_id", "site_id", "campaign_id")
DO UPDATE SET "commission_cents" = "stats_daily_totals"."commission_cents" + excluded."commission_cents", "bonus_cents" = "stats_daily_totals"."bonus_cents" + excluded."bonus_cents";
