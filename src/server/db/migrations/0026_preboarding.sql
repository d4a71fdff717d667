CREATE TABLE "preboarding_answers" (
	"email" text NOT NULL,
	"step_id" text NOT NULL,
	"version" integer NOT NULL,
	"step_version" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"sealed" text,
	"key_id" text,
	"saved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "preboarding_answers_email_step_id_version_pk" PRIMARY KEY("email","step_id","version"),
	CONSTRAINT "preboarding_answers_version" CHECK ("preboarding_answers"."version" in (0, 1)),
	CONSTRAINT "preboarding_answers_sealed_key" CHECK (("preboarding_answers"."sealed" is null) = ("preboarding_answers"."key_id" is null))
);
--> statement-breakpoint
CREATE TABLE "preboarding_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"private_email" text NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"token_hash" text NOT NULL,
	"outbox_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_reason" text,
	CONSTRAINT "preboarding_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "preboarding_records" (
	"email" text PRIMARY KEY NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_forms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"preferences" jsonb,
	"first_opened_at" timestamp with time zone,
	"joined_at" timestamp with time zone,
	"joined_user_id" uuid,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preboarding_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"link_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind";--> statement-breakpoint
ALTER TABLE "preboarding_sessions" ADD CONSTRAINT "preboarding_sessions_link_id_preboarding_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."preboarding_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preboarding_links_email_idx" ON "preboarding_links" USING btree ("email");--> statement-breakpoint
CREATE INDEX "preboarding_sessions_email_idx" ON "preboarding_sessions" USING btree ("email");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind" CHECK ("mail_outbox"."kind" in ('reminder', 'digest', 'welcome', 'team-tasks', 'preboarding', 'preboarding-link'));