import { className } from '@school/shared/academics/schemas';
import { sortByClass } from '@school/shared/constants';
import type { LessonNoteDetail, LessonNoteList, LessonNoteOptions } from '@school/shared/lesson-notes/responses';
import { LESSON_NOTE_LIMITS, type LessonNoteInput, type ReviewLessonNoteInput } from '@school/shared/lesson-notes/schemas';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import { saveUpload } from '../../lib/uploads';
import type { RequestContext } from '../../policies/context';
import { maySeeNote, reviewsLessonNotes } from '../../policies/lesson-notes';
import type { RequestUser } from '../../types';
import { auditView, presentDetail, presentListItem } from './lesson-notes.presenter';
import * as academics from '../academics/academics.api';
import * as people from '../people/people.api';
import * as repo from './lesson-notes.repository';

const NOTE_NOT_FOUND = 'Lesson note not found';
export const NOT_EDITABLE = (status: string) => `This lesson note is ${status} and can no longer be edited`;
export const NOT_SUBMITTABLE = (status: string) => `This lesson note is ${status}; only a Draft or Rejected note can be submitted`;
export const NOT_REVIEWABLE = (status: string) => `This lesson note is ${status}; only a Submitted note can be approved or rejected`;
export const NOT_DELETABLE = (status: string) => `This lesson note is ${status}; only a Draft can be deleted`;

export interface Attachment {
  bytes: Buffer;
  filename: string;
}

interface Actor {
  user: RequestUser;
  schoolId: string;
  ip: string;
  /** The user's staff record: a teacher's notes are theirs through it. */
  staff: { id: string; name: string } | null;
}

async function actorOf(app: FastifyInstance, ctx: RequestContext): Promise<Actor | null> {
  if (!ctx.schoolId) return null;
  const staff = await people.staffForUser(app.db, ctx.schoolId, ctx.user.id);
  return { user: ctx.user, schoolId: ctx.schoolId, ip: ctx.ip, staff };
}

/** Whether the actor may see the note at all (policies/lesson-notes.ts): its author, or a reviewer once it is no longer a draft. */
function visibleTo(actor: Actor, note: { teacherId: string; status: string }) {
  return maySeeNote(actor, note, actor.staff !== null && note.teacherId === actor.staff.id);
}

function auditBase(actor: Actor) {
  return { organisationId: actor.user.organisationId, schoolId: actor.schoolId, userId: actor.user.id, entity: 'lesson_note', ip: actor.ip };
}

// ---------------------------------------------------------------- reading

export async function listNotes(
  app: FastifyInstance,
  ctx: RequestContext,
  query: { classId?: string; subjectId?: string; termId?: string; teacherId?: string; week?: number; status?: string; page: number; pageSize: number },
): Promise<LessonNoteList> {
  const empty = { items: [], total: 0, page: query.page, pageSize: query.pageSize };
  const actor = await actorOf(app, ctx);
  const session = actor ? await ctx.academicSession() : null;
  if (!actor || !session) return empty;
  const reviewer = reviewsLessonNotes(ctx);
  if (!reviewer && !actor.staff) return empty;
  const { rows, total } = await repo.listNotes(
    app.db,
    actor.schoolId,
    {
      academicSessionId: session.id,
      classId: query.classId,
      subjectId: query.subjectId,
      termId: query.termId,
      week: query.week,
      status: query.status,
      // a teacher sees their own notes whatever the filter says
      teacherId: reviewer ? query.teacherId : actor.staff!.id,
      excludeDrafts: reviewer,
    },
    { page: query.page, pageSize: query.pageSize },
  );
  return { items: rows.map(presentListItem), total, page: query.page, pageSize: query.pageSize };
}

async function detail(app: FastifyInstance, db: DbOrTx, actor: Actor, id: string): Promise<LessonNoteDetail> {
  const row = await repo.findNote(db, actor.schoolId, id);
  if (!row || !visibleTo(actor, row)) throw notFound(NOTE_NOT_FOUND);
  return presentDetail(row, actor.user, actor.staff?.id ?? null);
}

export async function getNote(app: FastifyInstance, ctx: RequestContext, id: string): Promise<LessonNoteDetail> {
  const actor = await actorOf(app, ctx);
  if (!actor) throw notFound(NOTE_NOT_FOUND);
  return detail(app, app.db, actor, id);
}

