/** Decisions on applications: accepting (admitting the student into a class), rejecting, archiving, reopening. */
import type { DecisionResult } from '@school/shared/admissions/responses';
import type { Decision } from '@school/shared/admissions/schemas';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { conflict, HttpError, notFound } from '../../lib/http-errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { isParent } from '../../policies/actors';
import { inviteUser } from '../invitations/invitations.service';
import { applicationSnapshot } from './admissions.presenter';
import * as admit from './admissions.admit.repository';
import * as repo from './admissions.repository';
import { deliverAll, todayIn, type Queued, type WriteContext } from './admissions.common';
import { className } from '@school/shared/academics/schemas';

function nameParts(name: string) {
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length === 1) return { firstName: words[0], middleName: null, lastName: '' };
  return { firstName: words[0], middleName: words.slice(1, -1).join(' ') || null, lastName: words[words.length - 1] };
}

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
  /** The invitations issued, with their codes (kept hashed: this is the only time they can be read). */
  invitations: Invitation[];
}

export interface Invitation {
  role: 'student' | 'parent';
  name: string;
  email: string;
  code: string;
  expiresAt: Date;
  registerUrl: string;
}

/**
 * Admits one person in the caller's transaction: the student (with the registration number), the
 * guardian (linked to an existing parent account of the organisation, or a new invited one; without
 * a login when the email belongs to another kind of account), a student login when the ward has a
 * free email address, and the enrolment in `klass`. Mails are queued; the caller delivers them
 * after commit. Used by accepting an application, direct admission and the CSV import.
 */
export async function admitStudent(app: FastifyInstance, tx: Tx, ctx: WriteContext, who: Admittee, klass: ClassChoice): Promise<Admitted> {
  if (await admit.registrationNoTaken(tx, ctx.schoolId, who.registrationNo)) {
    throw conflict(`A student with registration number ${who.registrationNo} already exists`);
  }
  const notes: string[] = [];
  const mails: Queued[] = [];
  const invitations: Invitation[] = [];
  const today = todayIn((await repo.findSchool(tx, ctx.schoolId))?.timeZone ?? 'Africa/Lagos');

  const student = await admit.insertStudent(tx, {
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
  const existing = await admit.findUserByEmail(tx, email);
  let parentUserId: string | null = null;
  if (existing) {
    if (isParent(existing) && existing.organisationId === ctx.actor.organisationId && existing.status !== 'disabled') {
      parentUserId = existing.id;
      notes.push(`Linked to the existing parent account of ${email}.`);
    } else {
      notes.push(`The guardian’s email ${email} belongs to another account, so the guardian was recorded without a parent login.`);
    }
  } else {
    ({ id: parentUserId } = await admit.insertUser(tx, {
      organisationId: ctx.actor.organisationId,
      schoolId: ctx.schoolId,
      email: who.guardianEmail,
      name: guardianName,
      phone: who.guardianPhone,
      role: 'parent',
      status: 'invited',
    }));
    const invited = await inviteUser(app, tx, { userId: parentUserId, invitedByUserId: ctx.actor.id, origin: ctx.origin });
    mails.push(invited);
    invitations.push({ role: 'parent', name: guardianName, email, ...invited });
    notes.push(`Parent invitation sent to ${email}.`);
  }
  let guardian = parentUserId ? await admit.findGuardian(tx, ctx.schoolId, { userId: parentUserId }) : null;
  guardian ??= await admit.findGuardian(tx, ctx.schoolId, { email });
  if (guardian && parentUserId && !guardian.userId) await admit.setGuardianUser(tx, ctx.schoolId, guardian.id, parentUserId);
  guardian ??= await admit.insertGuardian(tx, {
    schoolId: ctx.schoolId,
    userId: parentUserId,
    name: guardianName,
    relationship: who.relationship,
    email: who.guardianEmail,
    phone: who.guardianPhone,
    address: who.guardianAddress,
  });
  await admit.linkGuardian(tx, { schoolId: ctx.schoolId, studentId: student.id, guardianId: guardian.id, isPrimary: true });

  // the student's own login, only with an email address of their own
  let studentUserId: string | null = null;
  if (who.wardEmail) {
    if (await admit.findUserByEmail(tx, who.wardEmail)) {
      notes.push(`The ward’s email ${who.wardEmail.toLowerCase()} belongs to another account, so no student login was created.`);
    } else {
      ({ id: studentUserId } = await admit.insertUser(tx, {
        organisationId: ctx.actor.organisationId,
        schoolId: ctx.schoolId,
        email: who.wardEmail,
        name: who.name,
        phone: who.phone,
        role: 'student',
        status: 'invited',
      }));
      await admit.setStudentUser(tx, ctx.schoolId, student.id, studentUserId);
      const invited = await inviteUser(app, tx, { userId: studentUserId, invitedByUserId: ctx.actor.id, origin: ctx.origin });
      mails.push(invited);
      invitations.push({ role: 'student', name: who.name, email: who.wardEmail.toLowerCase(), ...invited });
      notes.push(`Student invitation sent to ${who.wardEmail.toLowerCase()}.`);
    }
  }

  await admit.insertEnrolment(tx, { schoolId: ctx.schoolId, academicSessionId: klass.academicSessionId, classId: klass.id, studentId: student.id });
  return {
    student: { id: student.id, registrationNo: student.registrationNo },
    klass,
    className: className(klass.level, klass.arm),
    guardianId: guardian.id,
    parentUserId,
    studentUserId,
    notes,
    mails,
    invitations,
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
      const known =
        error instanceof HttpError ? error : isUniqueViolation(error) ? conflict('This application was changed at the same time; please try again.') : null;
      if (ids.length === 1) throw known ?? error;
      if (!known) app.log.error({ err: error, applicationId: id }, 'admission decision failed');
      results.push({ id, ok: false, statusCode: known?.statusCode ?? 500, message: known?.message ?? 'Something went wrong on our side. Please try again.' });
    }
  }
  return results;
}
