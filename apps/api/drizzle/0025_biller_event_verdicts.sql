ALTER TABLE "biller_events" ADD COLUMN "remote_address" varchar(64);--> statement-breakpoint
ALTER TABLE "biller_events" ADD COLUMN "account_active" boolean;--> statement-breakpoint
ALTER TABLE "biller_events" ADD COLUMN "address_allowed" boolean;