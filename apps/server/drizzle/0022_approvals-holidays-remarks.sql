CREATE TABLE "class_teacher_remarks" (
	"school_id" uuid NOT NULL,
	"term_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"comment" text NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_teacher_remarks_school_id_term_id_student_id_pk" PRIMARY KEY("school_id","term_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "result_approval_steps" (
	"school_id" uuid PRIMARY KEY NOT NULL,
	"submission" boolean DEFAULT false NOT NULL,
	"review" boolean DEFAULT false NOT NULL,
	"approval" boolean DEFAULT false NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_class_approvals" (
	"school_id" uuid NOT NULL,
	"term_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"reviewed_by_user_id" uuid,
	"reviewed_by_name" text,
	"reviewed_at" timestamp with time zone,
	"approved_by_user_id" uuid,
	"approved_by_name" text,
	"approved_at" timestamp with time zone,
	"returned_by_name" text,
	"returned_at" timestamp with time zone,
	"return_note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_class_approvals_school_id_term_id_class_id_pk" PRIMARY KEY("school_id","term_id","class_id")
);
--> statement-breakpoint
CREATE TABLE "result_sheet_submissions" (
	"school_id" uuid NOT NULL,
	"term_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"submitted_by_user_id" uuid,
	"submitted_by_name" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_sheet_submissions_school_id_term_id_class_id_subject_id_pk" PRIMARY KEY("school_id","term_id","class_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "school_holidays" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_holidays_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "school_holidays_dates_check" CHECK ("school_holidays"."end_date" >= "school_holidays"."start_date")
);
--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "logo_upload_id" uuid;--> statement-breakpoint
ALTER TABLE "class_teacher_remarks" ADD CONSTRAINT "class_teacher_remarks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_teacher_remarks" ADD CONSTRAINT "class_teacher_remarks_school_id_term_id_terms_school_id_id_fk" FOREIGN KEY ("school_id","term_id") REFERENCES "public"."terms"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_teacher_remarks" ADD CONSTRAINT "class_teacher_remarks_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id","student_id") REFERENCES "public"."students"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_approval_steps" ADD CONSTRAINT "result_approval_steps_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_class_approvals" ADD CONSTRAINT "result_class_approvals_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_class_approvals" ADD CONSTRAINT "result_class_approvals_school_id_term_id_terms_school_id_id_fk" FOREIGN KEY ("school_id","term_id") REFERENCES "public"."terms"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_class_approvals" ADD CONSTRAINT "result_class_approvals_school_id_class_id_classes_school_id_id_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_sheet_submissions" ADD CONSTRAINT "result_sheet_submissions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_sheet_submissions" ADD CONSTRAINT "result_sheet_submissions_school_id_term_id_terms_school_id_id_fk" FOREIGN KEY ("school_id","term_id") REFERENCES "public"."terms"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_sheet_submissions" ADD CONSTRAINT "result_sheet_submissions_school_id_class_id_classes_school_id_id_fk" FOREIGN KEY ("school_id","class_id") REFERENCES "public"."classes"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_sheet_submissions" ADD CONSTRAINT "result_sheet_submissions_school_id_subject_id_subjects_school_id_id_fk" FOREIGN KEY ("school_id","subject_id") REFERENCES "public"."subjects"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_holidays" ADD CONSTRAINT "school_holidays_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "school_holidays_school_start_idx" ON "school_holidays" USING btree ("school_id","start_date");--> statement-breakpoint
CREATE CONSTRAINT TRIGGER school_version AFTER INSERT OR UPDATE OR DELETE ON "class_teacher_remarks" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_school_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER school_version AFTER INSERT OR UPDATE OR DELETE ON "result_approval_steps" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_school_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER school_version AFTER INSERT OR UPDATE OR DELETE ON "result_sheet_submissions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_school_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER school_version AFTER INSERT OR UPDATE OR DELETE ON "result_class_approvals" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_school_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER school_version AFTER INSERT OR UPDATE OR DELETE ON "school_holidays" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_school_version();
