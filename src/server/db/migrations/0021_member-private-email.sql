ALTER TABLE "members" ADD COLUMN "private_email" text;--> statement-breakpoint
CREATE INDEX "members_private_email_idx" ON "members" USING btree ("private_email");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_private_email_lower_case" CHECK ("members"."private_email" = lower("members"."private_email"));