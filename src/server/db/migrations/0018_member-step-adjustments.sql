CREATE TABLE "member_step_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "member_step_adjustments_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"step_id" text NOT NULL,
	"title" text,
	"description" text,
	"due_after_days" integer,
	"reason" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_step_adjustments_email_lower_case" CHECK ("member_step_adjustments"."email" = lower("member_step_adjustments"."email")),
	CONSTRAINT "member_step_adjustments_kind" CHECK ("member_step_adjustments"."kind" in ('extra', 'skip')),
	CONSTRAINT "member_step_adjustments_shape" CHECK (("member_step_adjustments"."kind" = 'extra' and "member_step_adjustments"."title" is not null and "member_step_adjustments"."description" is not null)
        or ("member_step_adjustments"."kind" = 'skip' and "member_step_adjustments"."reason" is not null and "member_step_adjustments"."due_after_days" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "member_step_adjustments_email_step_idx" ON "member_step_adjustments" USING btree ("email","step_id");--> statement-breakpoint
-- Written by hand (drizzle-kit knows no triggers): an adjustment changes the person's admin row (steps, percent).
CREATE TRIGGER "admin_members_adjustment" AFTER INSERT OR UPDATE OR DELETE ON "member_step_adjustments"
  FOR EACH ROW EXECUTE FUNCTION "admin_members_person_changed"();--> statement-breakpoint
CREATE TRIGGER "admin_members_adjustments_truncated" AFTER TRUNCATE ON "member_step_adjustments"
  FOR EACH STATEMENT EXECUTE FUNCTION "admin_members_all_changed"();