/** The choices of the form and of the filters, in the selected session. */
export async function getOptions(app: FastifyInstance, ctx: RequestContext): Promise<LessonNoteOptions> {
  const actor = await actorOf(app, ctx);
  const session = actor ? await ctx.academicSession() : null;
  const none: LessonNoteOptions = { academicSessionId: session?.id ?? null, terms: [], classes: [], subjects: [], classSubjects: [], teachers: [] };
  if (!actor || !session) return none;
  const reviewer = reviewsLessonNotes(ctx);
  if (!reviewer && !actor.staff) return none;
  const [termRows, pairs] = await Promise.all([
    academics.termsOfSession(app.db, actor.schoolId, session.id),
    academics.classSubjectsOfSession(app.db, actor.schoolId, session.id, reviewer ? undefined : actor.staff!.id),
  ]);
  const classMap = new Map(pairs.map((p) => [p.classId, { id: p.classId, level: p.level, arm: p.arm }]));
  const subjectMap = new Map(pairs.map((p) => [p.subjectId, { id: p.subjectId, name: p.subjectName }]));
  let teachers: Array<{ id: string; name: string }> = [];
  if (reviewer) {
    const teaching = new Map(pairs.filter((p) => p.teacherId && p.teacherName).map((p) => [p.teacherId!, { id: p.teacherId!, name: p.teacherName! }]));
    const others = await repo.authorsOfSession(app.db, actor.schoolId, session.id, [...teaching.keys()]);
    teachers = [...teaching.values(), ...others].sort((a, b) => a.name.localeCompare(b.name));
  }
  return {
    academicSessionId: session.id,
    terms: termRows,
    classes: sortByClass([...classMap.values()]).map((c) => ({ id: c.id, name: className(c.level, c.arm) })),
    subjects: [...subjectMap.values()].sort((a, b) => a.name.localeCompare(b.name)),
    classSubjects: pairs.map((p) => ({ classId: p.classId, subjectId: p.subjectId })),
    teachers,
  };
}

// ---------------------------------------------------------------- writing (the author)

/** Checks that the class, subject and term are the school's and that the teacher teaches that subject there. */
async function checkPlace(db: DbOrTx, actor: Author, input: LessonNoteInput) {
  const [cls, subject, term] = await Promise.all([
    academics.findClass(db, actor.schoolId, input.classId),
    academics.findSubject(db, actor.schoolId, input.subjectId),
    academics.findTerm(db, actor.schoolId, input.termId),
  ]);
  if (!cls) throw notFound('Class not found');
  if (!subject) throw notFound('Subject not found');
  if (!term) throw notFound('Term not found');
  if (!(await academics.teaches(db, actor.schoolId, actor.staff.id, cls.id, subject.id))) {
    const message = `You do not teach ${subject.name} in ${className(cls.level, cls.arm)}`;
    throw badRequest(message, { subjectId: message });
  }
  if (term.academicSessionId !== cls.academicSessionId) {
    const message = `The ${term.name} term is not in the session of ${className(cls.level, cls.arm)}`;
    throw badRequest(message, { termId: message });
  }
  return { cls, subject, term };
}

type Author = Actor & { staff: { id: string; name: string } };

/** Who writes a new note: a user with a staff record. */
function author(actor: Actor | null): Author {
  if (!actor) throw notFound(NOTE_NOT_FOUND);
  if (!actor.staff) throw forbidden('Only teachers can write lesson notes');
  return actor as Author;
}

/** Who works on an existing note: its author only (the route's policy checked it); for anyone else the note does not exist. */
function owner(actor: Actor | null): Author {
  if (!actor?.staff) throw notFound(NOTE_NOT_FOUND);
  return actor as Author;
}

