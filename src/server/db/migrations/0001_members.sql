CREATE TABLE "members" (
	"email" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"department" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_email_lower_case" CHECK ("members"."email" = lower("members"."email"))
);
