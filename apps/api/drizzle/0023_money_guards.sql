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
CREATE TABLE "conversion_appeals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversion_appeals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"conversion_id" integer NOT NULL,
	"affiliate_id" integer NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fraud_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fraud_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_id" integer,
	"rule" varchar(32) NOT NULL,
	"value" numeric(14, 4) NOT NULL,
	"action" varchar(8) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_holds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ratio" numeric(7, 4) NOT NULL,
	"extra_days" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "fallback_url" varchar(2048);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "fallback_url" varchar(2048);--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "fallback_reason" varchar(32);--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "fraud_action" varchar(8);--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "fraud_reason" varchar(255);--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "reviewed_by_id" integer;--> statement-breakpoint
ALTER TABLE "cap_counters" ADD CONSTRAINT "cap_counters_cap_id_caps_id_fk" FOREIGN KEY ("cap_id") REFERENCES "public"."caps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caps" ADD CONSTRAINT "caps_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caps" ADD CONSTRAINT "caps_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_appeals" ADD CONSTRAINT "conversion_appeals_conversion_id_conversions_id_fk" FOREIGN KEY ("conversion_id") REFERENCES "public"."conversions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_rules" ADD CONSTRAINT "fraud_rules_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "caps_offer_idx" ON "caps" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversion_appeals_conversion_idx" ON "conversion_appeals" USING btree ("conversion_id");--> statement-breakpoint
CREATE INDEX "conversion_appeals_created_idx" ON "conversion_appeals" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fraud_rules_scope_rule_idx" ON "fraud_rules" USING btree (coalesce("offer_id", 0),"rule");--> statement-breakpoint
CREATE INDEX "conversions_fraud_held_idx" ON "conversions" USING btree ("id") WHERE "conversions"."fraud_action" = 'hold' and "conversions"."reviewed_at" is null;
--> statement-breakpoint
-- hand-written: the owner's role holds every permission, the new `fraud` one included.
UPDATE "roles" SET "permissions" = array_append("permissions", 'fraud') WHERE "name" = 'owner' AND NOT ('fraud' = ANY("permissions"));
