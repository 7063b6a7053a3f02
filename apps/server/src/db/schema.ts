/**
 * The one PostgreSQL schema. Every table holding a school's data carries `school_id NOT NULL`, and
 * the indexes tenants use start with it (DESIGN.md section 1: the path to sharding by school).
 * Organisation-wide tables carry `organisation_id`.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const organisations = pgTable('organisations', {
  id: id(),
  name: text('name').notNull(),
  /** active | suspended (by the operator) */
  status: text('status').notNull().default('active'),
  suspendedReason: text('suspended_reason'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const schools = pgTable(
  'schools',
  {
    id: id(),
    organisationId: uuid('organisation_id').notNull().references(() => organisations.id),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    schoolType: text('school_type').notNull().default('Secondary'),
    /** Short code used in registration numbers, e.g. GFA/2023/0001 */
    code: text('code').notNull(),
    timeZone: text('time_zone').notNull().default('Africa/Lagos'),
    /** active | inactive (deactivated by the super administrator) */
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('schools_organisation_idx').on(t.organisationId)],
);

/**
 * One counter per school, raised once by every committed transaction that changes the school's data
 * (a deferred trigger on each table with `school_id`, migration 0012): the key under which figures
 * computed from that data are cached (lib/school-cache.ts, ADR 0021).
 */
export const schoolVersions = pgTable('school_versions', {
  // no foreign key: a counter needs none, and the trigger runs at commit, after any delete
  schoolId: uuid('school_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    organisationId: uuid('organisation_id').notNull().references(() => organisations.id),
    /** null only for a super administrator, who works across the organisation's schools */
    schoolId: uuid('school_id').references(() => schools.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    name: text('name').notNull(),
    phone: text('phone'),
    /** super_admin | admin | teacher | student | parent */
    role: text('role').notNull(),
    /** active | disabled */
    status: text('status').notNull().default('active'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    selectedAcademicSessionId: uuid('selected_academic_session_id'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_school_role_idx').on(t.schoolId, t.role),
    index('users_organisation_idx').on(t.organisationId),
  ],
);

/** Server-side login sessions; the cookie holds a random token, the table its SHA-256. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Fixed-window counters for rate limits that must hold across processes (sign-in by IP and account). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export const organisationSettings = pgTable('organisation_settings', {
  organisationId: uuid('organisation_id')
    .primaryKey()
    .references(() => organisations.id),
  /** { passwordMinLength, sessionIdleMinutes, maxLoginAttempts, ... } */
  settings: jsonb('settings').notNull().default({}),
  updatedAt: updatedAt(),
});

/** The permission matrix of an organisation (role → area → action → allowed). */
export const permissionMatrices = pgTable('permission_matrices', {
  organisationId: uuid('organisation_id')
    .primaryKey()
    .references(() => organisations.id),
  matrix: jsonb('matrix').notNull(),
  updatedAt: updatedAt(),
});

export const academicSessions = pgTable(
  'academic_sessions',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    /** Active | Inactive | Pending; exactly one Active per school */
    status: text('status').notNull().default('Pending'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('academic_sessions_school_name_unique').on(t.schoolId, t.name),
    uniqueIndex('academic_sessions_one_active').on(t.schoolId).where(sql`status = 'Active'`),
  ],
);

export const terms = pgTable(
  'terms',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    academicSessionId: uuid('academic_session_id')
      .notNull()
      .references(() => academicSessions.id, { onDelete: 'cascade' }),
    /** First | Second | Third */
    name: text('name').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
  },
  (t) => [
    uniqueIndex('terms_session_name_unique').on(t.schoolId, t.academicSessionId, t.name),
    uniqueIndex('terms_one_current').on(t.schoolId).where(sql`is_current`),
  ],
);

export const staff = pgTable(
  'staff',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    userId: uuid('user_id').references(() => users.id),
    /** Teacher | Principal | Non-academic staff | Gateman | Admin */
    staffType: text('staff_type').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    gender: text('gender'),
    address: text('address'),
    photoPath: text('photo_path'),
    employedOn: date('employed_on'),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('staff_school_idx').on(t.schoolId, t.staffType), uniqueIndex('staff_user_unique').on(t.userId)],
);

export const students = pgTable(
  'students',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    userId: uuid('user_id').references(() => users.id),
    registrationNo: text('registration_no').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    middleName: text('middle_name'),
    gender: text('gender').notNull(),
    dateOfBirth: date('date_of_birth'),
    stateOfOrigin: text('state_of_origin'),
    address: text('address'),
    photoPath: text('photo_path'),
    /** active | graduated | withdrawn */
    status: text('status').notNull().default('active'),
    admittedOn: date('admitted_on'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('students_school_reg_unique').on(t.schoolId, t.registrationNo),
    index('students_school_name_idx').on(t.schoolId, t.lastName, t.firstName),
    uniqueIndex('students_user_unique').on(t.userId),
  ],
);

export const guardians = pgTable(
  'guardians',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    userId: uuid('user_id').references(() => users.id),
    name: text('name').notNull(),
    relationship: text('relationship').notNull(),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    createdAt: createdAt(),
  },
  (t) => [index('guardians_school_idx').on(t.schoolId), index('guardians_user_idx').on(t.userId)],
);

