import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import {
  APPLICATION_RATE_LIMIT,
  APPLICATION_TOKEN_MINUTES,
  BIRTH_CERTIFICATE_FIELD,
  BIRTH_CERTIFICATE_LABEL,
  INVALID_SERIAL_CODE,
  SERIAL_CODE_RATE_LIMIT,
  tooManyAttemptsMessage,
  type ApplicationSubmitted,
  type Decision,
  type DecisionResult,
  type SerialCodeBatchInput,
  type SerialCodeCheckResult,
  type StudentAdmissionInput,
} from '@school/shared/admissions/schemas';
import { BIRTH_CERTIFICATE_UPLOAD, nairaToKobo } from '@school/shared/constants';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { badRequest, conflict, HttpError, notFound, tooManyRequests } from '../../lib/http-errors';
import type { MailMessage } from '../../lib/mailer';
import { isUniqueViolation } from '../../lib/pg-errors';
import { hit } from '../../lib/rate-limit';
import { randomToken, sha256 } from '../../lib/tokens';
import { saveUpload, uploadPath } from '../../lib/uploads';
import { isParent } from '../../policies/actors';
import type { RequestUser } from '../../types';
import { inviteUser } from '../invitations/invitations.service';
import { creditApplication } from '../referrals/referrals.service';
import { applicationSnapshot } from './admissions.presenter';
import * as repo from './admissions.repository';

export interface WriteContext {
  actor: RequestUser;
  schoolId: string;
  ip: string;
  /** Where invitation mails send people to register. */
  origin: string;
}

export type Queued = { outboxId: string; message: MailMessage };

export async function deliverAll(app: FastifyInstance, mails: Queued[]) {
  for (const mail of mails) await app.mailer.deliver(app.db, mail.outboxId, mail.message);
}

/**
 * Counts an attempt against a per-IP limit and runs it; an attempt that succeeds is taken back, so
 * only failures count (a school office entering many applications from one address is not blocked,
 * someone guessing codes is). The hit comes first, so parallel guesses cannot slip past the limit.
 */
async function limited<T>(app: FastifyInstance, key: string, rule: { attempts: number; windowMinutes: number }, attempt: () => Promise<T>): Promise<T> {
  const { count, resetAt } = await hit(app.db, key, rule.windowMinutes * 60_000);
  if (count > rule.attempts) {
    throw tooManyRequests(tooManyAttemptsMessage(Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 60_000))));
  }
  const result = await attempt();
  await repo.refundHit(app.db, key);
  return result;
}

/** The calendar year in a time zone (the admission year of a registration number). */
export function yearIn(timeZone: string, at = new Date()): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric' }).format(at));
}

/** 'YYYY-MM-DD' of today in a time zone. */
export function todayIn(timeZone: string, at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

// ---------------------------------------------------------------- serial codes

/** 12 digits, never starting with 0. */
function newSerialCode(): string {
  return String(randomInt(100_000_000_000, 1_000_000_000_000));
}

/** `count` codes that no school has yet. */
async function freshCodes(tx: Tx, count: number): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < count) {
    const candidates = new Set<string>();
    while (candidates.size < count - codes.size) {
      const code = newSerialCode();
      if (!codes.has(code)) candidates.add(code);
    }
    const taken = await repo.existingCodeHashes(tx, [...candidates].map(sha256));
    for (const code of candidates) if (!taken.has(sha256(code))) codes.add(code);
  }
  return [...codes];
}

