CREATE TABLE "shared_markers" (
	"affiliate_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"digest" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shared_markers_affiliate_id_kind_pk" PRIMARY KEY("affiliate_id","kind")
);
--> statement-breakpoint
ALTER TABLE "shared_markers" ADD CONSTRAINT "shared_markers_affiliate_id_users_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shared_markers_kind_digest_idx" ON "shared_markers" USING btree ("kind","digest");