CREATE TABLE "form_answers" (
	"user_id" uuid NOT NULL,
	"step_id" text NOT NULL,
	"version" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"sealed" text,
	"key_id" text,
	"saved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "form_answers_user_id_step_id_version_pk" PRIMARY KEY("user_id","step_id","version"),
	CONSTRAINT "form_answers_version" CHECK ("form_answers"."version" >= 0),
	CONSTRAINT "form_answers_sealed_key" CHECK (("form_answers"."sealed" is null) = ("form_answers"."key_id" is null))
);
--> statement-breakpoint
CREATE TABLE "quiz_tries" (
	"user_id" uuid NOT NULL,
	"step_id" text NOT NULL,
	"try" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"correct" integer NOT NULL,
	"total" integer NOT NULL,
	"passed" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "quiz_tries_user_id_step_id_try_pk" PRIMARY KEY("user_id","step_id","try"),
	CONSTRAINT "quiz_tries_try" CHECK ("quiz_tries"."try" >= 1)
);
--> statement-breakpoint
ALTER TABLE "form_answers" ADD CONSTRAINT "form_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_tries" ADD CONSTRAINT "quiz_tries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;