export async function generateBatch(app: FastifyInstance, ctx: WriteContext, input: SerialCodeBatchInput) {
  const school = await repo.findSchool(app.db, ctx.schoolId);
  if (!school) throw notFound('School not found');
  if (input.expiresOn < todayIn(school.timeZone)) throw badRequest('Expiry date cannot be in the past', { expiresOn: 'Expiry date cannot be in the past' });
  const attempt = () =>
    app.db.transaction(async (tx) => {
      const batch = await repo.insertBatch(tx, {
        schoolId: ctx.schoolId,
        quantity: input.quantity,
        priceKobo: nairaToKobo(input.price),
        expiresOn: input.expiresOn,
        createdByUserId: ctx.actor.id,
      });
      const codes = await freshCodes(tx, input.quantity);
      await repo.insertCodes(
        tx,
        codes.map((code) => ({ schoolId: ctx.schoolId, batchId: batch.id, code, codeHash: sha256(code) })),
      );
      await audit(tx, {
        organisationId: ctx.actor.organisationId,
        schoolId: ctx.schoolId,
        userId: ctx.actor.id,
        action: 'admissions.serial_codes_generated',
        entity: 'serial_code_batch',
        entityId: batch.id,
        after: { quantity: batch.quantity, priceKobo: batch.priceKobo, expiresOn: batch.expiresOn },
        ip: ctx.ip,
      });
      return batch.id;
    });
  try {
    return await attempt();
  } catch (error) {
    // another batch took one of our codes between the check and the insert: draw again once
    if (isUniqueViolation(error)) return attempt();
    throw error;
  }
}

/**
 * /auth/serial-code: a usable code gives a short-lived application token (which names its school)
 * and the school's name. Failed attempts count towards the per-IP limit; every failure is the same
 * message.
 */
export function checkSerialCode(app: FastifyInstance, input: { serialCode: string; ip: string }): Promise<SerialCodeCheckResult> {
  return limited(app, `serial-code:ip:${input.ip}`, SERIAL_CODE_RATE_LIMIT, () => findAndOpen(app, input));
}

async function findAndOpen(app: FastifyInstance, input: { serialCode: string; ip: string }): Promise<SerialCodeCheckResult> {
  const matches = await repo.findUsableCode(app.db, sha256(input.serialCode));
  // two schools holding the same code cannot be told apart; generation prevents it, this refuses it
  if (matches.length !== 1) throw badRequest(INVALID_SERIAL_CODE, { serialCode: INVALID_SERIAL_CODE });
  const [code] = matches;
  const secret = randomToken(24);
  const expiresAt = new Date(Date.now() + APPLICATION_TOKEN_MINUTES * 60_000);
  await repo.insertToken(app.db, { schoolId: code.schoolId, tokenHash: sha256(secret), serialCodeId: code.id, expiresAt, ip: input.ip });
  return { token: `${code.schoolId}.${secret}`, schoolName: code.schoolName, expiresAt: expiresAt.toISOString() };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseToken(token: unknown): { schoolId: string; tokenHash: string } | null {
  if (typeof token !== 'string') return null;
  const dot = token.indexOf('.');
  const schoolId = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  if (dot < 0 || !UUID.test(schoolId) || !/^[\w-]{16,64}$/.test(secret)) return null;
  return { schoolId, tokenHash: sha256(secret) };
}

/** Runs a submission under the per-IP limit of failed submissions. */
export function withApplicationLimit<T>(app: FastifyInstance, ip: string, submission: () => Promise<T>): Promise<T> {
  return limited(app, `application:ip:${ip}`, APPLICATION_RATE_LIMIT, submission);
}

export interface BirthCertificateFile {
  bytes: Buffer;
  filename: string;
}

function nameParts(name: string) {
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length === 1) return { firstName: words[0], middleName: null, lastName: '' };
  return { firstName: words[0], middleName: words.slice(1, -1).join(' ') || null, lastName: words[words.length - 1] };
}

/**
 * /auth/application: in one transaction the code is used up (exactly one of two concurrent
 * submissions wins), the birth certificate is checked and recorded, the registration number is
 * drawn and the application stored as Pending with payment InComplete. The guardian gets a receipt.
 */
