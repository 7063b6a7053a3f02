import type { DirectAdmissionResult, ImportReport, ImportRowReport, IssuedInvitations } from '@school/shared/admissions/responses';
import {
  admissionNumberField,
  IMPORT_COLUMN_OF_FIELD,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_OPTIONAL_COLUMNS,
  directAdmissionSchema,
  type DirectAdmissionInput,
  type ImportMode,
  lenientGender,
  normaliseNigerianPhone,
} from '@school/shared/admissions/schemas';
import { CLASS_LEVELS, NIGERIAN_STATES } from '@school/shared/constants';
import { validate } from '@school/shared/validation';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { students } from '../../db/schema';
import { audit } from '../../lib/audit';
import { CsvError, parseCsv } from '../../lib/csv';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { isSchoolAdmin } from '../../policies/actors';
import * as admit from './admissions.admit.repository';
import * as repo from './admissions.repository';
import { admitStudent, deliverAll, yearIn, type Admitted, type ClassChoice, type Invitation, type Queued, type WriteContext } from './admissions.service';
import { personName } from '../../lib/names';
import { importDate, importFileError, importKey, type ImportOutcome as Outcome, planImport } from '../../lib/imports';

/** A write that admits into the request's academic session. */
export interface AdmitContext extends WriteContext {
  session: { id: string; name: string } | null;
}

const NO_SESSION = 'Your school has no active session to admit students into. Set one under Settings first.';

function noClassOf(level: string, sessionName: string): string {
  return `There is no ${level} class in the ${sessionName} session. Add one under Academics first.`;
}

/**
 * The next registration number of the school (the counter applications use), in the caller's
 * transaction; a number the school typed itself (an import's admission_number) is stepped over.
 */
async function drawRegistrationNo(tx: Tx, schoolId: string): Promise<string> {
  const school = await repo.findSchool(tx, schoolId);
  if (!school) throw notFound('School not found');
  const year = yearIn(school.timeZone);
  const prefix = `${school.code}/${year}/`;
  for (;;) {
    const seq = await admit.nextRegistrationSeq(tx, schoolId, year, prefix);
    const registrationNo = `${prefix}${String(seq).padStart(4, '0')}`;
    if (!(await admit.registrationNoTaken(tx, schoolId, registrationNo))) return registrationNo;
  }
}

/**
 * The codes just issued, for the school's administrator who issued them, when mail is not
 * configured (otherwise they went by mail); never for anyone else (ADR 0036).
 */
export function issuedFor(
  app: FastifyInstance,
  ctx: WriteContext,
  issued: Array<Invitation & { studentName: string; registrationNo: string }>,
): IssuedInvitations | undefined {
  if (app.config.smtpUrl || !isSchoolAdmin(ctx.actor) || issued.length === 0) return undefined;
  return {
    registerUrl: issued[0].registerUrl,
    items: issued.map((i) => ({
      studentName: i.studentName,
      registrationNo: i.registrationNo,
      role: i.role,
      name: i.name,
      email: i.email,
      code: i.code,
      expiresAt: i.expiresAt.toISOString(),
    })),
  };
}

const issuedOf = (admitted: Admitted, studentName: string) =>
  admitted.invitations.map((i) => ({ ...i, studentName, registrationNo: admitted.student.registrationNo }));

/** What an import row adds to the direct admission's values: the school's own number, the ward's phone. */
interface RowExtras {
  registrationNo?: string;
  phone?: string | null;
}

function admittee(registrationNo: string, v: Omit<DirectAdmissionInput, 'classId'>, phone: string | null = null) {
  return {
    registrationNo,
    name: v.name,
    gender: v.gender,
    dateOfBirth: v.dob,
    stateOfOrigin: v.originState,
    classLevel: v.class,
    guardianName: v.guardianName,
    guardianEmail: v.email,
    guardianPhone: v.guardianPhone,
    guardianAddress: v.address,
    relationship: v.relationship,
    wardEmail: v.wardEmail ?? null,
    phone,
  };
}

