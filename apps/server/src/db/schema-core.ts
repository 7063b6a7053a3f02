/**
 * The core tables every area leans on: organisations, schools and users, the academic calendar
 * (sessions, terms), people (staff, students, guardians), classes, subjects and enrolments, uploads,
 * the audit log and the mail outbox. Each area's tables live in schema-<area>.ts and import from
 * here (never from schema.ts, which only gathers them all).
 *
 * Every table holding a school's data carries `school_id NOT NULL`, and the indexes tenants use
 * start with it (DESIGN.md section 1: the path to sharding by school). Organisation-wide tables
 * carry `organisation_id`. The foreign-key columns that point at these tables (`schoolId()` …) are
 * defined beside them, so that every schema file spells them the same way.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid, type UpdateDeleteAction } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { inSchool } from './school-table';

export const organisations = pgTable('organisations', {
  id: id(),
  name: text('name').notNull(),
  /** active | suspended (by the operator) */
  status: text('status').notNull().default('active'),
  suspendedReason: text('suspended_reason'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The organisation a row belongs to. */
export const organisationId = () =>
  uuid('organisation_id')
    .notNull()
    .references(() => organisations.id);

/** The organisation of a row that may belong to none (written outside any organisation). */
export const nullableOrganisationId = () => uuid('organisation_id').references(() => organisations.id);

export const schools = pgTable(
  'schools',
  {
    id: id(),
    organisationId: organisationId(),
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
    /** The id of the school's logo upload (printed on report cards), or null. */
    logoUploadId: uuid('logo_upload_id'),
    /** active | inactive (deactivated by the super administrator) */
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('schools_organisation_idx').on(t.organisationId)],
);

/** The school a row belongs to: the column every tenant table carries and its indexes start with. */
export const schoolId = () =>
  uuid('school_id')
    .notNull()
    .references(() => schools.id);

/** The school of a row that may belong to the whole organisation instead (a super administrator's). */
export const nullableSchoolId = () => uuid('school_id').references(() => schools.id);

/**
 * One counter per school, raised once by every committed transaction that changes the school's data
 * (a deferred trigger on each table with `school_id`, migration 0012): the key under which figures
 * computed from that data are cached (lib/school-cache.ts, ADR 0021).
 */
export const schoolVersions = inSchool(
  pgTable('school_versions', {
    // no foreign key: a counter needs none, and the trigger runs at commit, after any delete
    schoolId: uuid('school_id').primaryKey(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  }),
);

export const users = pgTable(
  'users',
  {
    id: id(),
    organisationId: organisationId(),
    /** null only for a super administrator, who works across the organisation's schools */
    schoolId: nullableSchoolId(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    name: text('name').notNull(),
    phone: text('phone'),
    /** super_admin | admin | teacher | student | parent */
    role: text('role').notNull(),
    /** active | disabled */
    status: text('status').notNull().default('active'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamptz('locked_until'),
    selectedAcademicSessionId: uuid('selected_academic_session_id'),
    passwordChangedAt: timestamptz('password_changed_at'),
    lastLoginAt: timestamptz('last_login_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('users_school_role_idx').on(t.schoolId, t.role), index('users_organisation_idx').on(t.organisationId)],
);

/** The user a row is about or belongs to; `onDelete` says what becomes of the row when the user goes. */
export const userId = (onDelete?: UpdateDeleteAction) =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete });

/**
 * The user who did something (created, decided, uploaded …). No foreign key: the account lives in another
 * group on a sharded database (ADR 0026); a deleted account's id stays and reads as an unknown author.
 */
export const byUserId = (name: string) => uuid(name);

/** A person's sign-in account, when they have one. */
const accountUserId = () => uuid('user_id').references(() => users.id);

export const academicSessions = inSchool(
  pgTable(
    'academic_sessions',
    {
      id: id(),
      schoolId: schoolId(),
      name: text('name').notNull(),
      /** Active | Inactive | Pending; exactly one Active per school */
      status: text('status').notNull().default('Pending'),
      createdAt: createdAt(),
    },
    (t) => [
      uniqueIndex('academic_sessions_school_name_unique').on(t.schoolId, t.name),
      uniqueIndex('academic_sessions_one_active')
        .on(t.schoolId)
        .where(sql`status = 'Active'`),
    ],
  ),
);

/** The academic session (school year) a row belongs to. */
export const academicSessionId = (onDelete?: UpdateDeleteAction) =>
  uuid('academic_session_id')
    .notNull()
    .references(() => academicSessions.id, { onDelete });

export const terms = inSchool(
  pgTable(
    'terms',
    {
      id: id(),
      schoolId: schoolId(),
      academicSessionId: academicSessionId('cascade'),
      /** First | Second | Third */
      name: text('name').notNull(),
      startDate: date('start_date').notNull(),
      endDate: date('end_date').notNull(),
      isCurrent: boolean('is_current').notNull().default(false),
    },
    (t) => [
      uniqueIndex('terms_session_name_unique').on(t.schoolId, t.academicSessionId, t.name),
      uniqueIndex('terms_one_current')
        .on(t.schoolId)
        .where(sql`is_current`),
    ],
  ),
);

/** The term a row belongs to. */
export const termId = (onDelete?: UpdateDeleteAction) =>
  uuid('term_id')
    .notNull()
    .references(() => terms.id, { onDelete });

export const staff = inSchool(
  pgTable(
    'staff',
    {
      id: id(),
      schoolId: schoolId(),
      userId: accountUserId(),
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
    (t) => [index('staff_school_idx').on(t.schoolId, t.staffType), uniqueIndex('staff_user_unique').on(t.schoolId, t.userId)],
  ),
);

/** The staff record of the teacher who wrote or set a row. */
export const teacherId = () =>
  uuid('teacher_id')
    .notNull()
    .references(() => staff.id);

export const students = inSchool(
  pgTable(
    'students',
    {
      id: id(),
      schoolId: schoolId(),
      userId: accountUserId(),
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
      uniqueIndex('students_user_unique').on(t.schoolId, t.userId),
    ],
  ),
);

/** The student a row is about; `onDelete: 'cascade'` for rows that mean nothing without the student. */
export const studentId = (onDelete?: UpdateDeleteAction) =>
  uuid('student_id')
    .notNull()
    .references(() => students.id, { onDelete });

export const guardians = inSchool(
  pgTable(
    'guardians',
    {
      id: id(),
      schoolId: schoolId(),
      userId: accountUserId(),
      name: text('name').notNull(),
      relationship: text('relationship').notNull(),
      email: text('email'),
      phone: text('phone'),
      address: text('address'),
      createdAt: createdAt(),
    },
    (t) => [index('guardians_school_idx').on(t.schoolId), index('guardians_user_idx').on(t.userId)],
  ),
);

export const studentGuardians = inSchool(
  pgTable(
    'student_guardians',
    {
      schoolId: schoolId(),
      studentId: studentId('cascade'),
      guardianId: uuid('guardian_id')
        .notNull()
        .references(() => guardians.id, { onDelete: 'cascade' }),
      isPrimary: boolean('is_primary').notNull().default(true),
    },
    (t) => [primaryKey({ columns: [t.schoolId, t.studentId, t.guardianId] }), index('student_guardians_guardian_idx').on(t.schoolId, t.guardianId)],
  ),
);

export const classes = inSchool(
  pgTable(
    'classes',
    {
      id: id(),
      schoolId: schoolId(),
      academicSessionId: academicSessionId(),
      /** Nursery 1 … SSS 3 */
      level: text('level').notNull(),
      arm: text('arm').notNull(),
      classTeacherId: uuid('class_teacher_id').references(() => staff.id),
      createdAt: createdAt(),
    },
    (t) => [uniqueIndex('classes_session_level_arm_unique').on(t.schoolId, t.academicSessionId, t.level, t.arm)],
  ),
);

/** The class a row belongs to. */
export const classId = (onDelete?: UpdateDeleteAction) =>
  uuid('class_id')
    .notNull()
    .references(() => classes.id, { onDelete });

export const subjects = inSchool(
  pgTable(
    'subjects',
    {
      id: id(),
      schoolId: schoolId(),
      name: text('name').notNull(),
      code: text('code').notNull(),
      createdAt: createdAt(),
    },
    (t) => [uniqueIndex('subjects_school_name_unique').on(t.schoolId, t.name)],
  ),
);

/** The subject a row is about. */
export const subjectId = () =>
  uuid('subject_id')
    .notNull()
    .references(() => subjects.id);

export const classSubjects = inSchool(
  pgTable(
    'class_subjects',
    {
      id: id(),
      schoolId: schoolId(),
      classId: classId('cascade'),
      subjectId: subjectId(),
      teacherId: uuid('teacher_id').references(() => staff.id),
    },
    (t) => [uniqueIndex('class_subjects_unique').on(t.schoolId, t.classId, t.subjectId), index('class_subjects_teacher_idx').on(t.schoolId, t.teacherId)],
  ),
);

export const enrolments = inSchool(
  pgTable(
    'enrolments',
    {
      id: id(),
      schoolId: schoolId(),
      academicSessionId: academicSessionId(),
      classId: classId(),
      studentId: studentId('cascade'),
      createdAt: createdAt(),
    },
    (t) => [
      uniqueIndex('enrolments_student_session_unique').on(t.schoolId, t.academicSessionId, t.studentId),
      index('enrolments_class_idx').on(t.schoolId, t.classId),
      // a student's classes over the years (results, dashboards, attendance summaries): 15,000 rows scanned without it
      index('enrolments_student_idx').on(t.schoolId, t.studentId),
    ],
  ),
);

/** Uploaded files: bytes on disk under a random name, metadata here; served only within the school. */
export const uploads = inSchool(
  pgTable(
    'uploads',
    {
      id: id(),
      organisationId: organisationId(),
      schoolId: schoolId(),
      uploadedByUserId: byUserId('uploaded_by_user_id'),
      /** what the file is for: staff-photo, lesson-note, birth-certificate, payment-proof… */
      purpose: text('purpose').notNull(),
      originalName: text('original_name').notNull(),
      mimeType: text('mime_type').notNull(),
      sizeBytes: integer('size_bytes').notNull(),
      storageKey: text('storage_key').notNull(),
      createdAt: createdAt(),
    },
    (t) => [index('uploads_school_idx').on(t.schoolId, t.purpose)],
  ),
);

/** Every write: who, when, what, before and after. */
/** What an audit entry says: the same in a school's audit_log and in the organisation's own. */
const auditEntry = () => ({
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: text('entity_id'),
  before: jsonb('before'),
  after: jsonb('after'),
  ip: text('ip'),
  createdAt: createdAt(),
});

/** A mail and its delivery: the same in a school's outbox and in the organisation's own. */
const mail = () => ({
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  /** pending | sent | failed | kept (no SMTP configured) */
  status: text('status').notNull().default('pending'),
  error: text('error'),
  createdAt: createdAt(),
  sentAt: timestamptz('sent_at'),
});

export const auditLog = inSchool(
  pgTable(
    'audit_log',
    {
      id: id(),
      organisationId: nullableOrganisationId(),
      schoolId: schoolId(),
      userId: byUserId('user_id'),
      ...auditEntry(),
    },
    (t) => [index('audit_log_school_created_idx').on(t.schoolId, t.createdAt), index('audit_log_org_created_idx').on(t.organisationId, t.createdAt)],
  ),
);

/**
 * The audit rows of no school: what a super administrator or the operator did to the organisation itself
 * (its settings, schools, cameras, accounts of no school). Kept apart from the schools' audit_log so that
 * each is spread by its own key on a sharded database (ADR 0026); the audit page reads both.
 */
export const organisationAuditLog = pgTable(
  'organisation_audit_log',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: organisationId(),
    // the account is of another group (ADR 0026): its id is kept, without a foreign key
    userId: uuid('user_id'),
    ...auditEntry(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.id] }), index('organisation_audit_log_created_idx').on(t.organisationId, t.createdAt)],
);

export const outbox = inSchool(
  pgTable(
    'outbox',
    {
      id: id(),
      organisationId: nullableOrganisationId(),
      schoolId: schoolId(),
      ...mail(),
    },
    (t) => [index('outbox_to_created_idx').on(t.to, t.createdAt)],
  ),
);

/** Mail to an account of no school (a super administrator), kept apart from the schools' outbox (ADR 0026). */
export const organisationOutbox = pgTable(
  'organisation_outbox',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: organisationId(),
    ...mail(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.id] }), index('organisation_outbox_to_created_idx').on(t.to, t.createdAt)],
);
