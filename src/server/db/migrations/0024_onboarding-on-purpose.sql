ALTER TABLE "admin_members" ADD COLUMN "onboarding" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "onboarding" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Written by hand: the records of people who have not signed in yet were all made to invite them (the invite form,
-- the import, or npm run members): they keep starting an onboarding, as they did before this column.
UPDATE "members" SET "invited_at" = "created_at" WHERE NOT EXISTS (SELECT 1 FROM "users" u WHERE u."email" = "members"."email");
