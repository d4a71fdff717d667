CREATE TABLE "shared_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"ciphertext" text NOT NULL,
	"key_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_email" text
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "lead_of" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "is_editor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "left_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "left_note" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_subject_unique" UNIQUE("subject");