export async function submitApplication(
  app: FastifyInstance,
  input: { token: unknown; values: StudentAdmissionInput; file: BirthCertificateFile; ip: string },
): Promise<ApplicationSubmitted> {
  const parsed = parseToken(input.token);
  if (!parsed) throw badRequest(INVALID_SERIAL_CODE, { serialCode: INVALID_SERIAL_CODE });
  const written: { key: string | null } = { key: null };
  try {
    const { result, mail } = await app.db.transaction(async (tx) => {
      const token = await repo.findOpenToken(tx, parsed.schoolId, parsed.tokenHash);
      if (!token) throw badRequest(INVALID_SERIAL_CODE, { serialCode: INVALID_SERIAL_CODE });
      const applicationId = randomUUID();
      const claimed = await repo.claimCode(tx, token.schoolId, token.serialCodeId, applicationId);
      if (!claimed) throw badRequest(INVALID_SERIAL_CODE, { serialCode: INVALID_SERIAL_CODE });
      const upload = await saveUpload(app, tx, {
        bytes: input.file.bytes,
        field: BIRTH_CERTIFICATE_FIELD,
        originalName: input.file.filename || 'birth-certificate',
        purpose: 'birth-certificate',
        allowed: ['pdf', 'jpeg', 'png'],
        maxBytes: BIRTH_CERTIFICATE_UPLOAD.maxBytes,
        label: BIRTH_CERTIFICATE_LABEL,
        organisationId: token.organisationId,
        schoolId: token.schoolId,
        uploadedByUserId: null,
      });
      written.key = upload.storageKey;
      const year = yearIn(token.timeZone);
      const prefix = `${token.schoolCode}/${year}/`;
      const seq = await repo.nextRegistrationSeq(tx, token.schoolId, year, prefix);
      const registrationNo = `${prefix}${String(seq).padStart(4, '0')}`;
      const v = input.values;
      const application = await repo.insertApplication(tx, {
        id: applicationId,
        schoolId: token.schoolId,
        registrationNo,
        status: 'Pending',
        paymentStatus: 'InComplete',
        serialCodeId: claimed,
        guardianName: v.guardianName ?? null,
        guardianEmail: v.email,
        guardianPhone: v.guardianPhone,
        guardianAddress: v.address,
        relationship: v.relationship,
        name: v.name,
        gender: v.gender,
        dateOfBirth: v.dob,
        wardEmail: v.wardEmail ?? null,
        phone: v.phone,
        stateOfOrigin: v.originState,
        prevEducation: v.prevEducation,
        institution: v.institution,
        institutionAddress: v.institutionAddress,
        attendedClasses: v.attendedClasses,
        institutionContactName: v.institutionContactName,
        institutionContactPhone: v.institutionContactPhone,
        classLevel: v.class,
        birthCertificateUploadId: upload.id,
      });
      if (v.referralCode) {
        // the referrer is credited with the application, or neither is written
        await creditApplication(tx, {
          organisationId: token.organisationId,
          schoolId: token.schoolId,
          timeZone: token.timeZone,
          applicationId,
          code: v.referralCode,
          ip: input.ip,
        });
      }
      await repo.useToken(tx, parsed.schoolId, parsed.tokenHash);
      await audit(tx, {
        organisationId: token.organisationId,
        schoolId: token.schoolId,
        userId: null,
        action: 'admissions.application_submitted',
        entity: 'admission_application',
        entityId: application.id,
        after: applicationSnapshot(application),
        ip: input.ip,
      });
      const message: MailMessage = {
        to: v.email,
        subject: `Application received: ${registrationNo}`,
        body: [
          'Hello,',
          '',
          `${token.schoolName} has received the application of ${v.name} for ${v.class}.`,
          `The registration number is ${registrationNo}. Please keep it for any enquiry.`,
          '',
          'The school will contact you about its decision.',
        ].join('\n'),
        organisationId: token.organisationId,
        schoolId: token.schoolId,
      };
      const outboxId = await app.mailer.queue(tx, message);
      return { result: { registrationNo, schoolName: token.schoolName, name: v.name }, mail: { outboxId, message } };
    });
    await deliverAll(app, [mail]);
    return result;
  } catch (error) {
    if (written.key) await fs.rm(uploadPath(app, written.key), { force: true });
    throw error;
  }
}

