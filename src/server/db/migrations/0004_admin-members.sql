CREATE TABLE "admin_members" (
	"email" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"role_key" text NOT NULL,
	"department" text NOT NULL,
	"department_key" text NOT NULL,
	"member_is_admin" boolean NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	"invited" boolean NOT NULL,
	"total_steps" integer NOT NULL,
	"completed_steps" integer NOT NULL,
	"percent" integer NOT NULL,
	"current_step_title" text,
	"current_step_key" text,
	"last_progress_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "admin_members_pending" (
	"email" text PRIMARY KEY NOT NULL,
	"changes" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_members_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"catalog" text NOT NULL,
	CONSTRAINT "admin_members_state_one_row" CHECK ("admin_members_state"."id" = 1)
);
--> statement-breakpoint
-- Written by hand below (drizzle-kit knows neither triggers nor storage parameters); docs/decisions/010.
-- Room on each page lets a recomputed row stay on its page (a HOT update): the embedded database never vacuums.
ALTER TABLE "admin_members" SET (fillfactor = 70);--> statement-breakpoint
-- Marks a person's row out of date; the admin module recomputes it when the table is next read.
CREATE FUNCTION "admin_members_touch"("address" text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "admin_members_pending" ("email") VALUES ("address")
  ON CONFLICT ("email") DO UPDATE SET "changes" = "admin_members_pending"."changes" + 1
$$;--> statement-breakpoint
CREATE FUNCTION "admin_members_person_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "admin_members_touch"(OLD."email");
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."email" IS DISTINCT FROM OLD."email") THEN
    PERFORM "admin_members_touch"(NEW."email");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "admin_members_user" AFTER INSERT OR UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "admin_members_person_changed"();--> statement-breakpoint
CREATE TRIGGER "admin_members_member" AFTER INSERT OR UPDATE OR DELETE ON "members"
  FOR EACH ROW EXECUTE FUNCTION "admin_members_person_changed"();--> statement-breakpoint
CREATE FUNCTION "admin_members_progress_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "admin_members_touch"("email") FROM "users" WHERE "id" = OLD."user_id";
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."user_id" IS DISTINCT FROM OLD."user_id") THEN
    PERFORM "admin_members_touch"("email") FROM "users" WHERE "id" = NEW."user_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "admin_members_progress" AFTER INSERT OR UPDATE OR DELETE ON "step_progress"
  FOR EACH ROW EXECUTE FUNCTION "admin_members_progress_changed"();--> statement-breakpoint
-- A truncated table leaves no rows to name: forget the catalog, so that every row is recomputed.
CREATE FUNCTION "admin_members_all_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "admin_members_state";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "admin_members_users_truncated" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "admin_members_all_changed"();--> statement-breakpoint
CREATE TRIGGER "admin_members_members_truncated" AFTER TRUNCATE ON "members"
  FOR EACH STATEMENT EXECUTE FUNCTION "admin_members_all_changed"();--> statement-breakpoint
CREATE TRIGGER "admin_members_progress_truncated" AFTER TRUNCATE ON "step_progress"
  FOR EACH STATEMENT EXECUTE FUNCTION "admin_members_all_changed"();
