-- custom: the audit log is append-only, as the acknowledgment record is (0006); the database refuses to change or
-- remove an entry. docs/operations.md#editing-the-database-by-hand has the REVOKE that makes it a permission too.
-- One change is let through: the foreign key's ON DELETE SET NULL of actor_user_id, when a person's user record is
-- removed (the entry keeps actor_email, so it still says who acted); any other change of a row is refused.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE FUNCTION audit_log_only_actor_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.actor_user_id IS NOT NULL AND NEW.actor_user_id IS NULL
     AND (to_jsonb(NEW) - 'actor_user_id') = (to_jsonb(OLD) - 'actor_user_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'the audit log is append-only: UPDATE is not allowed' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_only_actor_removed();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
