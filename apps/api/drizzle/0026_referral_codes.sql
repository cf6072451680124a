ALTER TABLE "users" ADD COLUMN "referral_code" varchar(16);--> statement-breakpoint
CREATE UNIQUE INDEX "users_referral_code_idx" ON "users" USING btree ("referral_code");