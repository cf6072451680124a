CREATE TABLE "smart_link_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "smart_link_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"smart_link_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"position" integer NOT NULL,
	"weight" integer NOT NULL,
	"countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"devices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"catch_all" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "smart_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"affiliate_id" integer NOT NULL,
	"code" varchar(16) NOT NULL,
	"name" varchar(255) NOT NULL,
	"mode" varchar(8) DEFAULT 'weight' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "smart_links_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "click_rollup_journal" ADD COLUMN "invalid_reason" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "invalid_reason" varchar(16);--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "smart_link_id" integer;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "bot_clicks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "datacenter_clicks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "repeat_clicks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily" ADD COLUMN "burst_clicks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily_totals" ADD COLUMN "bot_clicks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily_totals" ADD COLUMN "datacenter_clicks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily_totals" ADD COLUMN "repeat_clicks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_daily_totals" ADD COLUMN "burst_clicks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "smart_link_entries" ADD CONSTRAINT "smart_link_entries_smart_link_id_smart_links_id_fk" FOREIGN KEY ("smart_link_id") REFERENCES "public"."smart_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_link_entries" ADD CONSTRAINT "smart_link_entries_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_links" ADD CONSTRAINT "smart_links_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "smart_link_entries_link_idx" ON "smart_link_entries" USING btree ("smart_link_id");--> statement-breakpoint
CREATE INDEX "smart_links_affiliate_idx" ON "smart_links" USING btree ("affiliate_id");