function isUniqueViolation(error: unknown, constraint: string) {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; constraint_name?: unknown };
    if (e.code === '23505' && (e.constraint === constraint || e.constraint_name === constraint)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const duplicate = (place: { cls: { level: string; arm: string }; subject: { name: string }; term: { name: string } }, week: number) =>
  conflict(`You already have a lesson note for ${className(place.cls.level, place.cls.arm)} ${place.subject.name}, ${place.term.name} term week ${week}`);

async function storeAttachment(app: FastifyInstance, tx: DbOrTx, actor: Actor, file: Attachment) {
  const row = await saveUpload(app, tx, {
    bytes: file.bytes,
    field: 'attachment',
    originalName: file.filename || 'lesson-note',
    purpose: 'lesson-note',
    allowed: [...LESSON_NOTE_LIMITS.attachmentKinds],
    maxBytes: LESSON_NOTE_LIMITS.attachmentMaxBytes,
    label: 'Attachment',
    organisationId: actor.user.organisationId,
    schoolId: actor.schoolId,
    uploadedByUserId: actor.user.id,
  });
  return row.id;
}

/** A new Draft, with its attachment, in one transaction. */
export async function createNote(app: FastifyInstance, ctx: RequestContext, input: LessonNoteInput, file: Attachment | null): Promise<LessonNoteDetail> {
  const actor = author(await actorOf(app, ctx));
  const place = await checkPlace(app.db, actor, input);
  try {
    const id = await app.db.transaction(async (tx) => {
      const attachmentUploadId = file ? await storeAttachment(app, tx, actor, file) : null;
      const row = await repo.insertNote(tx, {
        schoolId: actor.schoolId,
        teacherId: actor.staff.id,
        classId: input.classId,
        subjectId: input.subjectId,
        termId: input.termId,
        week: input.week,
        title: input.title,
        body: input.body,
        attachmentUploadId,
        status: 'Draft',
      });
      await audit(tx, { ...auditBase(actor), action: 'lesson_note.created', entityId: row.id, before: null, after: auditView(row) });
      return row.id;
    });
    return await detail(app, app.db, actor, id);
  } catch (error) {
    if (isUniqueViolation(error, 'lesson_notes_teacher_week_unique')) throw duplicate(place, input.week);
    throw error;
  }
}

/** The author's own note, locked until the transaction ends: another's or none is a 404, a status not `allowed` a 409. */
async function lockOwnNote(tx: DbOrTx, actor: Author, id: string, allowed: readonly string[], refusal: (status: string) => string) {
  const before = await repo.lockNote(tx, actor.schoolId, id);
  if (!before || before.teacherId !== actor.staff.id) throw notFound(NOTE_NOT_FOUND);
  if (!allowed.includes(before.status)) throw conflict(refusal(before.status));
  return before;
}

/** Edits a Draft or a Rejected note (the author's own); Submitted and Approved notes are final (409). */
export async function updateNote(
  app: FastifyInstance,
  ctx: RequestContext,
  id: string,
  input: LessonNoteInput,
  file: Attachment | null,
  removeAttachment: boolean,
): Promise<LessonNoteDetail> {
  const actor = owner(await actorOf(app, ctx));
  try {
    await app.db.transaction(async (tx) => {
      const before = await lockOwnNote(tx, actor, id, ['Draft', 'Rejected'], NOT_EDITABLE);
      await checkPlace(tx, actor, input);
      const attachmentUploadId = file ? await storeAttachment(app, tx, actor, file) : removeAttachment ? null : before.attachmentUploadId;
      const after = await repo.updateNote(tx, actor.schoolId, id, {
        classId: input.classId,
        subjectId: input.subjectId,
        termId: input.termId,
        week: input.week,
        title: input.title,
        body: input.body,
        attachmentUploadId,
      });
      await audit(tx, { ...auditBase(actor), action: 'lesson_note.updated', entityId: id, before: auditView(before), after: auditView(after) });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'lesson_notes_teacher_week_unique')) {
      const place = await checkPlace(app.db, actor, input);
      throw duplicate(place, input.week);
    }
    throw error;
  }
  return detail(app, app.db, actor, id);
}

/** Draft or Rejected → Submitted, for review. */
export async function submitNote(app: FastifyInstance, ctx: RequestContext, id: string): Promise<LessonNoteDetail> {
  const actor = owner(await actorOf(app, ctx));
  await app.db.transaction(async (tx) => {
    const before = await lockOwnNote(tx, actor, id, ['Draft', 'Rejected'], NOT_SUBMITTABLE);
    // The previous review stays in the audit log; the note now waits for a new one.
    const after = await repo.updateNote(tx, actor.schoolId, id, {
      status: 'Submitted',
      submittedAt: new Date(),
      reviewComment: null,
      reviewedByUserId: null,
      reviewedAt: null,
    });
    await audit(tx, { ...auditBase(actor), action: 'lesson_note.submitted', entityId: id, before: auditView(before), after: auditView(after) });
  });
  return detail(app, app.db, actor, id);
}

/** Deletes the author's own Draft. */
export async function deleteNote(app: FastifyInstance, ctx: RequestContext, id: string): Promise<void> {
  const actor = owner(await actorOf(app, ctx));
  await app.db.transaction(async (tx) => {
    const before = await lockOwnNote(tx, actor, id, ['Draft'], NOT_DELETABLE);
    await repo.deleteNote(tx, actor.schoolId, id);
    await audit(tx, { ...auditBase(actor), action: 'lesson_note.deleted', entityId: id, before: auditView(before), after: null });
  });
}

// ---------------------------------------------------------------- reviewing (administrators)

/** Approves or rejects (with a comment) a Submitted note of the school. */
export async function reviewNote(app: FastifyInstance, ctx: RequestContext, id: string, input: ReviewLessonNoteInput): Promise<LessonNoteDetail> {
  // the route's policy admits only the school's administrators
  const actor = await actorOf(app, ctx);
  if (!actor) throw notFound(NOTE_NOT_FOUND);
  await app.db.transaction(async (tx) => {
    const before = await repo.lockNote(tx, actor.schoolId, id);
    if (!before || !visibleTo(actor, before)) throw notFound(NOTE_NOT_FOUND);
    if (before.status !== 'Submitted') throw conflict(NOT_REVIEWABLE(before.status));
    const after = await repo.updateNote(tx, actor.schoolId, id, {
      status: input.decision,
      reviewComment: input.comment ?? null,
      reviewedByUserId: actor.user.id,
      reviewedAt: new Date(),
    });
    await audit(tx, {
      ...auditBase(actor),
      action: input.decision === 'Approved' ? 'lesson_note.approved' : 'lesson_note.rejected',
      entityId: id,
      before: auditView(before),
      after: auditView(after),
    });
  });
  return detail(app, app.db, actor, id);
}
