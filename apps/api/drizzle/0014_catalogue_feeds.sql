CREATE TABLE "catalogue_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"external_id" varchar(128) NOT NULL,
	"name" varchar(300) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"url" varchar(2048) NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"models" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"trailer_url" varchar(2048),
	"fov" smallint,
	"projection" varchar(32),
	"resolution" varchar(32),
	"duration_seconds" integer,
	"published_at" timestamp with time zone,
	"content_hash" varchar(64) NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_syncs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_syncs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"added" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"error" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "feed_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feed_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"affiliate_id" integer NOT NULL,
	"key" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "feed_keys_key_unique" UNIQUE("key")
);
--> statement-breakpoint
DROP INDEX "stats_daily_key_idx";--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "catalogue_mapping" jsonb;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "creative" varchar(32);--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "creative" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tracking_links" ADD COLUMN "creative" varchar(32);--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD CONSTRAINT "catalogue_items_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_syncs" ADD CONSTRAINT "catalogue_syncs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_keys" ADD CONSTRAINT "feed_keys_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_items_site_external_idx" ON "catalogue_items" USING btree ("site_id","kind","external_id");--> statement-breakpoint
CREATE INDEX "catalogue_items_newest_idx" ON "catalogue_items" USING btree ("kind","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "catalogue_items"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "catalogue_items_updated_idx" ON "catalogue_items" USING btree ("kind","updated_at");--> statement-breakpoint
CREATE INDEX "catalogue_syncs_site_idx" ON "catalogue_syncs" USING btree ("site_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "feed_keys_live_idx" ON "feed_keys" USING btree ("affiliate_id") WHERE "feed_keys"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "stats_daily_creative_idx" ON "stats_daily" USING btree ("creative","day") WHERE "stats_daily"."creative" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "stats_daily_key_idx" ON "stats_daily" USING btree ("affiliate_id","day","offer_id","site_id","campaign_id","country","device","sub1","sub2","sub3","sub4","sub5","creative");