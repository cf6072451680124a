CREATE TABLE "exchange_rates" (
	"currency" char(3) NOT NULL,
	"day" date NOT NULL,
	"rate" numeric(20, 10) NOT NULL,
	"source" varchar(8) NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_currency_day_pk" PRIMARY KEY("currency","day"),
	CONSTRAINT "exchange_rates_source_check" CHECK ("exchange_rates"."source" in ('ecb', 'staff')),
	CONSTRAINT "exchange_rates_rate_check" CHECK ("exchange_rates"."rate" > 0)
);
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "assigned_affiliates_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversions_held_idx" ON "conversions" USING btree ("currency","day") WHERE "conversions"."status" = 'held';