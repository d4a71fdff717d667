CREATE TABLE "acknowledgments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "acknowledgments_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"sign_in_method" text NOT NULL,
	"kind" text NOT NULL,
	"step_id" text NOT NULL,
	"item_id" text,
	"step_title" text NOT NULL,
	"step_version" integer NOT NULL,
	"text_hash" text NOT NULL,
	"document_hash" text,
	"signed_name" text,
	CONSTRAINT "acknowledgments_kind" CHECK ("acknowledgments"."kind" in ('item', 'completion', 'signature')),
	CONSTRAINT "acknowledgments_sign_in_method" CHECK ("acknowledgments"."sign_in_method" in ('development', 'google')),
	CONSTRAINT "acknowledgments_signed_name" CHECK (("acknowledgments"."kind" = 'signature') = ("acknowledgments"."signed_name" is not null))
);
--> statement-breakpoint
CREATE INDEX "acknowledgments_user_idx" ON "acknowledgments" USING btree ("user_id","step_id","seq");--> statement-breakpoint
CREATE INDEX "acknowledgments_at_idx" ON "acknowledgments" USING btree ("at","seq");--> statement-breakpoint
CREATE INDEX "acknowledgments_text_hash_idx" ON "acknowledgments" USING btree ("text_hash");--> statement-breakpoint
CREATE INDEX "acknowledgments_document_hash_idx" ON "acknowledgments" USING btree ("document_hash");--> statement-breakpoint
-- custom: the acknowledgment record is append-only; the database refuses to change or remove a row.
CREATE FUNCTION acknowledgments_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'acknowledgments are append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER acknowledgments_append_only BEFORE UPDATE OR DELETE ON "acknowledgments"
  FOR EACH STATEMENT EXECUTE FUNCTION acknowledgments_append_only();
--> statement-breakpoint
CREATE TRIGGER acknowledgments_no_truncate BEFORE TRUNCATE ON "acknowledgments"
  FOR EACH STATEMENT EXECUTE FUNCTION acknowledgments_append_only();
