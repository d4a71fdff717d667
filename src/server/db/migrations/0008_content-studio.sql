CREATE TABLE "content_assets" (
	"sha256" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_draft" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"catalog" jsonb NOT NULL,
	"base_version" integer NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"catalog" jsonb NOT NULL,
	"kind" text NOT NULL,
	"restored_from" integer,
	"material_changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "content_versions_kind" CHECK ("content_versions"."kind" in ('publish', 'restore', 'import'))
);
--> statement-breakpoint
CREATE INDEX "content_assets_created_at_idx" ON "content_assets" USING btree ("created_at");