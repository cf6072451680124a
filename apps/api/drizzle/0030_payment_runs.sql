CREATE TABLE "payment_run_item_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_run_item_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"reason_code" varchar(8),
	"reason" varchar(300),
	"import_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_run_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_run_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"run_id" integer NOT NULL,
	"payout_id" integer NOT NULL,
	"affiliate_id" integer NOT NULL,
	"paying_account_id" integer,
	"amount_cents" bigint NOT NULL,
	"gross_cents" bigint NOT NULL,
	"amount_sent_minor" bigint NOT NULL,
	"currency" varchar(4) NOT NULL,
	"rate" varchar(32),
	"reference" varchar(35) NOT NULL,
	"status" varchar(16) DEFAULT 'in_run' NOT NULL,
	"reason_code" varchar(8),
	"reason" varchar(300),
	"payee" jsonb NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_run_items_status_check" CHECK ("payment_run_items"."status" in ('in_run', 'sent', 'accepted', 'returned')),
	CONSTRAINT "payment_run_items_amounts_check" CHECK ("payment_run_items"."amount_cents" > 0 and "payment_run_items"."gross_cents" >= "payment_run_items"."amount_cents" and "payment_run_items"."amount_sent_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"method" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"paying_account_id" integer,
	"currency" varchar(4) NOT NULL,
	"rate" varchar(32),
	"message_id" varchar(35) NOT NULL,
	"execution_date" date NOT NULL,
	"checks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"approved_by" integer,
	"sent_by" integer,
	"cancelled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "payment_runs_status_check" CHECK ("payment_runs"."status" in ('draft', 'approved', 'sent', 'cancelled')),
	CONSTRAINT "payment_runs_method_check" CHECK ("payment_runs"."method" in ('wire', 'ach', 'paxum', 'paypal', 'usdt'))
);
--> statement-breakpoint
CREATE TABLE "payment_status_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_status_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sha256" varchar(64) NOT NULL,
	"format" varchar(16) NOT NULL,
	"imported_by" integer,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_status_check";--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_paid_check";--> statement-breakpoint
ALTER TABLE "banks" ADD COLUMN "rail" varchar(16) DEFAULT 'wire' NOT NULL;--> statement-breakpoint
ALTER TABLE "banks" ADD COLUMN "pain_version" varchar(2) DEFAULT '09' NOT NULL;--> statement-breakpoint
ALTER TABLE "banks" ADD COLUMN "ach_company_name" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "banks" ADD COLUMN "ach_company_id" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "banks" ADD COLUMN "ach_odfi_routing" varchar(9) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "banks" ADD COLUMN "ach_immediate_destination" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "banks" ADD COLUMN "ach_immediate_origin" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "banks" ADD COLUMN "payer_email" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "banks" ADD COLUMN "wallet" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "banks" ADD COLUMN "wallet_network" varchar(8) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "confirm_reason" varchar(300);--> statement-breakpoint
ALTER TABLE "payment_run_item_events" ADD CONSTRAINT "payment_run_item_events_item_id_payment_run_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."payment_run_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_run_items" ADD CONSTRAINT "payment_run_items_run_id_payment_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payment_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_run_items" ADD CONSTRAINT "payment_run_items_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_run_items" ADD CONSTRAINT "payment_run_items_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_run_items" ADD CONSTRAINT "payment_run_items_paying_account_id_banks_id_fk" FOREIGN KEY ("paying_account_id") REFERENCES "public"."banks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD CONSTRAINT "payment_runs_paying_account_id_banks_id_fk" FOREIGN KEY ("paying_account_id") REFERENCES "public"."banks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD CONSTRAINT "payment_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD CONSTRAINT "payment_runs_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD CONSTRAINT "payment_runs_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_runs" ADD CONSTRAINT "payment_runs_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_status_imports" ADD CONSTRAINT "payment_status_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_run_item_events_item_idx" ON "payment_run_item_events" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "payment_run_items_run_idx" ON "payment_run_items" USING btree ("run_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_run_items_reference_idx" ON "payment_run_items" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_run_items_open_payout_idx" ON "payment_run_items" USING btree ("payout_id") WHERE "payment_run_items"."open";--> statement-breakpoint
CREATE INDEX "payment_run_items_payout_idx" ON "payment_run_items" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "payment_runs_status_idx" ON "payment_runs" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_status_imports_sha_idx" ON "payment_status_imports" USING btree ("sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_payout_return_idx" ON "ledger_entries" USING btree ("reverses_id") WHERE "ledger_entries"."payout_id" is not null and "ledger_entries"."reverses_id" is not null;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('to_approve', 'to_pay', 'paid', 'rejected', 'held', 'returned'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_paid_check" CHECK (("payouts"."status" in ('paid', 'returned')) = ("payouts"."paid_at" is not null));