CREATE TABLE "team_task_mails" (
	"task_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"due_on" date NOT NULL,
	"occasion" text NOT NULL,
	"outbox_id" uuid NOT NULL,
	CONSTRAINT "team_task_mails_task_id_recipient_due_on_occasion_pk" PRIMARY KEY("task_id","recipient","due_on","occasion")
);
--> statement-breakpoint
CREATE TABLE "team_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"newcomer_email" text NOT NULL,
	"task_id" text NOT NULL,
	"role_key" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"who" text NOT NULL,
	"assignees" text[] DEFAULT '{}'::text[] NOT NULL,
	"appointment" boolean DEFAULT false NOT NULL,
	"due_on" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" text,
	"note" text,
	"closed_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "team_tasks_who" CHECK ("team_tasks"."who" in ('lead', 'buddy', 'admins', 'members')),
	CONSTRAINT "team_tasks_status" CHECK ("team_tasks"."status" in ('open', 'done', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "buddy" text;--> statement-breakpoint
CREATE UNIQUE INDEX "team_tasks_newcomer_task_idx" ON "team_tasks" USING btree ("newcomer_email","task_id");--> statement-breakpoint
CREATE INDEX "team_tasks_assignees_idx" ON "team_tasks" USING gin ("assignees");--> statement-breakpoint
CREATE INDEX "team_tasks_open_due_idx" ON "team_tasks" USING btree ("status","due_on");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind" CHECK ("mail_outbox"."kind" in ('reminder', 'digest', 'welcome', 'team-tasks'));