// ---------------------------------------------------------------- decisions

const CAPITALISED: Record<string, string> = { father: 'Father', mother: 'Mother', uncle: 'Uncle', aunty: 'Aunty', brother: 'Brother', sister: 'Sister' };

export type ClassChoice = NonNullable<Awaited<ReturnType<typeof repo.findClass>>>;

interface DecisionContext extends WriteContext {
  session: { id: string; name: string } | null;
}

interface Outcome {
  result: DecisionResult;
  mails: Queued[];
}

async function chooseClass(tx: Tx, ctx: DecisionContext, level: string, classId: string | undefined): Promise<ClassChoice> {
  if (classId) {
    const chosen = await repo.findClass(tx, ctx.schoolId, classId);
    if (!chosen) throw notFound('Class not found');
    return chosen;
  }
  if (!ctx.session) throw conflict('Your school has no active session to admit students into. Set one under Settings first.');
  const emptiest = await repo.emptiestClass(tx, ctx.schoolId, ctx.session.id, level);
  if (!emptiest) {
    throw conflict(`There is no ${level} class in the ${ctx.session.name} session to admit this applicant into. Add one under Academics, then accept again.`);
  }
  return emptiest;
}

/** Who is admitted: from an application, the direct-admission form or a row of an import. */
export interface Admittee {
  registrationNo: string;
  name: string;
  gender: string;
  dateOfBirth: string;
  stateOfOrigin: string;
  classLevel: string;
  guardianName: string | null;
  guardianEmail: string;
  guardianPhone: string;
  guardianAddress: string;
  relationship: string;
  wardEmail: string | null;
  /** The ward's phone (their student login's), when known. */
  phone: string | null;
}

export interface Admitted {
  student: { id: string; registrationNo: string };
  klass: ClassChoice;
  className: string;
  guardianId: string;
  parentUserId: string | null;
  studentUserId: string | null;
  notes: string[];
  mails: Queued[];
}

/**
 * Admits one person in the caller's transaction: the student (with the registration number), the
 * guardian (linked to an existing parent account of the organisation, or a new invited one; without
 * a login when the email belongs to another kind of account), a student login when the ward has a
 * free email address, and the enrolment in `klass`. Mails are queued; the caller delivers them
 * after commit. Used by accepting an application, direct admission and the CSV import.
 */
