CREATE TABLE "cap_counters" (
	"cap_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"used" bigint DEFAULT 0 NOT NULL,
	"alerted_at" timestamp with time zone,
	CONSTRAINT "cap_counters_cap_id_period_start_pk" PRIMARY KEY("cap_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "caps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "caps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_id" integer NOT NULL,
	"affiliate_id" integer,
	"metric" varchar(16) NOT NULL,
	"period" varchar(8) NOT NULL,
	"limit" bigint NOT NULL,
	"mode" varchar(8) DEFAULT 'hard' NOT NULL,
	"alert_percent" integer DEFAULT 90 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "fallback_url" varchar(2048);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "fallback_url" varchar(2048);--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "fallback_reason" varchar(32);--> statement-breakpoint
ALTER TABLE "cap_counters" ADD CONSTRAINT "cap_counters_cap_id_caps_id_fk" FOREIGN KEY ("cap_id") REFERENCES "public"."caps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caps" ADD CONSTRAINT "caps_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caps" ADD CONSTRAINT "caps_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "caps_offer_idx" ON "caps" USING btree ("offer_id");