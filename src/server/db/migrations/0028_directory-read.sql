CREATE TABLE "workspace_directory_accounts" (
	"email" text PRIMARY KEY NOT NULL,
	"google_id" text NOT NULL,
	"given_name" text DEFAULT '' NOT NULL,
	"family_name" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"since" timestamp with time zone,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "workspace_directory_accounts_state" CHECK ("workspace_directory_accounts"."state" in ('active', 'suspended', 'deleted')),
	CONSTRAINT "workspace_directory_accounts_email_lower_case" CHECK ("workspace_directory_accounts"."email" = lower("workspace_directory_accounts"."email"))
);
--> statement-breakpoint
CREATE TABLE "workspace_directory_reads" (
	"id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"ok" boolean DEFAULT false NOT NULL,
	"problem" text,
	"accounts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "workspace_directory_accounts_state_idx" ON "workspace_directory_accounts" USING btree ("state");