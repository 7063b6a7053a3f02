-- Ready to shard (ADR 0026, issue 22): every school table keyed by school.
-- A row's id is unique within its school: the 33 primary keys (id) become (school_id, id); the 73 foreign
-- keys between school tables become (school_id, x_id) → (school_id, id), so no row can point into another
-- school and every join has the school on both sides; SET NULL ones null only their own column.
-- staff and students are unique per (school, account); uploads.school_id becomes NOT NULL.
-- serial_code_hashes (spread by the hash) takes over the public code check's lookup across schools.
-- Nothing is renumbered or lost: ids are UUIDs and stay. It stops first, naming what to fix, if a row
-- already breaks the new rules (an upload of no school, a reference into another school, a code in two).
-- audit_log and outbox keep (id) until their organisation-wide rows have their own tables (ADR 0026).
DO $$
DECLARE
  n bigint;
  problems text[] := '{}';
BEGIN
  SELECT count(*) INTO n FROM uploads WHERE school_id IS NULL;
  IF n > 0 THEN problems := problems || format('%s uploads of no school', n); END IF;
  SELECT count(*) INTO n FROM (SELECT code_hash FROM serial_codes GROUP BY code_hash HAVING count(*) > 1) twice;
  IF n > 0 THEN problems := problems || format('%s serial codes in more than one school', n); END IF;
  SELECT count(*) INTO n FROM "class_subjects" c JOIN "classes" p ON p.id = c."class_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s class_subjects.class_id → classes in another school', n); END IF;
  SELECT count(*) INTO n FROM "class_subjects" c JOIN "subjects" p ON p.id = c."subject_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s class_subjects.subject_id → subjects in another school', n); END IF;
  SELECT count(*) INTO n FROM "class_subjects" c JOIN "staff" p ON p.id = c."teacher_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s class_subjects.teacher_id → staff in another school', n); END IF;
  SELECT count(*) INTO n FROM "classes" c JOIN "academic_sessions" p ON p.id = c."academic_session_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s classes.academic_session_id → academic_sessions in another school', n); END IF;
  SELECT count(*) INTO n FROM "classes" c JOIN "staff" p ON p.id = c."class_teacher_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s classes.class_teacher_id → staff in another school', n); END IF;
  SELECT count(*) INTO n FROM "enrolments" c JOIN "academic_sessions" p ON p.id = c."academic_session_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s enrolments.academic_session_id → academic_sessions in another school', n); END IF;
  SELECT count(*) INTO n FROM "enrolments" c JOIN "classes" p ON p.id = c."class_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s enrolments.class_id → classes in another school', n); END IF;
  SELECT count(*) INTO n FROM "enrolments" c JOIN "students" p ON p.id = c."student_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s enrolments.student_id → students in another school', n); END IF;
  SELECT count(*) INTO n FROM "student_guardians" c JOIN "students" p ON p.id = c."student_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s student_guardians.student_id → students in another school', n); END IF;
  SELECT count(*) INTO n FROM "student_guardians" c JOIN "guardians" p ON p.id = c."guardian_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s student_guardians.guardian_id → guardians in another school', n); END IF;
  SELECT count(*) INTO n FROM "terms" c JOIN "academic_sessions" p ON p.id = c."academic_session_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s terms.academic_session_id → academic_sessions in another school', n); END IF;
  SELECT count(*) INTO n FROM "timetable_slots" c JOIN "academic_sessions" p ON p.id = c."academic_session_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s timetable_slots.academic_session_id → academic_sessions in another school', n); END IF;
  SELECT count(*) INTO n FROM "timetable_slots" c JOIN "classes" p ON p.id = c."class_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s timetable_slots.class_id → classes in another school', n); END IF;
  SELECT count(*) INTO n FROM "timetable_slots" c JOIN "class_subjects" p ON p.id = c."class_subject_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s timetable_slots.class_subject_id → class_subjects in another school', n); END IF;
  SELECT count(*) INTO n FROM "timetable_slots" c JOIN "staff" p ON p.id = c."teacher_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s timetable_slots.teacher_id → staff in another school', n); END IF;
  SELECT count(*) INTO n FROM "lesson_notes" c JOIN "staff" p ON p.id = c."teacher_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s lesson_notes.teacher_id → staff in another school', n); END IF;
  SELECT count(*) INTO n FROM "lesson_notes" c JOIN "classes" p ON p.id = c."class_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s lesson_notes.class_id → classes in another school', n); END IF;
  SELECT count(*) INTO n FROM "lesson_notes" c JOIN "subjects" p ON p.id = c."subject_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s lesson_notes.subject_id → subjects in another school', n); END IF;
  SELECT count(*) INTO n FROM "lesson_notes" c JOIN "terms" p ON p.id = c."term_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s lesson_notes.term_id → terms in another school', n); END IF;
  SELECT count(*) INTO n FROM "lesson_notes" c JOIN "uploads" p ON p.id = c."attachment_upload_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s lesson_notes.attachment_upload_id → uploads in another school', n); END IF;
  SELECT count(*) INTO n FROM "admission_applications" c JOIN "serial_codes" p ON p.id = c."serial_code_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s admission_applications.serial_code_id → serial_codes in another school', n); END IF;
  SELECT count(*) INTO n FROM "admission_applications" c JOIN "uploads" p ON p.id = c."birth_certificate_upload_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s admission_applications.birth_certificate_upload_id → uploads in another school', n); END IF;
  SELECT count(*) INTO n FROM "admission_applications" c JOIN "students" p ON p.id = c."student_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s admission_applications.student_id → students in another school', n); END IF;
  SELECT count(*) INTO n FROM "admission_applications" c JOIN "classes" p ON p.id = c."class_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s admission_applications.class_id → classes in another school', n); END IF;
  SELECT count(*) INTO n FROM "admission_applications" c JOIN "academic_sessions" p ON p.id = c."academic_session_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s admission_applications.academic_session_id → academic_sessions in another school', n); END IF;
  SELECT count(*) INTO n FROM "application_tokens" c JOIN "serial_codes" p ON p.id = c."serial_code_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s application_tokens.serial_code_id → serial_codes in another school', n); END IF;
  SELECT count(*) INTO n FROM "serial_codes" c JOIN "serial_code_batches" p ON p.id = c."batch_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s serial_codes.batch_id → serial_code_batches in another school', n); END IF;
  SELECT count(*) INTO n FROM "attendance_absence_notices" c JOIN "students" p ON p.id = c."student_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s attendance_absence_notices.student_id → students in another school', n); END IF;
  SELECT count(*) INTO n FROM "attendance_entries" c JOIN "attendance_registers" p ON p.id = c."register_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s attendance_entries.register_id → attendance_registers in another school', n); END IF;
  SELECT count(*) INTO n FROM "attendance_entries" c JOIN "students" p ON p.id = c."student_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s attendance_entries.student_id → students in another school', n); END IF;
  SELECT count(*) INTO n FROM "attendance_registers" c JOIN "classes" p ON p.id = c."class_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s attendance_registers.class_id → classes in another school', n); END IF;
  SELECT count(*) INTO n FROM "attendance_registers" c JOIN "terms" p ON p.id = c."term_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s attendance_registers.term_id → terms in another school', n); END IF;
  SELECT count(*) INTO n FROM "attendance_term_totals" c JOIN "terms" p ON p.id = c."term_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s attendance_term_totals.term_id → terms in another school', n); END IF;
  SELECT count(*) INTO n FROM "attendance_term_totals" c JOIN "students" p ON p.id = c."student_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s attendance_term_totals.student_id → students in another school', n); END IF;
  SELECT count(*) INTO n FROM "attendance_term_totals" c JOIN "classes" p ON p.id = c."class_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s attendance_term_totals.class_id → classes in another school', n); END IF;
  SELECT count(*) INTO n FROM "assignments" c JOIN "staff" p ON p.id = c."teacher_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s assignments.teacher_id → staff in another school', n); END IF;
  SELECT count(*) INTO n FROM "assignments" c JOIN "classes" p ON p.id = c."class_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s assignments.class_id → classes in another school', n); END IF;
  SELECT count(*) INTO n FROM "assignments" c JOIN "subjects" p ON p.id = c."subject_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s assignments.subject_id → subjects in another school', n); END IF;
  SELECT count(*) INTO n FROM "assignments" c JOIN "terms" p ON p.id = c."term_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s assignments.term_id → terms in another school', n); END IF;
  SELECT count(*) INTO n FROM "report_card_jobs" c JOIN "classes" p ON p.id = c."class_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s report_card_jobs.class_id → classes in another school', n); END IF;
  SELECT count(*) INTO n FROM "report_card_jobs" c JOIN "terms" p ON p.id = c."term_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s report_card_jobs.term_id → terms in another school', n); END IF;
  SELECT count(*) INTO n FROM "report_card_remarks" c JOIN "students" p ON p.id = c."student_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s report_card_remarks.student_id → students in another school', n); END IF;
  SELECT count(*) INTO n FROM "report_card_remarks" c JOIN "terms" p ON p.id = c."term_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s report_card_remarks.term_id → terms in another school', n); END IF;
  SELECT count(*) INTO n FROM "result_pin_unlocks" c JOIN "result_pins" p ON p.id = c."pin_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s result_pin_unlocks.pin_id → result_pins in another school', n); END IF;
  SELECT count(*) INTO n FROM "result_pin_unlocks" c JOIN "students" p ON p.id = c."student_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s result_pin_unlocks.student_id → students in another school', n); END IF;
  SELECT count(*) INTO n FROM "result_pin_unlocks" c JOIN "terms" p ON p.id = c."term_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s result_pin_unlocks.term_id → terms in another school', n); END IF;
  SELECT count(*) INTO n FROM "result_pins" c JOIN "result_pin_batches" p ON p.id = c."batch_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s result_pins.batch_id → result_pin_batches in another school', n); END IF;
  SELECT count(*) INTO n FROM "result_pins" c JOIN "students" p ON p.id = c."student_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s result_pins.student_id → students in another school', n); END IF;
  SELECT count(*) INTO n FROM "school_report_card_jobs" c JOIN "terms" p ON p.id = c."term_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s school_report_card_jobs.term_id → terms in another school', n); END IF;
  SELECT count(*) INTO n FROM "teacher_comments" c JOIN "students" p ON p.id = c."student_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s teacher_comments.student_id → students in another school', n); END IF;
  SELECT count(*) INTO n FROM "teacher_comments" c JOIN "terms" p ON p.id = c."term_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s teacher_comments.term_id → terms in another school', n); END IF;
  SELECT count(*) INTO n FROM "teacher_comments" c JOIN "classes" p ON p.id = c."class_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s teacher_comments.class_id → classes in another school', n); END IF;
  SELECT count(*) INTO n FROM "teacher_comments" c JOIN "subjects" p ON p.id = c."subject_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s teacher_comments.subject_id → subjects in another school', n); END IF;
  SELECT count(*) INTO n FROM "result_publications" c JOIN "terms" p ON p.id = c."term_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s result_publications.term_id → terms in another school', n); END IF;
  SELECT count(*) INTO n FROM "result_publications" c JOIN "classes" p ON p.id = c."class_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s result_publications.class_id → classes in another school', n); END IF;
  SELECT count(*) INTO n FROM "scores" c JOIN "students" p ON p.id = c."student_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s scores.student_id → students in another school', n); END IF;
  SELECT count(*) INTO n FROM "scores" c JOIN "subjects" p ON p.id = c."subject_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s scores.subject_id → subjects in another school', n); END IF;
  SELECT count(*) INTO n FROM "scores" c JOIN "terms" p ON p.id = c."term_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s scores.term_id → terms in another school', n); END IF;
  SELECT count(*) INTO n FROM "fee_items" c JOIN "terms" p ON p.id = c."term_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s fee_items.term_id → terms in another school', n); END IF;
  SELECT count(*) INTO n FROM "invoice_lines" c JOIN "invoices" p ON p.id = c."invoice_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s invoice_lines.invoice_id → invoices in another school', n); END IF;
  SELECT count(*) INTO n FROM "invoice_lines" c JOIN "fee_items" p ON p.id = c."fee_item_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s invoice_lines.fee_item_id → fee_items in another school', n); END IF;
  SELECT count(*) INTO n FROM "invoices" c JOIN "terms" p ON p.id = c."term_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s invoices.term_id → terms in another school', n); END IF;
  SELECT count(*) INTO n FROM "invoices" c JOIN "students" p ON p.id = c."student_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s invoices.student_id → students in another school', n); END IF;
  SELECT count(*) INTO n FROM "invoices" c JOIN "classes" p ON p.id = c."class_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s invoices.class_id → classes in another school', n); END IF;
  SELECT count(*) INTO n FROM "payments" c JOIN "invoices" p ON p.id = c."invoice_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s payments.invoice_id → invoices in another school', n); END IF;
  SELECT count(*) INTO n FROM "payments" c JOIN "students" p ON p.id = c."student_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s payments.student_id → students in another school', n); END IF;
  SELECT count(*) INTO n FROM "payments" c JOIN "uploads" p ON p.id = c."proof_upload_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s payments.proof_upload_id → uploads in another school', n); END IF;
  SELECT count(*) INTO n FROM "notice_reads" c JOIN "notices" p ON p.id = c."notice_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s notice_reads.notice_id → notices in another school', n); END IF;
  SELECT count(*) INTO n FROM "notices" c JOIN "classes" p ON p.id = c."class_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s notices.class_id → classes in another school', n); END IF;
  SELECT count(*) INTO n FROM "referral_codes" c JOIN "referral_campaigns" p ON p.id = c."campaign_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s referral_codes.campaign_id → referral_campaigns in another school', n); END IF;
  SELECT count(*) INTO n FROM "referral_credits" c JOIN "referral_campaigns" p ON p.id = c."campaign_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s referral_credits.campaign_id → referral_campaigns in another school', n); END IF;
  SELECT count(*) INTO n FROM "referral_credits" c JOIN "referral_codes" p ON p.id = c."referral_code_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s referral_credits.referral_code_id → referral_codes in another school', n); END IF;
  SELECT count(*) INTO n FROM "referral_credits" c JOIN "admission_applications" p ON p.id = c."application_id" WHERE p.school_id <> c.school_id;
  IF n > 0 THEN problems := problems || format('%s referral_credits.application_id → admission_applications in another school', n); END IF;
  IF cardinality(problems) > 0 THEN
    RAISE EXCEPTION 'migration 0015 (school keys) stopped, nothing changed: %', array_to_string(problems, '; ');
  END IF;
