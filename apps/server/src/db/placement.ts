/**
 * Where every table lives on a distributed PostgreSQL (ADR 0026, docs/SCALING.md §1): distributed by
 * `school_id` (the school group, all colocated), a reference table (a copy on every node), the user group
 * (distributed by the account's id) or another key. The statement-scope check (src/test/statement-scope.ts)
 * reads it to decide what each statement must name, and the schema test checks every table is placed.
 */
export type Placement =
  { group: 'school'; key: 'school_id' } | { group: 'reference' } | { group: 'user'; key: 'id' | 'user_id' } | { group: 'other'; key: string };

const SCHOOL: Placement = { group: 'school', key: 'school_id' };
const REFERENCE: Placement = { group: 'reference' };

export const PLACEMENT: Record<string, Placement> = {
  // school group: every row is one school's; create_distributed_table(t, 'school_id'), colocated
  academic_sessions: SCHOOL,
  admission_applications: SCHOOL,
  admission_counters: SCHOOL,
  application_tokens: SCHOOL,
  assignments: SCHOOL,
  attendance_absence_notices: SCHOOL,
  attendance_entries: SCHOOL,
  attendance_registers: SCHOOL,
  attendance_settings: SCHOOL,
  attendance_term_totals: SCHOOL,
  audit_log: SCHOOL,
  camera_schools: SCHOOL,
  class_subjects: SCHOOL,
  classes: SCHOOL,
  enrolments: SCHOOL,
  fee_items: SCHOOL,
  finance_counters: SCHOOL,
  guardians: SCHOOL,
  invoice_lines: SCHOOL,
  invoices: SCHOOL,
  lesson_notes: SCHOOL,
  notice_reads: SCHOOL,
  notices: SCHOOL,
  outbox: SCHOOL,
  payments: SCHOOL,
  referral_campaigns: SCHOOL,
  referral_codes: SCHOOL,
  referral_credits: SCHOOL,
  referral_withdrawals: SCHOOL,
  report_card_jobs: SCHOOL,
  report_card_remarks: SCHOOL,
  result_pin_batches: SCHOOL,
  result_pin_unlocks: SCHOOL,
  result_pins: SCHOOL,
  result_publications: SCHOOL,
  result_settings: SCHOOL,
  school_report_card_job_parts: SCHOOL,
  school_report_card_jobs: SCHOOL,
  school_versions: SCHOOL,
  scores: SCHOOL,
  serial_code_batches: SCHOOL,
  serial_codes: SCHOOL,
  staff: SCHOOL,
  student_guardians: SCHOOL,
  students: SCHOOL,
  subjects: SCHOOL,
  teacher_comments: SCHOOL,
  terms: SCHOOL,
  timetable_slots: SCHOOL,
  uploads: SCHOOL,
  // reference: small, rarely written, joined with every request
  cameras: REFERENCE,
  organisation_payment_keys: REFERENCE,
  organisation_settings: REFERENCE,
  organisations: REFERENCE,
  permission_matrices: REFERENCE,
  schools: REFERENCE,
  // user group: an account spans schools (a proprietor, a parent of children in two schools)
  users: { group: 'user', key: 'id' },
  user_profiles: { group: 'user', key: 'user_id' },
  invitations: { group: 'user', key: 'user_id' },
  auth_sessions: { group: 'user', key: 'user_id' },
  password_reset_tokens: { group: 'user', key: 'user_id' },
  // other keys
  camera_clips: { group: 'other', key: 'camera_id' },
  rate_limits: { group: 'other', key: 'key' },
  serial_code_hashes: { group: 'other', key: 'code_hash' },
  user_emails: { group: 'other', key: 'email' },
  // the rows of no school, spread by organisation (colocated with each other)
  organisation_audit_log: { group: 'other', key: 'organisation_id' },
  organisation_outbox: { group: 'other', key: 'organisation_id' },
};
