import { z } from 'zod';
import { applicationReferralCodeField } from '../referrals/schemas';
import { ADMISSION_STATUSES, CLASS_LEVELS, FEE_STATUSES, NIGERIAN_STATES, RELATIONSHIPS } from '../constants';
import { dateOfBirthField, emailField, genderField, INVALID_EMAIL, normaliseGender, oneOf, optionalString, phoneField, requiredString, UUID } from '../fields';

export * from './serial-codes';

const NAME_MAX_LENGTH = 120;

/** A trimmed e-mail address, or undefined when missing or empty. */
function optionalEmailField() {
  return optionalString().refine((value) => value === undefined || z.regexes.email.test(value), { error: INVALID_EMAIL });
}

/**
 * The application form (/auth/application, or entered by an admin): guardian, ward, education
 * history and the birth certificate, which is the id of a file uploaded beforehand.
 */
export const studentAdmissionSchema = z.object({
  // guardian
  email: emailField('Guardian email is required'),
  guardianPhone: phoneField('Guardian phone number is required'),
  address: requiredString('Guardian address is required'),
  relationship: oneOf(RELATIONSHIPS, 'Relationship is required', { lowerCase: true }),
  /** Optional: without it the parent account is called e.g. 'Mother of Aisha Bello'. */
  guardianName: optionalString().pipe(
    z
      .string()
      .max(NAME_MAX_LENGTH, { error: `Guardian name must be at most ${NAME_MAX_LENGTH} characters` })
      .optional(),
  ),
  // ward
  name: requiredString('Name is required').max(NAME_MAX_LENGTH, { error: `Name must be at most ${NAME_MAX_LENGTH} characters` }),
  gender: genderField('Gender is required'),
  dob: dateOfBirthField(),
  originState: oneOf(NIGERIAN_STATES, 'State of origin is required'),
  phone: phoneField(),
  /** Optional: a ward with an email address gets a student login when accepted. */
  wardEmail: optionalEmailField(),
  // education history
  prevEducation: requiredString('Previous education is required'),
  institution: requiredString('Last school attended is required'),
  institutionAddress: requiredString('Address of institution is required'),
  class: oneOf(CLASS_LEVELS, 'Class is required'),
  attendedClasses: requiredString('Class attended is required'),
  institutionContactName: requiredString('Contact person is required'),
  institutionContactPhone: phoneField('Contact number is required'),
  // uploaded documents
  birthCertificate: requiredString('Birth certificate is required'),
  /** Optional: a referrer's personal code; a wrong one is 'Invalid referral code' (ADR 0017). */
  referralCode: applicationReferralCodeField,
});
export type StudentAdmissionInput = z.infer<typeof studentAdmissionSchema>;
export type StudentAdmissionForm = z.input<typeof studentAdmissionSchema>;

// ---------------------------------------------------------------- applications

/** The birth certificate on the application form: PDF, JPEG or PNG, checked by content, at most 5 MB. */
export const BIRTH_CERTIFICATE_FIELD = 'birthCertificate';
export const BIRTH_CERTIFICATE_LABEL = 'Birth certificate';
export const BIRTH_CERTIFICATE_WRONG_TYPE = 'Birth certificate must be a PDF, JPEG or PNG file';
export const BIRTH_CERTIFICATE_TOO_LARGE = 'Birth certificate must be at most 5 MB';

export const ADMISSION_PAYMENT_STATUSES = FEE_STATUSES;
export type AdmissionPaymentStatus = (typeof FEE_STATUSES)[number];
export type { AdmissionStatus } from '../constants';

/** GET /api/admissions/applications: one page, newest first. */
export const applicationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  status: z.enum(ADMISSION_STATUSES).optional(),
  classLevel: z.enum(CLASS_LEVELS).optional(),
  paymentStatus: z.enum(FEE_STATUSES).optional(),
  search: z.string().trim().max(100).optional(),
});
export type ApplicationListQuery = z.input<typeof applicationListQuerySchema>;

export const DECISIONS = ['accept', 'reject', 'archive', 'restore'] as const;
export type Decision = (typeof DECISIONS)[number];
export const DECISIONS_MAX = 100;

const SELECT_APPLICATIONS = 'Select at least one application';

/** POST /api/admissions/applications/decisions: accept, reject, archive or restore applications. */
export const decisionSchema = z.object({
  ids: z
    .array(z.string().regex(UUID, { error: 'Application not found' }), { error: SELECT_APPLICATIONS })
    .min(1, { error: SELECT_APPLICATIONS })
    .max(DECISIONS_MAX, { error: `Choose at most ${DECISIONS_MAX} applications at a time` }),
  decision: z.enum(DECISIONS, { error: 'Choose a decision' }),
  /** accept only: the class to admit into; without it the arm of the applied level with the fewest students. */
  classId: z
    .string()
    .regex(UUID, { error: 'Choose a class' })
    .nullish()
    .transform((value) => value ?? undefined),
});
export type DecisionInput = z.input<typeof decisionSchema>;

