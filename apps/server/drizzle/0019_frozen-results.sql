ALTER TABLE "result_publications" ADD COLUMN "results" jsonb;--> statement-breakpoint
ALTER TABLE "result_publications" ADD COLUMN "scores_changed_at" timestamp with time zone;