async function admitOne(
  app: FastifyInstance,
  tx: Tx,
  ctx: AdmitContext,
  values: Omit<DirectAdmissionInput, 'classId'>,
  klass: ClassChoice,
  source: 'direct' | 'import',
  extras: RowExtras = {},
) {
  const registrationNo = extras.registrationNo ?? (await drawRegistrationNo(tx, ctx.schoolId));
  const admitted: Admitted = await admitStudent(app, tx, ctx, admittee(registrationNo, values, extras.phone ?? null), klass);
  await audit(tx, {
    organisationId: ctx.actor.organisationId,
    schoolId: ctx.schoolId,
    userId: ctx.actor.id,
    ip: ctx.ip,
    action: 'students.admitted',
    entity: 'student',
    entityId: admitted.student.id,
    after: {
      registrationNo,
      name: values.name,
      classId: klass.id,
      className: admitted.className,
      session: klass.sessionName,
      source,
      guardianId: admitted.guardianId,
      parentUserId: admitted.parentUserId,
      studentUserId: admitted.studentUserId,
    },
  });
  return admitted;
}

/**
 * admin/admissions/admit: in one transaction the registration number, the student, the guardian
 * (and parent invitation), the enrolment in the chosen class or the emptiest arm of the level, and
 * the audit. Invitations are delivered after commit.
 */
export async function admitDirectly(app: FastifyInstance, ctx: AdmitContext, input: DirectAdmissionInput): Promise<DirectAdmissionResult> {
  const { admitted, values } = await app.db.transaction(async (tx) => {
    let klass: ClassChoice | null;
    if (input.classId) {
      klass = await repo.findClass(tx, ctx.schoolId, input.classId);
      if (!klass) throw notFound('Class not found');
      if (klass.level !== input.class) throw badRequest(`Choose a class of ${input.class}`, { classId: `Choose a class of ${input.class}` });
      if (ctx.session && klass.academicSessionId !== ctx.session.id) {
        throw badRequest(`Choose a class of the ${ctx.session.name} session`, { classId: `Choose a class of the ${ctx.session.name} session` });
      }
    } else {
      if (!ctx.session) throw conflict(NO_SESSION);
      klass = await repo.emptiestClass(tx, ctx.schoolId, ctx.session.id, input.class);
      if (!klass) throw conflict(noClassOf(input.class, ctx.session.name), { class: noClassOf(input.class, ctx.session.name) });
    }
    return { admitted: await admitOne(app, tx, ctx, input, klass, 'direct'), values: input };
  });
  await deliverAll(app, admitted.mails);
  return {
    studentId: admitted.student.id,
    registrationNo: admitted.student.registrationNo,
    name: values.name,
    className: admitted.className,
    sessionName: admitted.klass.sessionName,
    notes: admitted.notes,
    invitations: issuedFor(app, ctx, issuedOf(admitted, values.name)),
  };
}

// ---------------------------------------------------------------- CSV import

const LEVEL_BY_KEY = new Map<string, string>(CLASS_LEVELS.map((level) => [importKey(level), level]));
const STATE_BY_KEY = new Map<string, string>(NIGERIAN_STATES.map((state) => [importKey(state), state]));

/** Columns whose value comes from a fixed list. */
const CHOICE_LABELS: Record<string, string> = {
  gender: 'gender (male or female, M or F)',
  state_of_origin: 'Nigerian state',
  class_level: 'class level (e.g. JSS 1, Primary 4)',
  relationship: 'relationship (father, mother, uncle, aunty, brother or sister)',
};

interface CheckedRow {
  report: ImportRowReport;
  values?: Omit<DirectAdmissionInput, 'classId'>;
  arm?: string;
  extras?: RowExtras;
}

const PHONE_NEEDS_EMAIL = 'A student’s phone is kept with their sign-in account: add their email too';
const INVALID_IMPORT_PHONE = 'Invalid phone number: write it as 08031234567 or +2348031234567';
const admissionNumber = admissionNumberField();

/** The header's columns by position, or a 400 naming the missing ones. */
function readHeader(fields: string[]): Map<string, number> {
  const positions = new Map<string, number>();
  fields.forEach((field, index) => {
    const column = field.trim().toLowerCase().replace(/\s+/g, '_');
    if (!positions.has(column)) positions.set(column, index);
  });
  const missing = IMPORT_COLUMNS.filter((c) => !positions.has(c) && !IMPORT_OPTIONAL_COLUMNS.includes(c));
  if (missing.length === IMPORT_COLUMNS.length - IMPORT_OPTIONAL_COLUMNS.length) {
    throw importFileError(`The first row must be the header: ${IMPORT_COLUMNS.join(', ')}`);
  }
  if (missing.length) throw importFileError(`The header has no column ${missing.join(', ')}`);
  return positions;
}

