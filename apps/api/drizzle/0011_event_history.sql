ALTER TABLE "events" ADD COLUMN "object_type" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "action" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "object_id" varchar(64);--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "impersonator_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "after" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_actor_idx" ON "events" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "events_object_idx" ON "events" USING btree ("object_type","created_at");--> statement-breakpoint
UPDATE "events" SET "object_type" = split_part("type", '.', 1), "action" = split_part("type", '.', 2);
