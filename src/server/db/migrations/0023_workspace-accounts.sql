CREATE TABLE "workspace_accounts" (
	"member_email" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"given_name" text NOT NULL,
	"family_name" text NOT NULL,
	"org_unit_path" text NOT NULL,
	"google_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"insert_sent" boolean DEFAULT false NOT NULL,
	"password_delivery" text,
	"last_error" text,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "workspace_accounts_state" CHECK ("workspace_accounts"."state" in ('creating', 'created', 'failed')),
	CONSTRAINT "workspace_accounts_email_lower_case" CHECK ("workspace_accounts"."member_email" = lower("workspace_accounts"."member_email"))
);
--> statement-breakpoint
CREATE TABLE "workspace_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_email" text NOT NULL,
	"kind" text NOT NULL,
	"due_on" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"claim_token" uuid,
	"outcome" text,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "workspace_jobs_kind" CHECK ("workspace_jobs"."kind" in ('suspend')),
	CONSTRAINT "workspace_jobs_status" CHECK ("workspace_jobs"."status" in ('pending', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "workspace_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"role_key" text,
	"department" text,
	"target" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "workspace_mappings_kind" CHECK ("workspace_mappings"."kind" in ('org-unit'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_jobs_pending_idx" ON "workspace_jobs" USING btree ("member_email","kind") WHERE "workspace_jobs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "workspace_jobs_due_idx" ON "workspace_jobs" USING btree ("status","next_attempt_at");