CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"plan" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"transport" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"claim_token" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"subject" text,
	"text_body" text,
	"html_body" text,
	"last_error" text,
	"cancel_reason" text,
	CONSTRAINT "mail_outbox_kind" CHECK ("mail_outbox"."kind" in ('reminder', 'digest')),
	CONSTRAINT "mail_outbox_status" CHECK ("mail_outbox"."status" in ('pending', 'sending', 'sent', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "mail_reminder_steps" (
	"email" text NOT NULL,
	"step_id" text NOT NULL,
	"due_on" date NOT NULL,
	"occasion" integer NOT NULL,
	"outbox_id" uuid NOT NULL,
	CONSTRAINT "mail_reminder_steps_email_step_id_due_on_occasion_pk" PRIMARY KEY("email","step_id","due_on","occasion")
);
--> statement-breakpoint
CREATE TABLE "member_schedules" (
	"email" text PRIMARY KEY NOT NULL,
	"start_on" date,
	"reminders_paused" boolean DEFAULT false NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"digest_off" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_schedules_email_lower_case" CHECK ("member_schedules"."email" = lower("member_schedules"."email"))
);
--> statement-breakpoint
ALTER TABLE "admin_members" ADD COLUMN "start_on" date;--> statement-breakpoint
ALTER TABLE "admin_members" ADD COLUMN "first_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_members" ADD COLUMN "open_due_after_days" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_dedupe_key_idx" ON "mail_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_recipient_idx" ON "mail_outbox" USING btree ("recipient","seq");--> statement-breakpoint
CREATE INDEX "mail_outbox_seq_idx" ON "mail_outbox" USING btree ("seq");--> statement-breakpoint
-- Written by hand (drizzle-kit knows no triggers): a start date, pause or unsubscribe changes the person's admin row.
CREATE TRIGGER "admin_members_schedule" AFTER INSERT OR UPDATE OR DELETE ON "member_schedules"
  FOR EACH ROW EXECUTE FUNCTION "admin_members_person_changed"();--> statement-breakpoint
CREATE TRIGGER "admin_members_schedules_truncated" AFTER TRUNCATE ON "member_schedules"
  FOR EACH STATEMENT EXECUTE FUNCTION "admin_members_all_changed"();--> statement-breakpoint
-- The rows gained columns: recompute every row at the next read.
DELETE FROM "admin_members_state";
