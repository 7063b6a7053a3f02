CREATE TABLE "school_report_card_job_parts" (
	"school_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "school_report_card_job_parts_school_id_job_id_seq_pk" PRIMARY KEY("school_id","job_id","seq")
);
--> statement-breakpoint
CREATE TABLE "school_report_card_jobs" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"term_id" uuid NOT NULL,
	"requested_by_user_id" uuid,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"classes" integer DEFAULT 0 NOT NULL,
	"error" text,
	"file_name" text NOT NULL,
	"size" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "school_report_card_jobs_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "school_report_card_jobs_status_check" CHECK ("school_report_card_jobs"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "school_report_card_job_parts" ADD CONSTRAINT "school_report_card_job_parts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_report_card_job_parts" ADD CONSTRAINT "school_report_card_job_parts_job_fk" FOREIGN KEY ("school_id","job_id") REFERENCES "public"."school_report_card_jobs"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_report_card_jobs" ADD CONSTRAINT "school_report_card_jobs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_report_card_jobs" ADD CONSTRAINT "school_report_card_jobs_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "school_report_card_jobs_term_idx" ON "school_report_card_jobs" USING btree ("school_id","term_id","created_at");