CREATE TABLE "result_publications" (
	"school_id" uuid NOT NULL,
	"term_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"published_by_user_id" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_publications_school_id_term_id_class_id_pk" PRIMARY KEY("school_id","term_id","class_id")
);
--> statement-breakpoint
CREATE TABLE "result_settings" (
	"school_id" uuid PRIMARY KEY NOT NULL,
	"test1_max" integer NOT NULL,
	"test2_max" integer NOT NULL,
	"assignment_max" integer NOT NULL,
	"exam_max" integer NOT NULL,
	"grading_scale" jsonb NOT NULL,
	"pass_mark" integer NOT NULL,
	"require_pin" boolean DEFAULT false NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_settings_maxima_sum" CHECK ("result_settings"."test1_max" + "result_settings"."test2_max" + "result_settings"."assignment_max" + "result_settings"."exam_max" = 100)
);
--> statement-breakpoint
CREATE TABLE "scores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"term_id" uuid NOT NULL,
	"test1" numeric(4, 1),
	"test2" numeric(4, 1),
	"assignment" numeric(4, 1),
	"exam" numeric(4, 1),
	"entered_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scores_test1_check" CHECK ((test1 is null or (test1 >= 0 and test1 * 2 = floor(test1 * 2)))),
	CONSTRAINT "scores_test2_check" CHECK ((test2 is null or (test2 >= 0 and test2 * 2 = floor(test2 * 2)))),
	CONSTRAINT "scores_assignment_check" CHECK ((assignment is null or (assignment >= 0 and assignment * 2 = floor(assignment * 2)))),
	CONSTRAINT "scores_exam_check" CHECK ((exam is null or (exam >= 0 and exam * 2 = floor(exam * 2))))
);
--> statement-breakpoint
ALTER TABLE "result_publications" ADD CONSTRAINT "result_publications_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_publications" ADD CONSTRAINT "result_publications_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_publications" ADD CONSTRAINT "result_publications_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_publications" ADD CONSTRAINT "result_publications_published_by_user_id_users_id_fk" FOREIGN KEY ("published_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_settings" ADD CONSTRAINT "result_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_settings" ADD CONSTRAINT "result_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_entered_by_user_id_users_id_fk" FOREIGN KEY ("entered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scores_term_student_subject_unique" ON "scores" USING btree ("school_id","term_id","student_id","subject_id");--> statement-breakpoint
CREATE INDEX "scores_school_student_idx" ON "scores" USING btree ("school_id","student_id");