END
$$;
--> statement-breakpoint
CREATE TABLE "serial_code_hashes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"school_id" uuid NOT NULL,
	"serial_code_id" uuid NOT NULL
);
--> statement-breakpoint
-- every code so far, ids kept; from now on written with its batch
INSERT INTO "serial_code_hashes" ("code_hash", "school_id", "serial_code_id") SELECT "code_hash", "school_id", "id" FROM "serial_codes";
--> statement-breakpoint
DROP INDEX "serial_codes_hash_idx";
--> statement-breakpoint
ALTER TABLE "class_subjects" DROP CONSTRAINT "class_subjects_class_id_classes_id_fk";
--> statement-breakpoint
ALTER TABLE "class_subjects" DROP CONSTRAINT "class_subjects_subject_id_subjects_id_fk";
--> statement-breakpoint
ALTER TABLE "class_subjects" DROP CONSTRAINT "class_subjects_teacher_id_staff_id_fk";
--> statement-breakpoint
ALTER TABLE "classes" DROP CONSTRAINT "classes_academic_session_id_academic_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "classes" DROP CONSTRAINT "classes_class_teacher_id_staff_id_fk";
--> statement-breakpoint
ALTER TABLE "enrolments" DROP CONSTRAINT "enrolments_academic_session_id_academic_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "enrolments" DROP CONSTRAINT "enrolments_class_id_classes_id_fk";
--> statement-breakpoint
ALTER TABLE "enrolments" DROP CONSTRAINT "enrolments_student_id_students_id_fk";
--> statement-breakpoint
ALTER TABLE "student_guardians" DROP CONSTRAINT "student_guardians_student_id_students_id_fk";
--> statement-breakpoint
ALTER TABLE "student_guardians" DROP CONSTRAINT "student_guardians_guardian_id_guardians_id_fk";
--> statement-breakpoint
ALTER TABLE "terms" DROP CONSTRAINT "terms_academic_session_id_academic_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "timetable_slots" DROP CONSTRAINT "timetable_slots_academic_session_id_academic_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "timetable_slots" DROP CONSTRAINT "timetable_slots_class_id_classes_id_fk";
--> statement-breakpoint
ALTER TABLE "timetable_slots" DROP CONSTRAINT "timetable_slots_class_subject_id_class_subjects_id_fk";
--> statement-breakpoint
ALTER TABLE "timetable_slots" DROP CONSTRAINT "timetable_slots_teacher_id_staff_id_fk";
--> statement-breakpoint
ALTER TABLE "lesson_notes" DROP CONSTRAINT "lesson_notes_teacher_id_staff_id_fk";
--> statement-breakpoint
ALTER TABLE "lesson_notes" DROP CONSTRAINT "lesson_notes_class_id_classes_id_fk";
--> statement-breakpoint
ALTER TABLE "lesson_notes" DROP CONSTRAINT "lesson_notes_subject_id_subjects_id_fk";
--> statement-breakpoint
ALTER TABLE "lesson_notes" DROP CONSTRAINT "lesson_notes_term_id_terms_id_fk";
--> statement-breakpoint
ALTER TABLE "lesson_notes" DROP CONSTRAINT "lesson_notes_attachment_upload_id_uploads_id_fk";
--> statement-breakpoint
ALTER TABLE "admission_applications" DROP CONSTRAINT "admission_applications_serial_code_id_serial_codes_id_fk";
--> statement-breakpoint
ALTER TABLE "admission_applications" DROP CONSTRAINT "admission_applications_birth_certificate_upload_id_uploads_id_fk";
--> statement-breakpoint
ALTER TABLE "admission_applications" DROP CONSTRAINT "admission_applications_student_id_students_id_fk";
--> statement-breakpoint
ALTER TABLE "admission_applications" DROP CONSTRAINT "admission_applications_class_id_classes_id_fk";
--> statement-breakpoint
ALTER TABLE "admission_applications" DROP CONSTRAINT "admission_applications_academic_session_id_academic_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "application_tokens" DROP CONSTRAINT "application_tokens_serial_code_id_serial_codes_id_fk";
--> statement-breakpoint
ALTER TABLE "serial_codes" DROP CONSTRAINT "serial_codes_batch_id_serial_code_batches_id_fk";
--> statement-breakpoint
ALTER TABLE "attendance_absence_notices" DROP CONSTRAINT "attendance_absence_notices_student_id_students_id_fk";
--> statement-breakpoint
ALTER TABLE "attendance_entries" DROP CONSTRAINT "attendance_entries_register_id_attendance_registers_id_fk";
--> statement-breakpoint
ALTER TABLE "attendance_entries" DROP CONSTRAINT "attendance_entries_student_id_students_id_fk";
--> statement-breakpoint
ALTER TABLE "attendance_registers" DROP CONSTRAINT "attendance_registers_class_id_classes_id_fk";
--> statement-breakpoint
ALTER TABLE "attendance_registers" DROP CONSTRAINT "attendance_registers_term_id_terms_id_fk";
--> statement-breakpoint
ALTER TABLE "attendance_term_totals" DROP CONSTRAINT "attendance_term_totals_term_id_terms_id_fk";
--> statement-breakpoint
ALTER TABLE "attendance_term_totals" DROP CONSTRAINT "attendance_term_totals_student_id_students_id_fk";
--> statement-breakpoint
ALTER TABLE "attendance_term_totals" DROP CONSTRAINT "attendance_term_totals_class_id_classes_id_fk";
--> statement-breakpoint
ALTER TABLE "assignments" DROP CONSTRAINT "assignments_teacher_id_staff_id_fk";
--> statement-breakpoint
ALTER TABLE "assignments" DROP CONSTRAINT "assignments_class_id_classes_id_fk";
--> statement-breakpoint
ALTER TABLE "assignments" DROP CONSTRAINT "assignments_subject_id_subjects_id_fk";
--> statement-breakpoint
ALTER TABLE "assignments" DROP CONSTRAINT "assignments_term_id_terms_id_fk";
--> statement-breakpoint
ALTER TABLE "report_card_jobs" DROP CONSTRAINT "report_card_jobs_class_id_classes_id_fk";
--> statement-breakpoint
ALTER TABLE "report_card_jobs" DROP CONSTRAINT "report_card_jobs_term_id_terms_id_fk";
--> statement-breakpoint
ALTER TABLE "report_card_remarks" DROP CONSTRAINT "report_card_remarks_student_id_students_id_fk";
--> statement-breakpoint
ALTER TABLE "report_card_remarks" DROP CONSTRAINT "report_card_remarks_term_id_terms_id_fk";
--> statement-breakpoint
ALTER TABLE "result_pin_unlocks" DROP CONSTRAINT "result_pin_unlocks_pin_id_result_pins_id_fk";
--> statement-breakpoint
ALTER TABLE "result_pin_unlocks" DROP CONSTRAINT "result_pin_unlocks_student_id_students_id_fk";
--> statement-breakpoint
ALTER TABLE "result_pin_unlocks" DROP CONSTRAINT "result_pin_unlocks_term_id_terms_id_fk";
--> statement-breakpoint
ALTER TABLE "result_pins" DROP CONSTRAINT "result_pins_batch_id_result_pin_batches_id_fk";
--> statement-breakpoint
ALTER TABLE "result_pins" DROP CONSTRAINT "result_pins_student_id_students_id_fk";
--> statement-breakpoint
ALTER TABLE "school_report_card_jobs" DROP CONSTRAINT "school_report_card_jobs_term_id_terms_id_fk";
--> statement-breakpoint
ALTER TABLE "teacher_comments" DROP CONSTRAINT "teacher_comments_student_id_students_id_fk";
--> statement-breakpoint
ALTER TABLE "teacher_comments" DROP CONSTRAINT "teacher_comments_term_id_terms_id_fk";
--> statement-breakpoint
ALTER TABLE "teacher_comments" DROP CONSTRAINT "teacher_comments_class_id_classes_id_fk";
--> statement-breakpoint
ALTER TABLE "teacher_comments" DROP CONSTRAINT "teacher_comments_subject_id_subjects_id_fk";
--> statement-breakpoint
ALTER TABLE "result_publications" DROP CONSTRAINT "result_publications_term_id_terms_id_fk";
--> statement-breakpoint
ALTER TABLE "result_publications" DROP CONSTRAINT "result_publications_class_id_classes_id_fk";
--> statement-breakpoint
ALTER TABLE "scores" DROP CONSTRAINT "scores_student_id_students_id_fk";
--> statement-breakpoint
ALTER TABLE "scores" DROP CONSTRAINT "scores_subject_id_subjects_id_fk";
--> statement-breakpoint
ALTER TABLE "scores" DROP CONSTRAINT "scores_term_id_terms_id_fk";
--> statement-breakpoint
ALTER TABLE "fee_items" DROP CONSTRAINT "fee_items_term_id_terms_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_fee_item_id_fee_items_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_term_id_terms_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_student_id_students_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_class_id_classes_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_invoice_id_invoices_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_student_id_students_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_proof_upload_id_uploads_id_fk";
--> statement-breakpoint
ALTER TABLE "notice_reads" DROP CONSTRAINT "notice_reads_notice_id_notices_id_fk";
--> statement-breakpoint
ALTER TABLE "notices" DROP CONSTRAINT "notices_class_id_classes_id_fk";
--> statement-breakpoint
ALTER TABLE "referral_codes" DROP CONSTRAINT "referral_codes_campaign_id_referral_campaigns_id_fk";
--> statement-breakpoint
ALTER TABLE "referral_credits" DROP CONSTRAINT "referral_credits_campaign_id_referral_campaigns_id_fk";
--> statement-breakpoint
ALTER TABLE "referral_credits" DROP CONSTRAINT "referral_credits_referral_code_id_referral_codes_id_fk";
--> statement-breakpoint
ALTER TABLE "referral_credits" DROP CONSTRAINT "referral_credits_application_id_admission_applications_id_fk";
--> statement-breakpoint
ALTER TABLE "academic_sessions" DROP CONSTRAINT "academic_sessions_pkey", ADD CONSTRAINT "academic_sessions_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "class_subjects" DROP CONSTRAINT "class_subjects_pkey", ADD CONSTRAINT "class_subjects_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "classes" DROP CONSTRAINT "classes_pkey", ADD CONSTRAINT "classes_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "enrolments" DROP CONSTRAINT "enrolments_pkey", ADD CONSTRAINT "enrolments_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "guardians" DROP CONSTRAINT "guardians_pkey", ADD CONSTRAINT "guardians_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "staff" DROP CONSTRAINT "staff_pkey", ADD CONSTRAINT "staff_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "students" DROP CONSTRAINT "students_pkey", ADD CONSTRAINT "students_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "subjects" DROP CONSTRAINT "subjects_pkey", ADD CONSTRAINT "subjects_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "terms" DROP CONSTRAINT "terms_pkey", ADD CONSTRAINT "terms_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_pkey", ADD CONSTRAINT "uploads_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "timetable_slots" DROP CONSTRAINT "timetable_slots_pkey", ADD CONSTRAINT "timetable_slots_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "lesson_notes" DROP CONSTRAINT "lesson_notes_pkey", ADD CONSTRAINT "lesson_notes_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "admission_applications" DROP CONSTRAINT "admission_applications_pkey", ADD CONSTRAINT "admission_applications_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "serial_code_batches" DROP CONSTRAINT "serial_code_batches_pkey", ADD CONSTRAINT "serial_code_batches_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "serial_codes" DROP CONSTRAINT "serial_codes_pkey", ADD CONSTRAINT "serial_codes_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "attendance_registers" DROP CONSTRAINT "attendance_registers_pkey", ADD CONSTRAINT "attendance_registers_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "assignments" DROP CONSTRAINT "assignments_pkey", ADD CONSTRAINT "assignments_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "report_card_jobs" DROP CONSTRAINT "report_card_jobs_pkey", ADD CONSTRAINT "report_card_jobs_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "report_card_remarks" DROP CONSTRAINT "report_card_remarks_pkey", ADD CONSTRAINT "report_card_remarks_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "result_pin_batches" DROP CONSTRAINT "result_pin_batches_pkey", ADD CONSTRAINT "result_pin_batches_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "result_pin_unlocks" DROP CONSTRAINT "result_pin_unlocks_pkey", ADD CONSTRAINT "result_pin_unlocks_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "result_pins" DROP CONSTRAINT "result_pins_pkey", ADD CONSTRAINT "result_pins_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "teacher_comments" DROP CONSTRAINT "teacher_comments_pkey", ADD CONSTRAINT "teacher_comments_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "scores" DROP CONSTRAINT "scores_pkey", ADD CONSTRAINT "scores_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "fee_items" DROP CONSTRAINT "fee_items_pkey", ADD CONSTRAINT "fee_items_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_pkey", ADD CONSTRAINT "invoice_lines_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_pkey", ADD CONSTRAINT "invoices_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_pkey", ADD CONSTRAINT "payments_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "notices" DROP CONSTRAINT "notices_pkey", ADD CONSTRAINT "notices_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "referral_campaigns" DROP CONSTRAINT "referral_campaigns_pkey", ADD CONSTRAINT "referral_campaigns_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "referral_codes" DROP CONSTRAINT "referral_codes_pkey", ADD CONSTRAINT "referral_codes_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "referral_credits" DROP CONSTRAINT "referral_credits_pkey", ADD CONSTRAINT "referral_credits_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "referral_withdrawals" DROP CONSTRAINT "referral_withdrawals_pkey", ADD CONSTRAINT "referral_withdrawals_school_id_id_pk" PRIMARY KEY ("school_id", "id");
--> statement-breakpoint
DROP INDEX "staff_user_unique";
--> statement-breakpoint
CREATE UNIQUE INDEX "staff_user_unique" ON "staff" USING btree ("school_id", "user_id");
--> statement-breakpoint
DROP INDEX "students_user_unique";
--> statement-breakpoint
CREATE UNIQUE INDEX "students_user_unique" ON "students" USING btree ("school_id", "user_id");
--> statement-breakpoint
ALTER TABLE "uploads" ALTER COLUMN "school_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "class_subjects" ADD CONSTRAINT "class_subjects_school_id_class_id_classes_school_id_id_fk" FOREIGN KEY ("school_id", "class_id") REFERENCES "classes" ("school_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "class_subjects" ADD CONSTRAINT "class_subjects_school_id_subject_id_subjects_school_id_id_fk" FOREIGN KEY ("school_id", "subject_id") REFERENCES "subjects" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "class_subjects" ADD CONSTRAINT "class_subjects_school_id_teacher_id_staff_school_id_id_fk" FOREIGN KEY ("school_id", "teacher_id") REFERENCES "staff" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_school_id_academic_session_id_academic_sessions_school_id_id_fk" FOREIGN KEY ("school_id", "academic_session_id") REFERENCES "academic_sessions" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_school_id_class_teacher_id_staff_school_id_id_fk" FOREIGN KEY ("school_id", "class_teacher_id") REFERENCES "staff" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_school_id_academic_session_id_academic_sessions_school_id_id_fk" FOREIGN KEY ("school_id", "academic_session_id") REFERENCES "academic_sessions" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_school_id_class_id_classes_school_id_id_fk" FOREIGN KEY ("school_id", "class_id") REFERENCES "classes" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id", "student_id") REFERENCES "students" ("school_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "student_guardians" ADD CONSTRAINT "student_guardians_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id", "student_id") REFERENCES "students" ("school_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "student_guardians" ADD CONSTRAINT "student_guardians_school_id_guardian_id_guardians_school_id_id_fk" FOREIGN KEY ("school_id", "guardian_id") REFERENCES "guardians" ("school_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "terms" ADD CONSTRAINT "terms_school_id_academic_session_id_academic_sessions_school_id_id_fk" FOREIGN KEY ("school_id", "academic_session_id") REFERENCES "academic_sessions" ("school_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "timetable_slots" ADD CONSTRAINT "timetable_slots_school_id_academic_session_id_academic_sessions_school_id_id_fk" FOREIGN KEY ("school_id", "academic_session_id") REFERENCES "academic_sessions" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "timetable_slots" ADD CONSTRAINT "timetable_slots_school_id_class_id_classes_school_id_id_fk" FOREIGN KEY ("school_id", "class_id") REFERENCES "classes" ("school_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "timetable_slots" ADD CONSTRAINT "timetable_slots_school_id_class_subject_id_class_subjects_school_id_id_fk" FOREIGN KEY ("school_id", "class_subject_id") REFERENCES "class_subjects" ("school_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "timetable_slots" ADD CONSTRAINT "timetable_slots_school_id_teacher_id_staff_school_id_id_fk" FOREIGN KEY ("school_id", "teacher_id") REFERENCES "staff" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "lesson_notes" ADD CONSTRAINT "lesson_notes_school_id_teacher_id_staff_school_id_id_fk" FOREIGN KEY ("school_id", "teacher_id") REFERENCES "staff" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "lesson_notes" ADD CONSTRAINT "lesson_notes_school_id_class_id_classes_school_id_id_fk" FOREIGN KEY ("school_id", "class_id") REFERENCES "classes" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "lesson_notes" ADD CONSTRAINT "lesson_notes_school_id_subject_id_subjects_school_id_id_fk" FOREIGN KEY ("school_id", "subject_id") REFERENCES "subjects" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "lesson_notes" ADD CONSTRAINT "lesson_notes_school_id_term_id_terms_school_id_id_fk" FOREIGN KEY ("school_id", "term_id") REFERENCES "terms" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "lesson_notes" ADD CONSTRAINT "lesson_notes_school_id_attachment_upload_id_uploads_school_id_id_fk" FOREIGN KEY ("school_id", "attachment_upload_id") REFERENCES "uploads" ("school_id", "id") ON DELETE SET NULL ("attachment_upload_id");
--> statement-breakpoint
ALTER TABLE "admission_applications" ADD CONSTRAINT "admission_applications_school_id_serial_code_id_serial_codes_school_id_id_fk" FOREIGN KEY ("school_id", "serial_code_id") REFERENCES "serial_codes" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "admission_applications" ADD CONSTRAINT "admission_applications_school_id_birth_certificate_upload_id_uploads_school_id_id_fk" FOREIGN KEY ("school_id", "birth_certificate_upload_id") REFERENCES "uploads" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "admission_applications" ADD CONSTRAINT "admission_applications_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id", "student_id") REFERENCES "students" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "admission_applications" ADD CONSTRAINT "admission_applications_school_id_class_id_classes_school_id_id_fk" FOREIGN KEY ("school_id", "class_id") REFERENCES "classes" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "admission_applications" ADD CONSTRAINT "admission_applications_school_id_academic_session_id_academic_sessions_school_id_id_fk" FOREIGN KEY ("school_id", "academic_session_id") REFERENCES "academic_sessions" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "application_tokens" ADD CONSTRAINT "application_tokens_school_id_serial_code_id_serial_codes_school_id_id_fk" FOREIGN KEY ("school_id", "serial_code_id") REFERENCES "serial_codes" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "serial_codes" ADD CONSTRAINT "serial_codes_school_id_batch_id_serial_code_batches_school_id_id_fk" FOREIGN KEY ("school_id", "batch_id") REFERENCES "serial_code_batches" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "attendance_absence_notices" ADD CONSTRAINT "attendance_absence_notices_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id", "student_id") REFERENCES "students" ("school_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "attendance_entries" ADD CONSTRAINT "attendance_entries_school_id_register_id_attendance_registers_school_id_id_fk" FOREIGN KEY ("school_id", "register_id") REFERENCES "attendance_registers" ("school_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "attendance_entries" ADD CONSTRAINT "attendance_entries_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id", "student_id") REFERENCES "students" ("school_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "attendance_registers" ADD CONSTRAINT "attendance_registers_school_id_class_id_classes_school_id_id_fk" FOREIGN KEY ("school_id", "class_id") REFERENCES "classes" ("school_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "attendance_registers" ADD CONSTRAINT "attendance_registers_school_id_term_id_terms_school_id_id_fk" FOREIGN KEY ("school_id", "term_id") REFERENCES "terms" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "attendance_term_totals" ADD CONSTRAINT "attendance_term_totals_school_id_term_id_terms_school_id_id_fk" FOREIGN KEY ("school_id", "term_id") REFERENCES "terms" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "attendance_term_totals" ADD CONSTRAINT "attendance_term_totals_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id", "student_id") REFERENCES "students" ("school_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "attendance_term_totals" ADD CONSTRAINT "attendance_term_totals_school_id_class_id_classes_school_id_id_fk" FOREIGN KEY ("school_id", "class_id") REFERENCES "classes" ("school_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_school_id_teacher_id_staff_school_id_id_fk" FOREIGN KEY ("school_id", "teacher_id") REFERENCES "staff" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_school_id_class_id_classes_school_id_id_fk" FOREIGN KEY ("school_id", "class_id") REFERENCES "classes" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_school_id_subject_id_subjects_school_id_id_fk" FOREIGN KEY ("school_id", "subject_id") REFERENCES "subjects" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_school_id_term_id_terms_school_id_id_fk" FOREIGN KEY ("school_id", "term_id") REFERENCES "terms" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "report_card_jobs" ADD CONSTRAINT "report_card_jobs_school_id_class_id_classes_school_id_id_fk" FOREIGN KEY ("school_id", "class_id") REFERENCES "classes" ("school_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "report_card_jobs" ADD CONSTRAINT "report_card_jobs_school_id_term_id_terms_school_id_id_fk" FOREIGN KEY ("school_id", "term_id") REFERENCES "terms" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "report_card_remarks" ADD CONSTRAINT "report_card_remarks_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id", "student_id") REFERENCES "students" ("school_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "report_card_remarks" ADD CONSTRAINT "report_card_remarks_school_id_term_id_terms_school_id_id_fk" FOREIGN KEY ("school_id", "term_id") REFERENCES "terms" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "result_pin_unlocks" ADD CONSTRAINT "result_pin_unlocks_school_id_pin_id_result_pins_school_id_id_fk" FOREIGN KEY ("school_id", "pin_id") REFERENCES "result_pins" ("school_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "result_pin_unlocks" ADD CONSTRAINT "result_pin_unlocks_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id", "student_id") REFERENCES "students" ("school_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "result_pin_unlocks" ADD CONSTRAINT "result_pin_unlocks_school_id_term_id_terms_school_id_id_fk" FOREIGN KEY ("school_id", "term_id") REFERENCES "terms" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "result_pins" ADD CONSTRAINT "result_pins_school_id_batch_id_result_pin_batches_school_id_id_fk" FOREIGN KEY ("school_id", "batch_id") REFERENCES "result_pin_batches" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "result_pins" ADD CONSTRAINT "result_pins_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id", "student_id") REFERENCES "students" ("school_id", "id") ON DELETE SET NULL ("student_id");
--> statement-breakpoint
ALTER TABLE "school_report_card_jobs" ADD CONSTRAINT "school_report_card_jobs_school_id_term_id_terms_school_id_id_fk" FOREIGN KEY ("school_id", "term_id") REFERENCES "terms" ("school_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "teacher_comments" ADD CONSTRAINT "teacher_comments_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id", "student_id") REFERENCES "students" ("school_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "teacher_comments" ADD CONSTRAINT "teacher_comments_school_id_term_id_terms_school_id_id_fk" FOREIGN KEY ("school_id", "term_id") REFERENCES "terms" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "teacher_comments" ADD CONSTRAINT "teacher_comments_school_id_class_id_classes_school_id_id_fk" FOREIGN KEY ("school_id", "class_id") REFERENCES "classes" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "teacher_comments" ADD CONSTRAINT "teacher_comments_school_id_subject_id_subjects_school_id_id_fk" FOREIGN KEY ("school_id", "subject_id") REFERENCES "subjects" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "result_publications" ADD CONSTRAINT "result_publications_school_id_term_id_terms_school_id_id_fk" FOREIGN KEY ("school_id", "term_id") REFERENCES "terms" ("school_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "result_publications" ADD CONSTRAINT "result_publications_school_id_class_id_classes_school_id_id_fk" FOREIGN KEY ("school_id", "class_id") REFERENCES "classes" ("school_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id", "student_id") REFERENCES "students" ("school_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_school_id_subject_id_subjects_school_id_id_fk" FOREIGN KEY ("school_id", "subject_id") REFERENCES "subjects" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_school_id_term_id_terms_school_id_id_fk" FOREIGN KEY ("school_id", "term_id") REFERENCES "terms" ("school_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "fee_items" ADD CONSTRAINT "fee_items_school_id_term_id_terms_school_id_id_fk" FOREIGN KEY ("school_id", "term_id") REFERENCES "terms" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_school_id_invoice_id_invoices_school_id_id_fk" FOREIGN KEY ("school_id", "invoice_id") REFERENCES "invoices" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_school_id_fee_item_id_fee_items_school_id_id_fk" FOREIGN KEY ("school_id", "fee_item_id") REFERENCES "fee_items" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_school_id_term_id_terms_school_id_id_fk" FOREIGN KEY ("school_id", "term_id") REFERENCES "terms" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id", "student_id") REFERENCES "students" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_school_id_class_id_classes_school_id_id_fk" FOREIGN KEY ("school_id", "class_id") REFERENCES "classes" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_school_id_invoice_id_invoices_school_id_id_fk" FOREIGN KEY ("school_id", "invoice_id") REFERENCES "invoices" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_school_id_student_id_students_school_id_id_fk" FOREIGN KEY ("school_id", "student_id") REFERENCES "students" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_school_id_proof_upload_id_uploads_school_id_id_fk" FOREIGN KEY ("school_id", "proof_upload_id") REFERENCES "uploads" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_school_id_notice_id_notices_school_id_id_fk" FOREIGN KEY ("school_id", "notice_id") REFERENCES "notices" ("school_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_school_id_class_id_classes_school_id_id_fk" FOREIGN KEY ("school_id", "class_id") REFERENCES "classes" ("school_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_school_id_campaign_id_referral_campaigns_school_id_id_fk" FOREIGN KEY ("school_id", "campaign_id") REFERENCES "referral_campaigns" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "referral_credits" ADD CONSTRAINT "referral_credits_school_id_campaign_id_referral_campaigns_school_id_id_fk" FOREIGN KEY ("school_id", "campaign_id") REFERENCES "referral_campaigns" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "referral_credits" ADD CONSTRAINT "referral_credits_school_id_referral_code_id_referral_codes_school_id_id_fk" FOREIGN KEY ("school_id", "referral_code_id") REFERENCES "referral_codes" ("school_id", "id");
--> statement-breakpoint
ALTER TABLE "referral_credits" ADD CONSTRAINT "referral_credits_school_id_application_id_admission_applications_school_id_id_fk" FOREIGN KEY ("school_id", "application_id") REFERENCES "admission_applications" ("school_id", "id");
--> statement-breakpoint
-- the trigger that keeps a timetable slot's teacher joins classes and staff within the school too
CREATE OR REPLACE FUNCTION timetable_slots_follow_teacher() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  clash record;
BEGIN
  IF NEW.teacher_id IS NOT NULL THEN
    SELECT teacher.name AS teacher_name,
           other_class.level || ' ' || other_class.arm AS class_name,
           other.day,
           other.hour
      INTO clash
      FROM timetable_slots mine
      JOIN timetable_slots other
        ON other.school_id = mine.school_id
       AND other.academic_session_id = mine.academic_session_id
       AND other.teacher_id = NEW.teacher_id
       AND other.day = mine.day
       AND other.hour = mine.hour
       AND other.class_subject_id <> NEW.id
      JOIN classes other_class ON other_class.school_id = other.school_id AND other_class.id = other.class_id
      JOIN staff teacher ON teacher.school_id = NEW.school_id AND teacher.id = NEW.teacher_id
     WHERE mine.school_id = NEW.school_id
       AND mine.class_subject_id = NEW.id
     ORDER BY other.day, other.hour
     LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION USING
        ERRCODE = 'unique_violation',
        CONSTRAINT = 'timetable_slots_teacher_unique',
        MESSAGE = format('%s already teaches %s at %s %s:00 %s',
          clash.teacher_name,
          clash.class_name,
          (ARRAY['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])[clash.day],
          CASE WHEN clash.hour % 12 = 0 THEN 12 ELSE clash.hour % 12 END,
          CASE WHEN clash.hour < 12 THEN 'AM' ELSE 'PM' END);
    END IF;
  END IF;
  UPDATE timetable_slots
     SET teacher_id = NEW.teacher_id, updated_at = now()
   WHERE school_id = NEW.school_id AND class_subject_id = NEW.id;
  RETURN NEW;
END
$$;
