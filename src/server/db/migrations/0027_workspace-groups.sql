ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind";--> statement-breakpoint
ALTER TABLE "workspace_mappings" DROP CONSTRAINT "workspace_mappings_kind";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind" CHECK ("mail_outbox"."kind" in ('reminder', 'digest', 'welcome', 'team-tasks', 'preboarding', 'preboarding-link', 'workspace-password'));--> statement-breakpoint
ALTER TABLE "workspace_mappings" ADD CONSTRAINT "workspace_mappings_kind" CHECK ("workspace_mappings"."kind" in ('org-unit', 'group'));