/** The confirmation shown after the server has made the decision (spec: New Enrollment). */
export const DECISION_CONFIRMATIONS: Record<Decision, string> = {
  accept: 'Approved Successful',
  reject: 'Reject Successful',
  archive: 'Archived Successful',
  restore: 'Restored Successful',
};

// ---------------------------------------------------------------- direct admission and import

export const GUARDIAN_NAME_REQUIRED = 'Guardian name is required';

/**
 * admin/admissions/admit (and each row of an import): the ward and the guardian, without the
 * education history and the birth certificate an applicant gives. The admin may choose the class;
 * without one the arm of the level with the fewest students in the selected session.
 */
export const directAdmissionSchema = studentAdmissionSchema
  .pick({
    name: true,
    gender: true,
    dob: true,
    originState: true,
    class: true,
    relationship: true,
    email: true,
    guardianPhone: true,
    address: true,
    wardEmail: true,
  })
  .extend({
    /** A parent account needs a name: required here. */
    guardianName: requiredString(GUARDIAN_NAME_REQUIRED).max(NAME_MAX_LENGTH, { error: `Guardian name must be at most ${NAME_MAX_LENGTH} characters` }),
    classId: z
      .string()
      .trim()
      .nullish()
      .transform((value) => value || undefined)
      .pipe(z.string().regex(UUID, { error: 'Choose a class' }).optional()),
  });
export type DirectAdmissionForm = z.input<typeof directAdmissionSchema>;
export type DirectAdmissionInput = z.output<typeof directAdmissionSchema>;

/** The CSV import: at most 2 MB and 1000 students per file. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 1000;
export const IMPORT_FILE_FIELD = 'file';
export const IMPORT_MODES = ['all-or-nothing', 'valid-rows-only'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/**
 * The columns of the import file, in the template's order; `arm`, `admission_number`, `email` and
 * `phone` may be left out (a header written 'Admission number' is read as `admission_number`).
 */
export const IMPORT_COLUMNS = [
  'admission_number',
  'name',
  'gender',
  'dob',
  'state_of_origin',
  'class_level',
  'arm',
  'guardian_name',
  'relationship',
  'guardian_email',
  'guardian_phone',
  'address',
  'email',
  'phone',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export const IMPORT_OPTIONAL_COLUMNS: readonly ImportColumn[] = ['arm', 'admission_number', 'email', 'phone'];

/** The school's own admission number (students.registration_no): trimmed, at most this long. */
export const ADMISSION_NUMBER_MAX = 30;
/** Letters, digits and / - . _ only, so the number reads the same on a report card and in a URL. */
export const ADMISSION_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9/._-]*$/;
export const ADMISSION_NUMBER_INVALID = 'Admission number may hold only letters, digits and / - . _';

/** An admission number typed by the school: trimmed, required, at most ADMISSION_NUMBER_MAX characters. */
export function admissionNumberField(requiredMessage = 'Admission number is required') {
  return requiredString(requiredMessage)
    .max(ADMISSION_NUMBER_MAX, { error: `Admission number must be at most ${ADMISSION_NUMBER_MAX} characters` })
    .regex(ADMISSION_NUMBER_PATTERN, { error: ADMISSION_NUMBER_INVALID });
}

/** A gender as schools write it (M, F, Male, FEMALE…) as 'male' or 'female'; anything else as it is (trimmed). */
export const lenientGender = normaliseGender;

/**
 * A Nigerian phone number as +234 and ten digits: '08031234567', '0803 123 4567', '2348031234567',
 * '+234 803 123 4567' and '8031234567' are the same number; null for anything else.
 */
export function normaliseNigerianPhone(value: string): string | null {
  const digits = value.replace(/[\s\-().]/g, '');
  const match = /^(?:\+?234|0)?([789][01]\d{8})$/.exec(digits);
  return match ? `+234${match[1]}` : null;
}

/** Which column of the file each field of `directAdmissionSchema` comes from. */
export const IMPORT_COLUMN_OF_FIELD: Record<string, ImportColumn> = {
  name: 'name',
  gender: 'gender',
  dob: 'dob',
  originState: 'state_of_origin',
  class: 'class_level',
  guardianName: 'guardian_name',
  relationship: 'relationship',
  email: 'guardian_email',
  guardianPhone: 'guardian_phone',
  address: 'address',
  wardEmail: 'email',
};

/** A template with one example row, offered for download before an import. */
export const IMPORT_TEMPLATE_CSV =
  [
    IMPORT_COLUMNS.join(','),
    'KGS/0412,Aisha Zainab Bello,F,2014-09-12,Kaduna,JSS 1,A,Hauwa Bello,mother,hauwa.bello@example.com,08021234567,"7 Ahmadu Bello Way, Kaduna",aisha.bello@example.com,08031234567',
    ',Chinedu Okafor,male,12/03/2014,Anambra,JSS 1,,Ngozi Okafor,mother,ngozi.okafor@example.com,08051234567,"3 Zik Avenue, Awka",,',
  ].join('\r\n') + '\r\n';

export const importOptionsSchema = z.object({
  mode: z.enum(IMPORT_MODES, { error: 'Choose what to do with rows that have errors' }),
  dryRun: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === true || value === 'true' || value === '1'),
});
