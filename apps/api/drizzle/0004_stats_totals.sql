CREATE TABLE "stats_daily_totals" (
	"day" date NOT NULL,
	"affiliate_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"campaign_id" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"unique_clicks" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"rebills" integer DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	"chargebacks" integer DEFAULT 0 NOT NULL,
	"earnings_cents" bigint DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stats_daily_totals_key_idx" ON "stats_daily_totals" USING btree ("affiliate_id","day","offer_id","site_id","campaign_id");--> statement-breakpoint
CREATE INDEX "stats_daily_totals_day_idx" ON "stats_daily_totals" USING btree ("day");