-- Accounts are another group on a sharded database (ADR 0026): the 28 foreign keys from school and reference tables
-- to users go. The ids stay; what deleting an account does to those rows is the account delete's (ACCOUNT_REFERENCES,
-- src/db/placement.ts): it refuses while a row holds the account, clears notice reads and PIN uses, keeps authors.
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "guardians" DROP CONSTRAINT "guardians_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "staff" DROP CONSTRAINT "staff_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "students" DROP CONSTRAINT "students_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_uploaded_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "lesson_notes" DROP CONSTRAINT "lesson_notes_reviewed_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "admission_applications" DROP CONSTRAINT "admission_applications_decided_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "serial_code_batches" DROP CONSTRAINT "serial_code_batches_created_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "attendance_registers" DROP CONSTRAINT "attendance_registers_taken_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "report_card_jobs" DROP CONSTRAINT "report_card_jobs_requested_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "report_card_remarks" DROP CONSTRAINT "report_card_remarks_updated_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "result_pin_batches" DROP CONSTRAINT "result_pin_batches_created_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "result_pin_unlocks" DROP CONSTRAINT "result_pin_unlocks_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "teacher_comments" DROP CONSTRAINT "teacher_comments_author_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "result_publications" DROP CONSTRAINT "result_publications_published_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "result_settings" DROP CONSTRAINT "result_settings_updated_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "scores" DROP CONSTRAINT "scores_entered_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_created_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "organisation_payment_keys" DROP CONSTRAINT "organisation_payment_keys_updated_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_recorded_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notice_reads" DROP CONSTRAINT "notice_reads_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notices" DROP CONSTRAINT "notices_created_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "cameras" DROP CONSTRAINT "cameras_created_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "referral_campaigns" DROP CONSTRAINT "referral_campaigns_created_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "referral_codes" DROP CONSTRAINT "referral_codes_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "referral_credits" DROP CONSTRAINT "referral_credits_referrer_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "referral_withdrawals" DROP CONSTRAINT "referral_withdrawals_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "referral_withdrawals" DROP CONSTRAINT "referral_withdrawals_decided_by_user_id_users_id_fk";
