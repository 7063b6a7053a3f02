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
  class_teacher_remarks: SCHOOL,
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
  rating_traits: SCHOOL,
  referral_campaigns: SCHOOL,
  referral_codes: SCHOOL,
  referral_credits: SCHOOL,
  referral_withdrawals: SCHOOL,
  report_card_jobs: SCHOOL,
  report_card_remarks: SCHOOL,
  result_pin_batches: SCHOOL,
  result_pin_unlocks: SCHOOL,
  result_pins: SCHOOL,
  result_approval_steps: SCHOOL,
  result_class_approvals: SCHOOL,
  result_fee_gates: SCHOOL,
  result_publications: SCHOOL,
  result_settings: SCHOOL,
  result_sheet_submissions: SCHOOL,
  school_holidays: SCHOOL,
  school_report_card_job_parts: SCHOOL,
  school_report_card_jobs: SCHOOL,
  school_versions: SCHOOL,
  scores: SCHOOL,
  serial_code_batches: SCHOOL,
  serial_codes: SCHOOL,
  staff: SCHOOL,
  student_guardians: SCHOOL,
  student_ratings: SCHOOL,
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

/**
 * The columns of school and reference tables that hold an account's id, and what deleting the account
 * does to their rows. They have no foreign key (accounts are another group, ADR 0026), so the account
 * delete (lib/accounts.ts) does what the foreign keys did: `refuse` while such a row exists, `delete` the
 * rows, `keep` the id (an author shown as unknown). A schema test checks every such column is listed.
 */
export const ACCOUNT_REFERENCES: ReadonlyArray<{ table: string; column: string; onDelete: 'refuse' | 'delete' | 'keep' }> = [
  { table: 'staff', column: 'user_id', onDelete: 'refuse' },
  { table: 'students', column: 'user_id', onDelete: 'refuse' },
  { table: 'guardians', column: 'user_id', onDelete: 'refuse' },
  { table: 'referral_codes', column: 'user_id', onDelete: 'refuse' },
  { table: 'referral_credits', column: 'referrer_user_id', onDelete: 'refuse' },
  { table: 'referral_withdrawals', column: 'user_id', onDelete: 'refuse' },
  { table: 'notice_reads', column: 'user_id', onDelete: 'delete' },
  { table: 'result_pin_unlocks', column: 'user_id', onDelete: 'delete' },
  { table: 'admission_applications', column: 'decided_by_user_id', onDelete: 'keep' },
  { table: 'attendance_registers', column: 'taken_by_user_id', onDelete: 'keep' },
  { table: 'audit_log', column: 'user_id', onDelete: 'keep' },
  { table: 'invoice_lines', column: 'created_by_user_id', onDelete: 'keep' },
  { table: 'lesson_notes', column: 'reviewed_by_user_id', onDelete: 'keep' },
  { table: 'notices', column: 'created_by_user_id', onDelete: 'keep' },
  { table: 'payments', column: 'recorded_by_user_id', onDelete: 'keep' },
  { table: 'referral_campaigns', column: 'created_by_user_id', onDelete: 'keep' },
  { table: 'referral_withdrawals', column: 'decided_by_user_id', onDelete: 'keep' },
  { table: 'report_card_jobs', column: 'requested_by_user_id', onDelete: 'keep' },
  { table: 'report_card_remarks', column: 'updated_by_user_id', onDelete: 'keep' },
  { table: 'school_report_card_jobs', column: 'requested_by_user_id', onDelete: 'keep' },
  { table: 'result_pin_batches', column: 'created_by_user_id', onDelete: 'keep' },
  { table: 'result_publications', column: 'published_by_user_id', onDelete: 'keep' },
  { table: 'result_settings', column: 'updated_by_user_id', onDelete: 'keep' },
  { table: 'result_fee_gates', column: 'updated_by_user_id', onDelete: 'keep' },
  { table: 'scores', column: 'entered_by_user_id', onDelete: 'keep' },
  { table: 'serial_code_batches', column: 'created_by_user_id', onDelete: 'keep' },
  { table: 'student_ratings', column: 'updated_by_user_id', onDelete: 'keep' },
  { table: 'class_teacher_remarks', column: 'updated_by_user_id', onDelete: 'keep' },
  { table: 'result_approval_steps', column: 'updated_by_user_id', onDelete: 'keep' },
  { table: 'result_sheet_submissions', column: 'submitted_by_user_id', onDelete: 'keep' },
  { table: 'result_class_approvals', column: 'reviewed_by_user_id', onDelete: 'keep' },
  { table: 'result_class_approvals', column: 'approved_by_user_id', onDelete: 'keep' },
  { table: 'school_holidays', column: 'created_by_user_id', onDelete: 'keep' },
  { table: 'teacher_comments', column: 'author_user_id', onDelete: 'keep' },
  { table: 'uploads', column: 'uploaded_by_user_id', onDelete: 'keep' },
  { table: 'cameras', column: 'created_by_user_id', onDelete: 'keep' },
  { table: 'organisation_payment_keys', column: 'updated_by_user_id', onDelete: 'keep' },
];
