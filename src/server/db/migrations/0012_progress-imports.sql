CREATE TABLE "progress_imports" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"step_ids" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "progress_imports" ADD CONSTRAINT "progress_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;