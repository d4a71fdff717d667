-- Every statement that writes team_tasks announces 'team-tasks' on the change feed's channel when it commits
-- (db/changes.ts), so that the read cache's "My tasks" answers are forgotten whoever wrote the table.
CREATE OR REPLACE FUNCTION "announce_team_tasks_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('onboarding_changes', 'team-tasks');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "team_tasks_announce" AFTER INSERT OR UPDATE OR DELETE ON "team_tasks"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_team_tasks_change"();
--> statement-breakpoint
CREATE TRIGGER "team_tasks_announce_truncated" AFTER TRUNCATE ON "team_tasks"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_team_tasks_change"();
