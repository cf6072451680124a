CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_periods" (
	"period" varchar(7) PRIMARY KEY NOT NULL,
	"cutoff" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"closed_by" integer,
	"payouts" integer NOT NULL,
	"amount_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_transitions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_transitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payout_id" integer NOT NULL,
	"from_status" varchar(16),
	"to_status" varchar(16) NOT NULL,
	"by_user_id" integer,
	"reason" varchar(500),
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"affiliate_id" integer NOT NULL,
	"period" varchar(7) NOT NULL,
	"status" varchar(16) NOT NULL,
	"gross_cents" bigint NOT NULL,
	"withholding_cents" bigint DEFAULT 0 NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"method_fee_cents" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint NOT NULL,
	"minimum_cents" bigint NOT NULL,
	"method" varchar(32) NOT NULL,
	"bank_id" integer,
	"hold_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"reject_reason" varchar(500),
	"reference" varchar(200),
	"invoice_year" integer NOT NULL,
	"invoice_seq" integer NOT NULL,
	"from_cutoff" timestamp with time zone,
	"cutoff" timestamp with time zone NOT NULL,
	"previous_created_at" timestamp with time zone,
	"billing" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('to_approve', 'to_pay', 'paid', 'rejected', 'held')),
	CONSTRAINT "payouts_amounts_check" CHECK ("payouts"."withholding_cents" >= 0 and "payouts"."method_fee_cents" >= 0 and "payouts"."fee_cents" >= "payouts"."method_fee_cents" and "payouts"."amount_cents" = "payouts"."gross_cents" - "payouts"."withholding_cents" - "payouts"."fee_cents"),
	CONSTRAINT "payouts_minimum_check" CHECK ("payouts"."amount_cents" > 0 and "payouts"."amount_cents" >= "payouts"."minimum_cents"),
	CONSTRAINT "payouts_paid_check" CHECK (("payouts"."status" = 'paid') = ("payouts"."paid_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "payout_periods" ADD CONSTRAINT "payout_periods_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transitions" ADD CONSTRAINT "payout_transitions_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transitions" ADD CONSTRAINT "payout_transitions_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_transitions_payout_idx" ON "payout_transitions" USING btree ("payout_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_affiliate_period_idx" ON "payouts" USING btree ("affiliate_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_invoice_idx" ON "payouts" USING btree ("invoice_year","invoice_seq");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "payouts_period_idx" ON "payouts" USING btree ("period");