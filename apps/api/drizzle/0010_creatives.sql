CREATE TABLE "banners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"language" varchar(8) DEFAULT 'en' NOT NULL,
	"width" integer,
	"height" integer,
	"size" varchar(20) DEFAULT '' NOT NULL,
	"category" varchar(60) DEFAULT '' NOT NULL,
	"format" varchar(8) NOT NULL,
	"rating" smallint DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"file_uuid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_logos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_logos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"format" varchar(8) NOT NULL,
	"file_uuid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "mobile_image_uuid" uuid;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_file_uuid_uploads_uuid_fk" FOREIGN KEY ("file_uuid") REFERENCES "public"."uploads"("uuid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_logos" ADD CONSTRAINT "site_logos_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_logos" ADD CONSTRAINT "site_logos_file_uuid_uploads_uuid_fk" FOREIGN KEY ("file_uuid") REFERENCES "public"."uploads"("uuid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_site_idx" ON "banners" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "site_logos_site_idx" ON "site_logos" USING btree ("site_id","id");--> statement-breakpoint
ALTER TABLE "landing_pages" ADD CONSTRAINT "landing_pages_mobile_image_uuid_uploads_uuid_fk" FOREIGN KEY ("mobile_image_uuid") REFERENCES "public"."uploads"("uuid") ON DELETE set null ON UPDATE no action;