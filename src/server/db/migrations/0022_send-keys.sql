CREATE TABLE "send_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"step_id" text NOT NULL,
	"kind" text NOT NULL,
	"fingerprint" text NOT NULL,
	"version" integer,
	"reply" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "send_keys_user_id_key_pk" PRIMARY KEY("user_id","key"),
	CONSTRAINT "send_keys_kind" CHECK ("send_keys"."kind" in ('form', 'quiz'))
);
--> statement-breakpoint
ALTER TABLE "send_keys" ADD CONSTRAINT "send_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "send_keys_at_idx" ON "send_keys" USING btree ("at");