/**
 * Reads and checks every row: the shared schema, the class level (and arm) existing in the
 * session, and rows repeated within the file (same name and date of birth).
 */
export async function checkImport(app: FastifyInstance, ctx: AdmitContext, text: string): Promise<CheckedRow[]> {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) throw importFileError(error.message);
    throw error;
  }
  if (records.length === 0) throw importFileError('The file is empty');
  const header = readHeader(records[0].fields);
  const rows = records.slice(1);
  if (rows.length === 0) throw importFileError('The file has no students under the header row');
  if (rows.length > IMPORT_MAX_ROWS) throw importFileError(`The file has ${rows.length} rows; import at most ${IMPORT_MAX_ROWS} at a time`);
  if (!ctx.session) throw conflict(NO_SESSION);
  const session = ctx.session;

  const classes = await repo.classesOfSession(app.db, ctx.schoolId, session.id);
  // students already in the school, so importing the same file twice admits nobody twice
  const existing = new Map<string, string>();
  // their admission numbers (compared without case: KGS/12 and kgs/12 are one number to a reader)
  const numbersInUse = new Map<string, string>();
  for (const s of await app.db
    .select({
      firstName: students.firstName,
      middleName: students.middleName,
      lastName: students.lastName,
      dob: students.dateOfBirth,
      registrationNo: students.registrationNo,
    })
    .from(students)
    .where(eq(students.schoolId, ctx.schoolId))) {
    numbersInUse.set(s.registrationNo.toLowerCase(), personName(s));
    const short = { firstName: s.firstName, lastName: s.lastName };
    for (const full of [personName(short), personName(s), personName(short, { order: 'surname-first' })]) {
      existing.set(`${importKey(full)}|${s.dob}`, s.registrationNo);
    }
  }
  const emailIndex = header.get('email');
  const accounts = await admit.takenEmails(app.db, emailIndex === undefined ? [] : rows.map((r) => (r.fields[emailIndex] ?? '').trim()).filter(Boolean));
  const seen = new Map<string, number>();
  const numbersSeen = new Map<string, number>();
  const emailsSeen = new Map<string, number>();
  return rows.map(({ line, fields }): CheckedRow => {
    const cell = (column: string) => {
      const index = header.get(column);
      return index === undefined ? '' : (fields[index] ?? '').trim();
    };
    const errors: Record<string, string> = {};
    const name = cell('name');
    if (fields.length > header.size && fields.slice(header.size).some((f) => f.trim() !== '')) {
      errors.file = `This row has ${fields.length} values; the header has ${header.size}`;
    }
    const level = cell('class_level');
    const state = cell('state_of_origin');
    const result = validate(directAdmissionSchema.omit({ classId: true }), {
      name,
      gender: lenientGender(cell('gender')),
      dob: importDate(cell('dob')),
      originState: STATE_BY_KEY.get(importKey(state)) ?? state,
      class: LEVEL_BY_KEY.get(importKey(level)) ?? level,
      guardianName: cell('guardian_name'),
      relationship: cell('relationship'),
      email: cell('guardian_email'),
      guardianPhone: cell('guardian_phone'),
      address: cell('address'),
      wardEmail: cell('email'),
    });
    if (!result.success) {
      for (const [field, message] of Object.entries(result.errors)) {
        const column = IMPORT_COLUMN_OF_FIELD[field] ?? field;
        // the lists' own message is 'X is required'; for a value that is there but unknown, say so
        const label = CHOICE_LABELS[column];
        errors[column] ??= label && cell(column) !== '' ? `“${cell(column)}” is not a ${label}` : message;
      }
    }
    const values = result.success ? result.data : undefined;
    const arm = cell('arm');
    const extras: RowExtras = {};

    const number = cell('admission_number');
    if (number) {
      const checked = admissionNumber.safeParse(number);
      const key = number.toLowerCase();
      if (!checked.success) errors.admission_number = checked.error.issues[0].message;
      else if (numbersInUse.has(key)) errors.admission_number = `Admission number ${number} is already ${numbersInUse.get(key)}’s`;
      else if (numbersSeen.has(key)) errors.admission_number = `Admission number ${number} is also on line ${numbersSeen.get(key)}`;
      else {
        numbersSeen.set(key, line);
        extras.registrationNo = checked.data;
      }
    }

    const email = cell('email').toLowerCase();
    if (email && !errors.email) {
      if (email === cell('guardian_email').toLowerCase()) errors.email = 'The student’s email must differ from the guardian’s';
      else if (accounts.has(email)) errors.email = `${email} already has an account; leave the student’s email empty or use another`;
      else if (emailsSeen.has(email)) errors.email = `Same email as line ${emailsSeen.get(email)}`;
      else emailsSeen.set(email, line);
    }

    const phone = cell('phone');
    if (phone) {
      const normalised = normaliseNigerianPhone(phone);
      if (!normalised) errors.phone = INVALID_IMPORT_PHONE;
      else if (!email) errors.phone = PHONE_NEEDS_EMAIL;
      else extras.phone = normalised;
    }

    if (values) {
      const ofLevel = classes.filter((c) => c.level === values.class);
      if (ofLevel.length === 0) errors.class_level = `There is no ${values.class} class in the ${session.name} session`;
      else if (arm && !ofLevel.some((c) => c.arm.toLowerCase() === arm.toLowerCase())) {
        errors.arm = `There is no ${values.class} ${arm} class in the ${session.name} session`;
      }
      const key = `${importKey(values.name)}|${values.dob}`;
      const first = seen.get(key);
      const already = existing.get(key);
      if (already) errors.name ??= `Already a student of the school (${already}) with this name and date of birth`;
      else if (first !== undefined) errors.name ??= `Same name and date of birth as line ${first}`;
      else seen.set(key, line);
    }
    const ok = Object.keys(errors).length === 0;
    return { report: { line, ok, errors, name }, values: ok ? values : undefined, arm: arm || undefined, extras };
  });
}

