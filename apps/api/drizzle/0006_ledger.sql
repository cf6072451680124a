CREATE TABLE "banks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(150) NOT NULL,
	"account_holder" varchar(150) DEFAULT '' NOT NULL,
	"iban" varchar(34) DEFAULT '' NOT NULL,
	"swift" varchar(11) DEFAULT '' NOT NULL,
	"currency" char(3) DEFAULT 'USD' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banks_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "billing_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"recipient_type" varchar(16),
	"payment_method_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_complete" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_accounts_recipient_check" CHECK ("billing_accounts"."recipient_type" is null or "billing_accounts"."recipient_type" in ('individual', 'company'))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"affiliate_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"amount_cents" bigint NOT NULL,
	"payout_type" varchar(8),
	"conversion_id" integer,
	"cid" varchar(32),
	"offer_id" integer,
	"reverses_id" integer,
	"source_id" integer,
	"corrects_id" integer,
	"created_by" integer,
	"reason" varchar(500),
	"reason_code" varchar(24),
	"payout_id" integer,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('earning', 'reversal', 'referral_commission', 'bonus', 'adjustment', 'withholding', 'fee', 'payout')),
	CONSTRAINT "ledger_entries_sign_check" CHECK (case "ledger_entries"."kind"
        when 'earning' then "ledger_entries"."amount_cents" > 0
        when 'bonus' then "ledger_entries"."amount_cents" > 0
        when 'reversal' then "ledger_entries"."amount_cents" < 0
        when 'adjustment' then "ledger_entries"."amount_cents" <> 0
        when 'referral_commission' then "ledger_entries"."amount_cents" > 0 or ("ledger_entries"."amount_cents" < 0 and "ledger_entries"."reverses_id" is not null)
        else "ledger_entries"."amount_cents" < 0 or ("ledger_entries"."amount_cents" > 0 and "ledger_entries"."reverses_id" is not null) end),
	CONSTRAINT "ledger_entries_reference_check" CHECK (case "ledger_entries"."kind"
        when 'earning' then "ledger_entries"."conversion_id" is not null and "ledger_entries"."offer_id" is not null and "ledger_entries"."payout_type" in ('cpa', 'revshare')
        when 'reversal' then "ledger_entries"."conversion_id" is not null and "ledger_entries"."reverses_id" is not null
        when 'referral_commission' then "ledger_entries"."source_id" is not null
        when 'bonus' then "ledger_entries"."created_by" is not null and coalesce("ledger_entries"."reason", '') <> ''
        when 'adjustment' then "ledger_entries"."created_by" is not null and coalesce("ledger_entries"."reason", '') <> '' and "ledger_entries"."reason_code" is not null
        else "ledger_entries"."payout_id" is not null end),
	CONSTRAINT "ledger_entries_corrects_check" CHECK ("ledger_entries"."corrects_id" is null or "ledger_entries"."kind" = 'adjustment')
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" varchar(16) NOT NULL,
	"name" varchar(100) NOT NULL,
	"min_payout_cents" bigint NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_type_unique" UNIQUE("type"),
	CONSTRAINT "payment_methods_amounts_check" CHECK ("payment_methods"."min_payout_cents" >= 0 and "payment_methods"."fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "split_fees" (
	"affiliate_id" integer PRIMARY KEY NOT NULL,
	"rate_bp" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "split_fees_rate_check" CHECK ("split_fees"."rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "tax_withholdings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_withholdings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"country" char(2) NOT NULL,
	"recipient_type" varchar(16) NOT NULL,
	"rate_bp" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_withholdings_rate_check" CHECK ("tax_withholdings"."rate_bp" between 0 and 10000),
	CONSTRAINT "tax_withholdings_recipient_check" CHECK ("tax_withholdings"."recipient_type" in ('individual', 'company'))
);
--> statement-breakpoint
-- The earnings ledger becomes the money ledger: its rows move over with their ids; cpa and revshare become earnings of that payout type.
INSERT INTO "ledger_entries" ("id", "affiliate_id", "kind", "amount_cents", "payout_type", "conversion_id", "cid", "offer_id", "reverses_id", "day", "created_at")
OVERRIDING SYSTEM VALUE
SELECT "id", "affiliate_id", CASE WHEN "kind" IN ('cpa', 'revshare') THEN 'earning' ELSE "kind" END, "amount_cents",
  CASE WHEN "kind" IN ('cpa', 'revshare') THEN "kind" END, "conversion_id", "cid", "offer_id", "reverses_id", "day", "created_at"
FROM "earnings" ORDER BY "id";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('ledger_entries', 'id'), coalesce((SELECT max("id") FROM "ledger_entries"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "earnings" CASCADE;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_conversion_id_conversions_id_fk" FOREIGN KEY ("conversion_id") REFERENCES "public"."conversions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_reverses_id_ledger_entries_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_source_id_ledger_entries_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_corrects_id_ledger_entries_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_fees" ADD CONSTRAINT "split_fees_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_fees" ADD CONSTRAINT "split_fees_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_affiliate_idx" ON "ledger_entries" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_conversion_idx" ON "ledger_entries" USING btree ("conversion_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_cid_idx" ON "ledger_entries" USING btree ("cid");--> statement-breakpoint
CREATE INDEX "ledger_entries_reverses_idx" ON "ledger_entries" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_payout_idx" ON "ledger_entries" USING btree ("payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_source_idx" ON "ledger_entries" USING btree ("source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_withholdings_key_idx" ON "tax_withholdings" USING btree ("country","recipient_type");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_not_self_referred_check" CHECK ("users"."referred_by_id" is null or "users"."referred_by_id" <> "users"."id");--> statement-breakpoint
-- Ledger rows are never changed or deleted: a correction is a new row naming the one it corrects.
CREATE FUNCTION "ledger_entries_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only: % refused; write a correcting entry instead', TG_OP
    USING ERRCODE = 'integrity_constraint_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_entries_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_refuse_change"();