CREATE TABLE "admin_member_progress" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"completed_steps" integer DEFAULT 0 NOT NULL,
	"current_step_title" text,
	"last_progress_at" timestamp with time zone,
	"catalog" text DEFAULT '' NOT NULL,
	"changes" bigint DEFAULT 1 NOT NULL,
	"counted_changes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_member_progress" ADD CONSTRAINT "admin_member_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "members_role_idx" ON "members" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
-- Written by hand below (drizzle-kit knows neither triggers nor storage parameters); docs/decisions/010.
-- Room on each page lets the frequent updates of a row stay on its page (HOT): the embedded database never vacuums.
ALTER TABLE "admin_member_progress" SET (fillfactor = 50);--> statement-breakpoint
-- Every user gets a row (to be computed); a change of role or address makes it out of date.
CREATE FUNCTION "admin_member_progress_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "admin_member_progress" ("user_id") VALUES (NEW."id") ON CONFLICT ("user_id") DO NOTHING;
  ELSIF NEW."role" IS DISTINCT FROM OLD."role" OR NEW."email" IS DISTINCT FROM OLD."email" THEN
    UPDATE "admin_member_progress" SET "changes" = "changes" + 1 WHERE "user_id" = NEW."id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "admin_member_progress_user" AFTER INSERT OR UPDATE OF "role", "email" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "admin_member_progress_user_changed"();--> statement-breakpoint
-- A member record overrides the user's role text: adding, changing or removing one changes the user's figures.
CREATE FUNCTION "admin_member_progress_member_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."role" IS NOT DISTINCT FROM OLD."role" AND NEW."email" IS NOT DISTINCT FROM OLD."email" THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE "admin_member_progress" SET "changes" = "changes" + 1
      WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "email" = OLD."email");
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE "admin_member_progress" SET "changes" = "changes" + 1
      WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "email" = NEW."email");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "admin_member_progress_member" AFTER INSERT OR DELETE OR UPDATE OF "role", "email" ON "members"
  FOR EACH ROW EXECUTE FUNCTION "admin_member_progress_member_changed"();--> statement-breakpoint
CREATE FUNCTION "admin_member_progress_progress_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "admin_member_progress" SET "changes" = "changes" + 1 WHERE "user_id" = OLD."user_id";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE "admin_member_progress" SET "changes" = "changes" + 1 WHERE "user_id" = NEW."user_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "admin_member_progress_progress" AFTER INSERT OR DELETE OR UPDATE ON "step_progress"
  FOR EACH ROW EXECUTE FUNCTION "admin_member_progress_progress_changed"();--> statement-breakpoint
CREATE FUNCTION "admin_member_progress_all_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "admin_member_progress" SET "changes" = "changes" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "admin_member_progress_progress_truncated" AFTER TRUNCATE ON "step_progress"
  FOR EACH STATEMENT EXECUTE FUNCTION "admin_member_progress_all_changed"();--> statement-breakpoint
CREATE TRIGGER "admin_member_progress_members_truncated" AFTER TRUNCATE ON "members"
  FOR EACH STATEMENT EXECUTE FUNCTION "admin_member_progress_all_changed"();--> statement-breakpoint
INSERT INTO "admin_member_progress" ("user_id") SELECT "id" FROM "users" ON CONFLICT ("user_id") DO NOTHING;
