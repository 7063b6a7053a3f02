/**
 * Bulk set-up (issue 19): subjects from the catalogue, every arm of several levels, and a subject in
 * every arm of a level, each in one request. Each is all or nothing (one transaction, one audit row);
 * what already exists is left as it is and reported as skipped.
 */
import type { AssignSubjectToLevelResponse, BulkClassesResponse, BulkSubjectsResponse, SkippedItem } from '@school/shared/academics/responses';
import { className, type AssignSubjectToLevelInput, type BulkClassesValues, type SubjectInput } from '@school/shared/academics/schemas';
import { CLASS_LEVELS, sortByClass } from '@school/shared/constants';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { RequestContext } from '../../policies/context';
import { actorOf, auditedWrite, NO_SESSION, requireTeacher, sessionOf } from './academics.common';
import { presentClass, presentSessionRef, presentSubject } from './academics.presenter';
import * as repo from './academics.repository';

/** Someone else added one of the same rows between our read and our write. */
const addedMeanwhile = (error: unknown) =>
  isUniqueViolation(error) ? conflict('Some of these were added by someone else a moment ago. Reload the page and try again.') : undefined;

export async function createSubjects(app: FastifyInstance, ctx: RequestContext, input: { subjects: SubjectInput[] }): Promise<BulkSubjectsResponse> {
  const actor = actorOf(ctx);
  const existing = await repo.listSubjects(app.db, actor.schoolId);
  const byName = new Map(existing.map((s) => [s.name.toLowerCase(), s]));
  const byCode = new Map(existing.map((s) => [s.code.toLowerCase(), s]));
  const skipped: SkippedItem[] = [];
  const fresh: SubjectInput[] = [];
  for (const subject of input.subjects) {
    const sameName = byName.get(subject.name.toLowerCase());
    const sameCode = byCode.get(subject.code.toLowerCase());
    if (sameName) skipped.push({ name: subject.name, reason: `${sameName.name} already exists` });
    else if (sameCode) skipped.push({ name: subject.name, reason: `${sameCode.code} is already the code of ${sameCode.name}` });
    else fresh.push(subject);
  }
  if (fresh.length === 0) return { created: [], skipped };
  const rows = await auditedWrite(
    app.db,
    actor,
    (tx) =>
      repo.insertSubjects(
        tx,
        fresh.map((s) => ({ schoolId: actor.schoolId, name: s.name, code: s.code })),
      ),
    (created) => ({
      action: 'subject.bulk_created',
      entity: 'subject',
      after: { subjects: created.map((s) => ({ id: s.id, name: s.name, code: s.code })), skipped: skipped.map((s) => s.name) },
    }),
    addedMeanwhile,
  );
  return { created: rows.map((row) => presentSubject(row, [])), skipped };
}

export async function createClasses(app: FastifyInstance, ctx: RequestContext, input: BulkClassesValues): Promise<BulkClassesResponse> {
  const actor = actorOf(ctx);
  const session = await sessionOf(ctx);
  if (!session) throw badRequest(NO_SESSION);
  const existing = await repo.listClasses(app.db, actor.schoolId, session.id);
  const skipped: SkippedItem[] = [];
  const fresh: Array<{ level: string; arm: string }> = [];
  for (const level of CLASS_LEVELS.filter((l) => input.levels.includes(l))) {
    for (const arm of input.arms) {
      const same = existing.find((c) => c.level === level && c.arm.toLowerCase() === arm.toLowerCase());
      if (same) skipped.push({ name: className(level, same.arm), reason: `${className(level, same.arm)} already exists in ${session.name}` });
      else fresh.push({ level, arm });
    }
  }
  const sessionRef = presentSessionRef(session);
  if (fresh.length === 0) return { session: sessionRef, created: [], skipped };
  const rows = await auditedWrite(
    app.db,
    actor,
    (tx) =>
      repo.insertClasses(
        tx,
        fresh.map((c) => ({ schoolId: actor.schoolId, academicSessionId: session.id, level: c.level, arm: c.arm })),
      ),
    (created) => ({
      action: 'class.bulk_created',
      entity: 'class',
      after: { session: session.name, classes: created.map((c) => ({ id: c.id, level: c.level, arm: c.arm })), skipped: skipped.map((s) => s.name) },
    }),
    addedMeanwhile,
  );
  return {
    session: sessionRef,
    created: sortByClass(rows).map((row) => presentClass({ ...row, classTeacherName: null }, [], 0)),
    skipped,
  };
}

export async function assignSubjectToLevel(
  app: FastifyInstance,
  ctx: RequestContext,
  subjectId: string,
  input: { level: AssignSubjectToLevelInput['level']; teacherId: string | null },
): Promise<AssignSubjectToLevelResponse> {
  const actor = actorOf(ctx);
  const subject = await repo.findSubject(app.db, actor.schoolId, subjectId);
  if (!subject) throw notFound('Subject not found');
  const session = await sessionOf(ctx);
  if (!session) throw badRequest(NO_SESSION);
  const teacher = await requireTeacher(app.db, actor.schoolId, input.teacherId, 'teacherId');
  const arms = sortByClass((await repo.listClasses(app.db, actor.schoolId, session.id)).filter((c) => c.level === input.level));
  if (arms.length === 0) {
    const message = `There is no ${input.level} class in ${session.name} yet`;
    throw badRequest(message, { level: message });
  }
  const taught = await repo.listClassSubjects(app.db, actor.schoolId, { classIds: arms.map((c) => c.id), subjectId });
  const taughtIds = new Set(taught.map((t) => t.classId));
  const fresh = arms.filter((c) => !taughtIds.has(c.id));
  const skipped = arms
    .filter((c) => taughtIds.has(c.id))
    .map((c) => ({ name: className(c.level, c.arm), reason: `${subject.name} is already taught in ${className(c.level, c.arm)}` }));
  if (fresh.length > 0) {
    await auditedWrite(
      app.db,
      actor,
      (tx) =>
        repo.insertClassSubjects(
          tx,
          fresh.map((c) => ({ schoolId: actor.schoolId, classId: c.id, subjectId, teacherId: teacher?.id ?? null })),
        ),
      (created) => ({
        action: 'class_subject.level_assigned',
        entity: 'subject',
        entityId: subjectId,
        after: {
          subject: subject.name,
          level: input.level,
          teacherId: teacher?.id ?? null,
          classSubjects: created.map((c) => ({ id: c.id, classId: c.classId })),
        },
      }),
      addedMeanwhile,
    );
  }
  const assignments = await repo.listClassSubjects(app.db, actor.schoolId, { academicSessionId: session.id, subjectId });
  return {
    subject: presentSubject(subject, assignments),
    assigned: fresh.map((c) => className(c.level, c.arm)),
    skipped,
  };
}
