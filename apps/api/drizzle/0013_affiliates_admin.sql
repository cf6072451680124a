ALTER TABLE "users" ADD COLUMN "approval_status" varchar(16) DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approval_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "read_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "login_as_reason" varchar(500);