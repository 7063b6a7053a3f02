/**
 * Tables of the admissions area: serial codes (the admission-form "scratch cards"), the short-lived
 * tokens an accepted code hands to the applicant, the applications, and the per-school counter of
 * registration numbers.
 */
import { date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { academicSessions, byUserId, classes, schoolId, students, uploads } from './schema-core';
import { inSchool } from './school-table';

export const serialCodeBatches = inSchool(
  pgTable(
    'serial_code_batches',
    {
      id: id(),
      schoolId: schoolId(),
      quantity: integer('quantity').notNull(),
      priceKobo: integer('price_kobo').notNull(),
      /** Codes work up to the end of this day, in the school's time zone. */
      expiresOn: date('expires_on').notNull(),
      createdByUserId: byUserId('created_by_user_id'),
      createdAt: createdAt(),
    },
    (t) => [index('serial_code_batches_school_created_idx').on(t.schoolId, t.createdAt)],
  ),
);

export const serialCodes = inSchool(
  pgTable(
    'serial_codes',
    {
      id: id(),
      schoolId: schoolId(),
      batchId: uuid('batch_id')
        .notNull()
        .references(() => serialCodeBatches.id),
      /** Kept so that the school can print and sell the codes; each works once, for this school only. */
      code: text('code').notNull(),
      /** SHA-256 of the code: what /auth/serial-code looks up. */
      codeHash: text('code_hash').notNull(),
      usedAt: timestamptz('used_at'),
      applicationId: uuid('application_id'),
      createdAt: createdAt(),
    },
    (t) => [uniqueIndex('serial_codes_school_hash_unique').on(t.schoolId, t.codeHash), index('serial_codes_batch_idx').on(t.schoolId, t.batchId)],
  ),
);

/**
 * Which school a serial code is of, by its hash: the applicant types only the code, so the public check
 * (ADR 0010) starts here, then reads the code in its school. One row per code, written with its batch;
 * the key makes a code unique across every school. On a sharded database it is spread by the hash
 * (ADR 0026), so the lookup goes to one node without knowing the school.
 */
export const serialCodeHashes = pgTable('serial_code_hashes', {
  codeHash: text('code_hash').primaryKey(),
  schoolId: uuid('school_id').notNull(),
  serialCodeId: uuid('serial_code_id').notNull(),
});

/** Handed out when a code is accepted; the application form sends it back. The token names its school. */
export const applicationTokens = inSchool(
  pgTable(
    'application_tokens',
    {
      schoolId: schoolId(),
      tokenHash: text('token_hash').notNull(),
      serialCodeId: uuid('serial_code_id')
        .notNull()
        .references(() => serialCodes.id),
      expiresAt: timestamptz('expires_at').notNull(),
      usedAt: timestamptz('used_at'),
      ip: text('ip'),
      createdAt: createdAt(),
    },
    (t) => [primaryKey({ columns: [t.schoolId, t.tokenHash] }), index('application_tokens_code_idx').on(t.schoolId, t.serialCodeId)],
  ),
);

export const admissionApplications = inSchool(
  pgTable(
    'admission_applications',
    {
      id: id(),
      schoolId: schoolId(),
      /** PREFIX/YEAR/SEQ, carried over to the student when accepted. */
      registrationNo: text('registration_no').notNull(),
      /** Pending | Accepted | Rejected | Archived */
      status: text('status').notNull().default('Pending'),
      /** Complete | InComplete: whether the acceptance fee is paid. */
      paymentStatus: text('payment_status').notNull().default('InComplete'),
      serialCodeId: uuid('serial_code_id').references(() => serialCodes.id),
      // guardian
      guardianName: text('guardian_name'),
      guardianEmail: text('guardian_email').notNull(),
      guardianPhone: text('guardian_phone').notNull(),
      guardianAddress: text('guardian_address').notNull(),
      relationship: text('relationship').notNull(),
      // ward
      name: text('name').notNull(),
      gender: text('gender').notNull(),
      dateOfBirth: date('date_of_birth').notNull(),
      wardEmail: text('ward_email'),
      phone: text('phone').notNull(),
      stateOfOrigin: text('state_of_origin').notNull(),
      // education history
      prevEducation: text('prev_education').notNull(),
      institution: text('institution').notNull(),
      institutionAddress: text('institution_address').notNull(),
      attendedClasses: text('attended_classes').notNull(),
      institutionContactName: text('institution_contact_name').notNull(),
      institutionContactPhone: text('institution_contact_phone').notNull(),
      /** The class level applied for (Nursery 1 … SSS 3). */
      classLevel: text('class_level').notNull(),
      birthCertificateUploadId: uuid('birth_certificate_upload_id').references(() => uploads.id),
      // decision
      studentId: uuid('student_id').references(() => students.id),
      classId: uuid('class_id').references(() => classes.id),
      academicSessionId: uuid('academic_session_id').references(() => academicSessions.id),
      decidedAt: timestamptz('decided_at'),
      decidedByUserId: byUserId('decided_by_user_id'),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [
      uniqueIndex('admission_applications_school_reg_unique').on(t.schoolId, t.registrationNo),
      index('admission_applications_school_status_idx').on(t.schoolId, t.status, t.createdAt),
    ],
  ),
);

/** The last registration-number sequence given out per school and admission year; never goes back. */
export const admissionCounters = inSchool(
  pgTable(
    'admission_counters',
    {
      schoolId: schoolId(),
      year: integer('year').notNull(),
      lastSeq: integer('last_seq').notNull(),
    },
    (t) => [primaryKey({ columns: [t.schoolId, t.year] })],
  ),
);
