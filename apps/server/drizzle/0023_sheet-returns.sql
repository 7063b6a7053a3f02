ALTER TABLE "result_sheet_submissions" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "result_sheet_submissions" ADD COLUMN "returned_by_name" text;--> statement-breakpoint
ALTER TABLE "result_sheet_submissions" ADD COLUMN "return_note" text;