export type ImportOutcome = Outcome<ImportReport>;

/**
 * Imports the checked rows. all-or-nothing: one wrong row and nothing is written (400 with the
 * report); valid-rows-only: the good rows are written, the rest reported. Every written row is in
 * one transaction (an unexpected failure writes none). A dry run only checks.
 */
export async function importStudents(
  app: FastifyInstance,
  ctx: AdmitContext,
  input: { text: string; mode: ImportMode; dryRun: boolean },
): Promise<ImportOutcome> {
  const checked = await checkImport(app, ctx, input.text);
  const { toWrite, report, done } = planImport(checked, input);
  if (done) return done;

  const session = ctx.session!;
  const issued: Parameters<typeof issuedFor>[2] = [];
  const mails: Queued[] = await app.db.transaction(async (tx) => {
    const queued: Queued[] = [];
    const classes = await repo.classesOfSession(tx, ctx.schoolId, session.id);
    for (const row of toWrite) {
      const values = row.values!;
      const armClass = row.arm ? classes.find((c) => c.level === values.class && c.arm.toLowerCase() === row.arm!.toLowerCase()) : undefined;
      const klass = armClass ? await repo.findClass(tx, ctx.schoolId, armClass.id) : await repo.emptiestClass(tx, ctx.schoolId, session.id, values.class);
      if (!klass) throw conflict(`Line ${row.report.line}: ${noClassOf(values.class, session.name)}`);
      const admitted = await admitOne(app, tx, ctx, values, klass, 'import', row.extras);
      issued.push(...issuedOf(admitted, values.name));
      Object.assign(row.report, { registrationNo: admitted.student.registrationNo, studentId: admitted.student.id, className: admitted.className });
      queued.push(...admitted.mails);
    }
    await audit(tx, {
      organisationId: ctx.actor.organisationId,
      schoolId: ctx.schoolId,
      userId: ctx.actor.id,
      ip: ctx.ip,
      action: 'admissions.students_imported',
      entity: 'student_import',
      after: { mode: input.mode, rows: checked.length, imported: toWrite.length, skipped: report.skipped, session: session.name },
    });
    return queued;
  });
  await deliverAll(app, mails);
  const invitations = issuedFor(app, ctx, issued);
  return { statusCode: 200, report: invitations ? { ...report, invitations } : report };
}
