CREATE TABLE "periodic_emails" (
	"kind" varchar(32) NOT NULL,
	"user_id" integer NOT NULL,
	"period" varchar(10) NOT NULL,
	"covers_until" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "periodic_emails_kind_user_id_period_pk" PRIMARY KEY("kind","user_id","period")
);
--> statement-breakpoint
ALTER TABLE "periodic_emails" ADD CONSTRAINT "periodic_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;