CREATE TABLE "campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"affiliate_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"offer_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"destination_type" varchar(16) NOT NULL,
	"landing_page_id" integer,
	"destination_url" varchar(2048),
	"geo_targeting" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "click_visitors" (
	"visitor_hash" varchar(64) NOT NULL,
	"offer_id" integer NOT NULL,
	"last_unique_at" timestamp with time zone NOT NULL,
	CONSTRAINT "click_visitors_visitor_hash_offer_id_pk" PRIMARY KEY("visitor_hash","offer_id")
);
--> statement-breakpoint
CREATE TABLE "clicks" (
	"id" bigserial NOT NULL,
	"cid" varchar(32) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"affiliate_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"campaign_id" integer,
	"landing_page_id" integer,
	"link_id" integer,
	"sub1" varchar(255),
	"sub2" varchar(255),
	"sub3" varchar(255),
	"sub4" varchar(255),
	"sub5" varchar(255),
	"country" char(2),
	"device" varchar(8) NOT NULL,
	"visitor_hash" varchar(64) NOT NULL,
	"is_unique" boolean NOT NULL,
	"is_bot" boolean DEFAULT false NOT NULL,
	CONSTRAINT "clicks_created_at_id_pk" PRIMARY KEY("created_at","id")
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
-- Daily partitions are created ahead by the server (tracking/partitions.ts); this one catches anything outside them.
CREATE TABLE "clicks_default" PARTITION OF "clicks" DEFAULT;
--> statement-breakpoint
CREATE TABLE "conversions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"transaction_id" varchar(128) NOT NULL,
	"type" varchar(16) NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"currency" char(3) DEFAULT 'USD' NOT NULL,
	"cid" varchar(32),
	"clicked_at" timestamp with time zone,
	"affiliate_id" integer,
	"offer_id" integer,
	"campaign_id" integer,
	"status" varchar(16) NOT NULL,
	"orphan_reason" varchar(255),
	"original_transaction_id" varchar(128),
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "earnings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "earnings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"affiliate_id" integer NOT NULL,
	"conversion_id" integer NOT NULL,
	"cid" varchar(32),
	"offer_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reverses_id" integer,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" varchar(64) NOT NULL,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"last_error" varchar(512),
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "landing_pages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "landing_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"url" varchar(2048) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"language" varchar(8) DEFAULT 'en' NOT NULL,
	"rating" smallint DEFAULT 0 NOT NULL,
	"image_uuid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offer_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_id" integer NOT NULL,
	"affiliate_id" integer,
	"tier_id" integer,
	"amount" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"payout_type" varchar(16) NOT NULL,
	"goal" varchar(16) DEFAULT 'sale' NOT NULL,
	"default_payout" integer NOT NULL,
	"landing_page_id" integer,
	"logo_uuid" uuid,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postback_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "postback_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"postback_id" integer,
	"affiliate_id" integer NOT NULL,
	"conversion_id" integer,
	"is_test" boolean DEFAULT false NOT NULL,
	"method" varchar(8) NOT NULL,
	"url" varchar(4096) NOT NULL,
	"status" varchar(16) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"http_status" integer,
	"duration_ms" integer,
	"response_snippet" varchar(512),
	"last_error" varchar(512),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "postbacks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "postbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"affiliate_id" integer NOT NULL,
	"offer_id" integer,
	"goal" varchar(16) NOT NULL,
	"type" varchar(16) NOT NULL,
	"method" varchar(8) NOT NULL,
	"url" varchar(2048) NOT NULL,
	"cid_param" varchar(64) DEFAULT '' NOT NULL,
	"pid_param" varchar(64) DEFAULT '' NOT NULL,
	"sub1_param" varchar(64) DEFAULT '' NOT NULL,
	"sub2_param" varchar(64) DEFAULT '' NOT NULL,
	"sub3_param" varchar(64) DEFAULT '' NOT NULL,
	"sub4_param" varchar(64) DEFAULT '' NOT NULL,
	"sub5_param" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_daily" (
	"day" date NOT NULL,
	"affiliate_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"campaign_id" integer DEFAULT 0 NOT NULL,
	"country" varchar(2) DEFAULT '' NOT NULL,
	"device" varchar(8) DEFAULT '' NOT NULL,
	"sub1" varchar(255) DEFAULT '' NOT NULL,
	"sub2" varchar(255) DEFAULT '' NOT NULL,
	"sub3" varchar(255) DEFAULT '' NOT NULL,
	"sub4" varchar(255) DEFAULT '' NOT NULL,
	"sub5" varchar(255) DEFAULT '' NOT NULL,
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
CREATE TABLE "tracking_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(16) NOT NULL,
	"affiliate_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"campaign_id" integer,
	"landing_page_id" integer,
	"deep_url" varchar(2048),
	"fingerprint" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_links_code_unique" UNIQUE("code"),
	CONSTRAINT "tracking_links_fingerprint_unique" UNIQUE("fingerprint")
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "type" varchar(32) DEFAULT 'vr' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "manager_id" integer;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "models_api_url" varchar(2048);--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "scenes_api_url" varchar(2048);--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "logo_uuid" uuid;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "api_key_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "api_key_prefix" varchar(16);--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "api_key_rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_landing_page_id_landing_pages_id_fk" FOREIGN KEY ("landing_page_id") REFERENCES "public"."landing_pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings" ADD CONSTRAINT "earnings_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings" ADD CONSTRAINT "earnings_conversion_id_conversions_id_fk" FOREIGN KEY ("conversion_id") REFERENCES "public"."conversions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD CONSTRAINT "landing_pages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD CONSTRAINT "landing_pages_image_uuid_uploads_uuid_fk" FOREIGN KEY ("image_uuid") REFERENCES "public"."uploads"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_payouts" ADD CONSTRAINT "offer_payouts_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_payouts" ADD CONSTRAINT "offer_payouts_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_payouts" ADD CONSTRAINT "offer_payouts_tier_id_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_landing_page_id_landing_pages_id_fk" FOREIGN KEY ("landing_page_id") REFERENCES "public"."landing_pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_logo_uuid_uploads_uuid_fk" FOREIGN KEY ("logo_uuid") REFERENCES "public"."uploads"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postback_deliveries" ADD CONSTRAINT "postback_deliveries_postback_id_postbacks_id_fk" FOREIGN KEY ("postback_id") REFERENCES "public"."postbacks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postbacks" ADD CONSTRAINT "postbacks_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postbacks" ADD CONSTRAINT "postbacks_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_landing_page_id_landing_pages_id_fk" FOREIGN KEY ("landing_page_id") REFERENCES "public"."landing_pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_affiliate_idx" ON "campaigns" USING btree ("affiliate_id");--> statement-breakpoint
CREATE INDEX "clicks_cid_idx" ON "clicks" USING btree ("cid");--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_site_transaction_idx" ON "conversions" USING btree ("site_id","transaction_id");--> statement-breakpoint
CREATE INDEX "conversions_affiliate_idx" ON "conversions" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "conversions_cid_idx" ON "conversions" USING btree ("cid");--> statement-breakpoint
CREATE INDEX "earnings_affiliate_idx" ON "earnings" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "earnings_conversion_idx" ON "earnings" USING btree ("conversion_id");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null;--> statement-breakpoint
CREATE INDEX "landing_pages_site_idx" ON "landing_pages" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_payouts_affiliate_idx" ON "offer_payouts" USING btree ("offer_id","affiliate_id") WHERE "offer_payouts"."affiliate_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_payouts_tier_idx" ON "offer_payouts" USING btree ("offer_id","tier_id") WHERE "offer_payouts"."tier_id" is not null;--> statement-breakpoint
CREATE INDEX "offers_site_idx" ON "offers" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "postback_deliveries_affiliate_idx" ON "postback_deliveries" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "postbacks_affiliate_idx" ON "postbacks" USING btree ("affiliate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stats_daily_key_idx" ON "stats_daily" USING btree ("affiliate_id","day","offer_id","site_id","campaign_id","country","device","sub1","sub2","sub3","sub4","sub5");--> statement-breakpoint
CREATE INDEX "stats_daily_day_idx" ON "stats_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "tracking_links_affiliate_idx" ON "tracking_links" USING btree ("affiliate_id");--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_apiKeyHash_unique" UNIQUE("api_key_hash");