CREATE TABLE "step_item_progress" (
	"user_id" uuid NOT NULL,
	"step_id" text NOT NULL,
	"item_id" text NOT NULL,
	"kind" text NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "step_item_progress_user_id_step_id_item_id_pk" PRIMARY KEY("user_id","step_id","item_id"),
	CONSTRAINT "step_item_progress_kind" CHECK ("step_item_progress"."kind" in ('checklist', 'acknowledgment'))
);
--> statement-breakpoint
ALTER TABLE "step_item_progress" ADD CONSTRAINT "step_item_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;