export const studentGuardians = pgTable(
  'student_guardians',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    guardianId: uuid('guardian_id')
      .notNull()
      .references(() => guardians.id, { onDelete: 'cascade' }),
    isPrimary: boolean('is_primary').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.studentId, t.guardianId] }),
    index('student_guardians_guardian_idx').on(t.schoolId, t.guardianId),
  ],
);

export const classes = pgTable(
  'classes',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    academicSessionId: uuid('academic_session_id')
      .notNull()
      .references(() => academicSessions.id),
    /** Nursery 1 … SSS 3 */
    level: text('level').notNull(),
    arm: text('arm').notNull(),
    classTeacherId: uuid('class_teacher_id').references(() => staff.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('classes_session_level_arm_unique').on(t.schoolId, t.academicSessionId, t.level, t.arm)],
);

export const subjects = pgTable(
  'subjects',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('subjects_school_name_unique').on(t.schoolId, t.name)],
);

export const classSubjects = pgTable(
  'class_subjects',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    teacherId: uuid('teacher_id').references(() => staff.id),
  },
  (t) => [
    uniqueIndex('class_subjects_unique').on(t.schoolId, t.classId, t.subjectId),
    index('class_subjects_teacher_idx').on(t.schoolId, t.teacherId),
  ],
);

export const enrolments = pgTable(
  'enrolments',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    academicSessionId: uuid('academic_session_id')
      .notNull()
      .references(() => academicSessions.id),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('enrolments_student_session_unique').on(t.schoolId, t.academicSessionId, t.studentId),
    index('enrolments_class_idx').on(t.schoolId, t.classId),
  ],
);

/** A numeric code mailed to a new user; /auth/register exchanges it (once, before expiry) for a password. */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    schoolId: uuid('school_id').references(() => schools.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_user_idx').on(t.userId)],
);

/** Uploaded files: bytes on disk under a random name, metadata here; served only within the school. */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    schoolId: uuid('school_id').references(() => schools.id),
    uploadedByUserId: uuid('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** what the file is for: staff-photo, lesson-note, birth-certificate, payment-proof… */
    purpose: text('purpose').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_school_idx').on(t.schoolId, t.purpose)],
);

/** Every write: who, when, what, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    organisationId: uuid('organisation_id').references(() => organisations.id),
    schoolId: uuid('school_id').references(() => schools.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_school_created_idx').on(t.schoolId, t.createdAt),
    index('audit_log_org_created_idx').on(t.organisationId, t.createdAt),
  ],
);

/** Mail: sent over SMTP when configured, otherwise kept here (and printed in the log). */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    organisationId: uuid('organisation_id').references(() => organisations.id),
    schoolId: uuid('school_id').references(() => schools.id),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** pending | sent | failed | kept (no SMTP configured) */
    status: text('status').notNull().default('pending'),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_to_created_idx').on(t.to, t.createdAt)],
);
export * from './schema-organisations';
export * from './schema-timetable';
export * from './schema-lesson-notes';
export * from './schema-admissions';
export * from './schema-attendance';
export * from './schema-report-cards';
export * from './schema-results';
export * from './schema-finance';
export * from './schema-noticeboard';
export * from './schema-cameras';
export * from './schema-referrals';
