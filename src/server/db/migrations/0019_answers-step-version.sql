ALTER TABLE "form_answers" ADD COLUMN "step_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_tries" ADD COLUMN "step_version" integer DEFAULT 1 NOT NULL;