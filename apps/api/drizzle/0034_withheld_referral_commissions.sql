CREATE TABLE "referral_commission_decisions" (
	"hold_id" integer PRIMARY KEY NOT NULL,
	"decision" varchar(16) NOT NULL,
	"commission_id" integer,
	"decided_by" integer NOT NULL,
	"reason" varchar(500),
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_commission_decisions_decision_check" CHECK ("referral_commission_decisions"."decision" in ('released', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "referral_commission_holds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_commission_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"referrer_id" integer NOT NULL,
	"referred_id" integer NOT NULL,
	"earning_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"kinds" varchar(64) NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_commission_holds_amount_check" CHECK ("referral_commission_holds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "referral_commission_decisions" ADD CONSTRAINT "referral_commission_decisions_hold_id_referral_commission_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."referral_commission_holds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commission_decisions" ADD CONSTRAINT "referral_commission_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commission_holds" ADD CONSTRAINT "referral_commission_holds_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_commission_holds" ADD CONSTRAINT "referral_commission_holds_referred_id_users_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_commission_holds_earning_idx" ON "referral_commission_holds" USING btree ("earning_id");--> statement-breakpoint
CREATE INDEX "referral_commission_holds_referrer_idx" ON "referral_commission_holds" USING btree ("referrer_id");--> statement-breakpoint
CREATE FUNCTION "referral_commission_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'withheld commissions and their decisions are append-only: % refused', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "referral_commission_holds_append_only" BEFORE UPDATE OR DELETE ON "referral_commission_holds" FOR EACH ROW EXECUTE FUNCTION "referral_commission_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "referral_commission_holds_no_truncate" BEFORE TRUNCATE ON "referral_commission_holds" FOR EACH STATEMENT EXECUTE FUNCTION "referral_commission_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "referral_commission_decisions_append_only" BEFORE UPDATE OR DELETE ON "referral_commission_decisions" FOR EACH ROW EXECUTE FUNCTION "referral_commission_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "referral_commission_decisions_no_truncate" BEFORE TRUNCATE ON "referral_commission_decisions" FOR EACH STATEMENT EXECUTE FUNCTION "referral_commission_refuse_change"();
