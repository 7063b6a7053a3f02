CREATE TABLE "admission_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"registration_no" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"payment_status" text DEFAULT 'InComplete' NOT NULL,
	"serial_code_id" uuid,
	"guardian_name" text,
	"guardian_email" text NOT NULL,
	"guardian_phone" text NOT NULL,
	"guardian_address" text NOT NULL,
	"relationship" text NOT NULL,
	"name" text NOT NULL,
	"gender" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"ward_email" text,
	"phone" text NOT NULL,
	"state_of_origin" text NOT NULL,
	"prev_education" text NOT NULL,
	"institution" text NOT NULL,
	"institution_address" text NOT NULL,
	"attended_classes" text NOT NULL,
	"institution_contact_name" text NOT NULL,
	"institution_contact_phone" text NOT NULL,
	"class_level" text NOT NULL,
	"birth_certificate_upload_id" uuid,
	"student_id" uuid,
	"class_id" uuid,
	"academic_session_id" uuid,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admission_counters" (
	"school_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last_seq" integer NOT NULL,
	CONSTRAINT "admission_counters_school_id_year_pk" PRIMARY KEY("school_id","year")
);
--> statement-breakpoint
CREATE TABLE "application_tokens" (
	"school_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"serial_code_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_tokens_school_id_token_hash_pk" PRIMARY KEY("school_id","token_hash")
);
--> statement-breakpoint
CREATE TABLE "serial_code_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"price_kobo" integer NOT NULL,
	"expires_on" date NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "serial_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"code" text NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"application_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admission_applications" ADD CONSTRAINT "admission_applications_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_applications" ADD CONSTRAINT "admission_applications_serial_code_id_serial_codes_id_fk" FOREIGN KEY ("serial_code_id") REFERENCES "public"."serial_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_applications" ADD CONSTRAINT "admission_applications_birth_certificate_upload_id_uploads_id_fk" FOREIGN KEY ("birth_certificate_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_applications" ADD CONSTRAINT "admission_applications_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_applications" ADD CONSTRAINT "admission_applications_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_applications" ADD CONSTRAINT "admission_applications_academic_session_id_academic_sessions_id_fk" FOREIGN KEY ("academic_session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_applications" ADD CONSTRAINT "admission_applications_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_counters" ADD CONSTRAINT "admission_counters_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_tokens" ADD CONSTRAINT "application_tokens_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_tokens" ADD CONSTRAINT "application_tokens_serial_code_id_serial_codes_id_fk" FOREIGN KEY ("serial_code_id") REFERENCES "public"."serial_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_code_batches" ADD CONSTRAINT "serial_code_batches_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_code_batches" ADD CONSTRAINT "serial_code_batches_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_codes" ADD CONSTRAINT "serial_codes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_codes" ADD CONSTRAINT "serial_codes_batch_id_serial_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."serial_code_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admission_applications_school_reg_unique" ON "admission_applications" USING btree ("school_id","registration_no");--> statement-breakpoint
CREATE INDEX "admission_applications_school_status_idx" ON "admission_applications" USING btree ("school_id","status","created_at");--> statement-breakpoint
CREATE INDEX "application_tokens_code_idx" ON "application_tokens" USING btree ("school_id","serial_code_id");--> statement-breakpoint
CREATE INDEX "serial_code_batches_school_created_idx" ON "serial_code_batches" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "serial_codes_school_hash_unique" ON "serial_codes" USING btree ("school_id","code_hash");--> statement-breakpoint
CREATE INDEX "serial_codes_hash_idx" ON "serial_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "serial_codes_batch_idx" ON "serial_codes" USING btree ("school_id","batch_id");