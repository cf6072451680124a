CREATE TABLE "tax_delivery_consents" (
	"affiliate_id" integer PRIMARY KEY NOT NULL,
	"electronic" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_year_forms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_year_forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"affiliate_id" integer NOT NULL,
	"year" integer NOT NULL,
	"form" varchar(8) NOT NULL,
	"gross_cents" bigint NOT NULL,
	"withheld_cents" bigint NOT NULL,
	"tax_form_id" integer,
	"boxes" jsonb NOT NULL,
	"corrected" boolean DEFAULT false NOT NULL,
	"to_date" boolean DEFAULT false NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" integer,
	CONSTRAINT "tax_year_forms_form_check" CHECK ("tax_year_forms"."form" in ('1099-NEC', '1042-S')),
	CONSTRAINT "tax_year_forms_amounts_check" CHECK ("tax_year_forms"."gross_cents" >= 0 and "tax_year_forms"."withheld_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tax_delivery_consents" ADD CONSTRAINT "tax_delivery_consents_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_year_forms" ADD CONSTRAINT "tax_year_forms_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_year_forms" ADD CONSTRAINT "tax_year_forms_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_year_forms_affiliate_idx" ON "tax_year_forms" USING btree ("affiliate_id","year","id");--> statement-breakpoint
CREATE INDEX "tax_year_forms_year_idx" ON "tax_year_forms" USING btree ("year","id");