export async function admitStudent(app: FastifyInstance, tx: Tx, ctx: WriteContext, who: Admittee, klass: ClassChoice): Promise<Admitted> {
  if (await repo.registrationNoTaken(tx, ctx.schoolId, who.registrationNo)) {
    throw conflict(`A student with registration number ${who.registrationNo} already exists`);
  }
  const notes: string[] = [];
  const mails: Queued[] = [];
  const today = todayIn((await repo.findSchool(tx, ctx.schoolId))?.timeZone ?? 'Africa/Lagos');

  const student = await repo.insertStudent(tx, {
    schoolId: ctx.schoolId,
    registrationNo: who.registrationNo,
    ...nameParts(who.name),
    gender: who.gender,
    dateOfBirth: who.dateOfBirth,
    stateOfOrigin: who.stateOfOrigin,
    address: who.guardianAddress,
    status: 'active',
    admittedOn: today,
  });

  // the guardian and their parent account
  const email = who.guardianEmail.toLowerCase();
  const guardianName = who.guardianName ?? `${CAPITALISED[who.relationship] ?? 'Guardian'} of ${who.name}`;
  const existing = await repo.findUserByEmail(tx, email);
  let parentUserId: string | null = null;
  if (existing) {
    if (isParent(existing) && existing.organisationId === ctx.actor.organisationId && existing.status !== 'disabled') {
      parentUserId = existing.id;
      notes.push(`Linked to the existing parent account of ${email}.`);
    } else {
      notes.push(`The guardian’s email ${email} belongs to another account, so the guardian was recorded without a parent login.`);
    }
  } else {
    ({ id: parentUserId } = await repo.insertUser(tx, {
      organisationId: ctx.actor.organisationId,
      schoolId: ctx.schoolId,
      email: who.guardianEmail,
      name: guardianName,
      phone: who.guardianPhone,
      role: 'parent',
      status: 'invited',
    }));
    mails.push(await inviteUser(app, tx, { userId: parentUserId, invitedByUserId: ctx.actor.id, origin: ctx.origin }));
    notes.push(`Parent invitation sent to ${email}.`);
  }
  let guardian = parentUserId ? await repo.findGuardian(tx, ctx.schoolId, { userId: parentUserId }) : null;
  guardian ??= await repo.findGuardian(tx, ctx.schoolId, { email });
  if (guardian && parentUserId && !guardian.userId) await repo.setGuardianUser(tx, ctx.schoolId, guardian.id, parentUserId);
  guardian ??= await repo.insertGuardian(tx, {
    schoolId: ctx.schoolId,
    userId: parentUserId,
    name: guardianName,
    relationship: who.relationship,
    email: who.guardianEmail,
    phone: who.guardianPhone,
    address: who.guardianAddress,
  });
  await repo.linkGuardian(tx, { schoolId: ctx.schoolId, studentId: student.id, guardianId: guardian.id, isPrimary: true });

  // the student's own login, only with an email address of their own
  let studentUserId: string | null = null;
  if (who.wardEmail) {
    if (await repo.findUserByEmail(tx, who.wardEmail)) {
      notes.push(`The ward’s email ${who.wardEmail.toLowerCase()} belongs to another account, so no student login was created.`);
    } else {
      ({ id: studentUserId } = await repo.insertUser(tx, {
        organisationId: ctx.actor.organisationId,
        schoolId: ctx.schoolId,
        email: who.wardEmail,
        name: who.name,
        phone: who.phone,
        role: 'student',
        status: 'invited',
      }));
      await repo.setStudentUser(tx, ctx.schoolId, student.id, studentUserId);
      mails.push(await inviteUser(app, tx, { userId: studentUserId, invitedByUserId: ctx.actor.id, origin: ctx.origin }));
      notes.push(`Student invitation sent to ${who.wardEmail.toLowerCase()}.`);
    }
  }

  await repo.insertEnrolment(tx, { schoolId: ctx.schoolId, academicSessionId: klass.academicSessionId, classId: klass.id, studentId: student.id });
  return {
    student: { id: student.id, registrationNo: student.registrationNo },
    klass,
    className: `${klass.level} ${klass.arm}`,
    guardianId: guardian.id,
    parentUserId,
    studentUserId,
    notes,
    mails,
  };
}

/** Accepts one application (see `admitStudent`) and marks it Accepted. The caller holds the transaction. */
async function accept(app: FastifyInstance, tx: Tx, ctx: DecisionContext, row: repo.ApplicationRow, classId: string | undefined): Promise<Outcome> {
  const klass = await chooseClass(tx, ctx, row.classLevel, classId);
  const admitted = await admitStudent(app, tx, ctx, { ...row, guardianName: row.guardianName ?? null, wardEmail: row.wardEmail ?? null }, klass);
  const { student, className, notes, mails } = admitted;
  await repo.updateApplication(tx, ctx.schoolId, row.id, {
    status: 'Accepted',
    studentId: student.id,
    classId: klass.id,
    academicSessionId: klass.academicSessionId,
    decidedAt: new Date(),
    decidedByUserId: ctx.actor.id,
  });
  const base = { organisationId: ctx.actor.organisationId, schoolId: ctx.schoolId, userId: ctx.actor.id, ip: ctx.ip };
  await audit(tx, {
    ...base,
    action: 'admissions.application_accepted',
    entity: 'admission_application',
    entityId: row.id,
    before: applicationSnapshot(row),
    after: {
      ...applicationSnapshot({ ...row, status: 'Accepted' }),
      studentId: student.id,
      classId: klass.id,
      className,
      session: klass.sessionName,
      guardianId: admitted.guardianId,
      parentUserId: admitted.parentUserId,
      studentUserId: admitted.studentUserId,
    },
  });
  await audit(tx, {
    ...base,
    action: 'students.admitted',
    entity: 'student',
    entityId: student.id,
    after: { registrationNo: student.registrationNo, name: row.name, classId: klass.id, className, session: klass.sessionName, applicationId: row.id },
  });
  return { result: { id: row.id, ok: true, status: 'Accepted', registrationNo: row.registrationNo, className, notes }, mails };
}

