CREATE TABLE "biller_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "biller_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"biller" varchar(16) NOT NULL,
	"ccbill_account" varchar(64),
	"ccbill_subaccount" varchar(64),
	"epoch_reseller" varchar(64),
	"epoch_product_code" varchar(64),
	"segpay_merchant_id" varchar(64),
	"verotel_shop_id" varchar(64),
	"account_key_encrypted" text NOT NULL,
	"account_key_hash" varchar(64) NOT NULL,
	"secret_encrypted" text,
	"passthrough_field" varchar(64) NOT NULL,
	"site_reports_too" boolean DEFAULT false NOT NULL,
	"require_biller_addresses" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"last_post_at" timestamp with time zone,
	"key_rotated_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biller_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "biller_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"biller" varchar(16) NOT NULL,
	"biller_account_id" integer,
	"site_id" integer,
	"method" varchar(8) NOT NULL,
	"biller_event" varchar(64),
	"event_type" varchar(16),
	"transaction_id" varchar(128),
	"subscription_id" varchar(128),
	"status" varchar(16) NOT NULL,
	"reason" varchar(255),
	"conversion_id" integer,
	"raw" jsonb NOT NULL,
	"dropped_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parsed" jsonb,
	"replayed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscription_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"biller_event_id" integer,
	"type" varchar(16) NOT NULL,
	"conversion_id" integer,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"biller_account_id" integer NOT NULL,
	"subscription_id" varchar(128) NOT NULL,
	"site_id" integer NOT NULL,
	"cid" varchar(64),
	"affiliate_id" integer,
	"offer_id" integer,
	"campaign_id" integer,
	"sale_conversion_id" integer,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"expired_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "conversions_site_transaction_idx";--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "biller_account_id" integer;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "biller_event" varchar(64);--> statement-breakpoint
ALTER TABLE "biller_accounts" ADD CONSTRAINT "biller_accounts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biller_events" ADD CONSTRAINT "biller_events_biller_account_id_biller_accounts_id_fk" FOREIGN KEY ("biller_account_id") REFERENCES "public"."biller_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biller_events" ADD CONSTRAINT "biller_events_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biller_events" ADD CONSTRAINT "biller_events_conversion_id_conversions_id_fk" FOREIGN KEY ("conversion_id") REFERENCES "public"."conversions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_biller_event_id_biller_events_id_fk" FOREIGN KEY ("biller_event_id") REFERENCES "public"."biller_events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_conversion_id_conversions_id_fk" FOREIGN KEY ("conversion_id") REFERENCES "public"."conversions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_biller_account_id_biller_accounts_id_fk" FOREIGN KEY ("biller_account_id") REFERENCES "public"."biller_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_sale_conversion_id_conversions_id_fk" FOREIGN KEY ("sale_conversion_id") REFERENCES "public"."conversions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "biller_accounts_key_hash_idx" ON "biller_accounts" USING btree ("account_key_hash");--> statement-breakpoint
CREATE INDEX "biller_accounts_site_idx" ON "biller_accounts" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "biller_events_received_idx" ON "biller_events" USING btree ("received_at","id");--> statement-breakpoint
CREATE INDEX "biller_events_account_idx" ON "biller_events" USING btree ("biller_account_id","received_at");--> statement-breakpoint
CREATE INDEX "biller_events_status_idx" ON "biller_events" USING btree ("status","received_at");--> statement-breakpoint
CREATE INDEX "subscription_events_subscription_idx" ON "subscription_events" USING btree ("subscription_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_events_biller_event_idx" ON "subscription_events" USING btree ("biller_event_id") WHERE "subscription_events"."biller_event_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_account_subscription_idx" ON "subscriptions" USING btree ("biller_account_id","subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_affiliate_idx" ON "subscriptions" USING btree ("affiliate_id","offer_id");--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_biller_account_id_biller_accounts_id_fk" FOREIGN KEY ("biller_account_id") REFERENCES "public"."biller_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_source_transaction_idx" UNIQUE NULLS NOT DISTINCT("site_id","biller_account_id","transaction_id");