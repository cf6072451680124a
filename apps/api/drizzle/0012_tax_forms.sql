CREATE TABLE "tax_forms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"affiliate_id" integer NOT NULL,
	"form_type" varchar(8) NOT NULL,
	"source" varchar(8) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tin_type" varchar(8),
	"tin_last4" varchar(4),
	"tins_encrypted" text,
	"file_encrypted" text,
	"file_name" varchar(255),
	"signature" varchar(150),
	"signed_at" date NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"decline_reason" varchar(500),
	"superseded_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	CONSTRAINT "tax_forms_status_check" CHECK ("tax_forms"."status" in ('n_a', 'not_uploaded', 'pending', 'accepted', 'declined')),
	CONSTRAINT "tax_forms_type_check" CHECK ("tax_forms"."form_type" in ('w9', 'w8ben', 'w8bene')),
	CONSTRAINT "tax_forms_source_check" CHECK (("tax_forms"."source" = 'filled' and "tax_forms"."tins_encrypted" is not null) or ("tax_forms"."source" = 'upload' and "tax_forms"."file_encrypted" is not null))
);
--> statement-breakpoint
ALTER TABLE "affiliate_profiles" ADD COLUMN "legal_form_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "affiliate_profiles" ADD COLUMN "legal_form_declined" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_forms" ADD CONSTRAINT "tax_forms_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_forms" ADD CONSTRAINT "tax_forms_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_forms_affiliate_idx" ON "tax_forms" USING btree ("affiliate_id","id");--> statement-breakpoint
CREATE INDEX "tax_forms_queue_idx" ON "tax_forms" USING btree ("status","created_at");