/** Which statuses each decision starts from, and where it leads. */
const TRANSITIONS: Record<Exclude<Decision, 'accept'>, { from: string[]; to: 'Rejected' | 'Archived' | 'Pending'; action: string }> = {
  reject: { from: ['Pending'], to: 'Rejected', action: 'admissions.application_rejected' },
  archive: { from: ['Pending', 'Rejected'], to: 'Archived', action: 'admissions.application_archived' },
  restore: { from: ['Archived'], to: 'Pending', action: 'admissions.application_restored' },
};

const NOT_FROM: Record<Decision, string> = {
  accept: 'Only pending applications can be accepted',
  reject: 'Only pending applications can be rejected',
  archive: 'Only pending or rejected applications can be archived',
  restore: 'Only archived applications can be restored',
};

async function decideOne(app: FastifyInstance, ctx: DecisionContext, id: string, decision: Decision, classId: string | undefined): Promise<Outcome> {
  return app.db.transaction(async (tx) => {
    const row = await repo.findApplication(tx, ctx.schoolId, id, true);
    if (!row) throw notFound('Application not found');
    if (decision === 'accept') {
      if (row.status !== 'Pending') throw conflict(`${NOT_FROM.accept}; ${row.registrationNo} is ${row.status}.`);
      return accept(app, tx, ctx, row, classId);
    }
    const rule = TRANSITIONS[decision];
    if (!rule.from.includes(row.status)) throw conflict(`${NOT_FROM[decision]}; ${row.registrationNo} is ${row.status}.`);
    await repo.updateApplication(tx, ctx.schoolId, id, {
      status: rule.to,
      decidedAt: rule.to === 'Pending' ? null : new Date(),
      decidedByUserId: ctx.actor.id,
    });
    await audit(tx, {
      organisationId: ctx.actor.organisationId,
      schoolId: ctx.schoolId,
      userId: ctx.actor.id,
      action: rule.action,
      entity: 'admission_application',
      entityId: id,
      before: applicationSnapshot(row),
      after: applicationSnapshot({ ...row, status: rule.to }),
      ip: ctx.ip,
    });
    return { result: { id, ok: true, status: rule.to, registrationNo: row.registrationNo, notes: [] }, mails: [] };
  });
}

/**
 * Decides one or many applications, each in its own transaction. With one id a failure is the
 * answer (404, 409…); with several, each id reports its own result.
 */
export async function decide(
  app: FastifyInstance,
  ctx: DecisionContext,
  input: { ids: string[]; decision: Decision; classId?: string },
): Promise<DecisionResult[]> {
  const ids = [...new Set(input.ids)];
  const results: DecisionResult[] = [];
  for (const id of ids) {
    try {
      const outcome = await decideOne(app, ctx, id, input.decision, input.classId);
      await deliverAll(app, outcome.mails);
      results.push(outcome.result);
    } catch (error) {
      const known = error instanceof HttpError ? error : isUniqueViolation(error) ? conflict('This application was changed at the same time; please try again.') : null;
      if (ids.length === 1) throw known ?? error;
      if (!known) app.log.error({ err: error, applicationId: id }, 'admission decision failed');
      results.push({ id, ok: false, statusCode: known?.statusCode ?? 500, message: known?.message ?? 'Something went wrong on our side. Please try again.' });
    }
  }
  return results;
}
