/**
 * Bulk set-up (issue 19): subjects from the catalogue, every arm of several levels, and a subject in
 * every arm of a level, each in one request. Each is all or nothing (one transaction, one audit row);
 * what already exists is left as it is and reported as skipped.
 */
import type { AssignSubjectToLevelResponse, BulkClassesResponse, BulkSubjectsResponse, SkippedItem } from '@school/shared/academics/responses';
import {
  className,
  type AssignSubjectToLevelInput,
  type BulkClassesValues,
  type BulkSubjectsValues,
  type SubjectInput,
} from '@school/shared/academics/schemas';
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

/**
 * Subjects from the catalogue in one request; with `levels`, every chosen subject (new, or one the
 * school already had) is also taught in every arm of those levels this session, without a teacher
 * yet. All or nothing; what already exists is left as it is.
 */
export async function createSubjects(app: FastifyInstance, ctx: RequestContext, input: BulkSubjectsValues): Promise<BulkSubjectsResponse> {
  const actor = actorOf(ctx);
  const existing = await repo.listSubjects(app.db, actor.schoolId);
  const byName = new Map(existing.map((s) => [s.name.toLowerCase(), s]));
  const byCode = new Map(existing.map((s) => [s.code.toLowerCase(), s]));
  const skipped: SkippedItem[] = [];
  const fresh: SubjectInput[] = [];
  /** Subjects the school already has under the chosen name: taught in the levels all the same. */
  const kept: Array<{ id: string; name: string }> = [];
  for (const subject of input.subjects) {
    const sameName = byName.get(subject.name.toLowerCase());
    const sameCode = byCode.get(subject.code.toLowerCase());
    if (sameName) {
      skipped.push({ name: subject.name, reason: `${sameName.name} already exists` });
      kept.push(sameName);
    } else if (sameCode) skipped.push({ name: subject.name, reason: `${sameCode.code} is already the code of ${sameCode.name}` });
    else fresh.push(subject);
  }
  const arms = input.levels.length > 0 ? await armsOfLevels(app, ctx, actor.schoolId, input.levels) : null;
  const taughtBefore = arms ? await repo.listClassSubjects(app.db, actor.schoolId, { classIds: arms.classes.map((c) => c.id) }) : [];
  const already = new Set(taughtBefore.map((t) => `${t.classId}:${t.subjectId}`));
  if (fresh.length === 0 && (!arms || kept.every((k) => arms.classes.every((c) => already.has(`${c.id}:${k.id}`))))) {
    return { created: [], skipped, taught: [] };
  }
  const result = await auditedWrite(
    app.db,
    actor,
    async (tx) => {
      const created = await repo.insertSubjects(
        tx,
        fresh.map((s) => ({ schoolId: actor.schoolId, name: s.name, code: s.code })),
      );
      const rows = arms
        ? arms.classes.flatMap((c) =>
            [...created, ...kept]
              .filter((subject) => !already.has(`${c.id}:${subject.id}`))
              .map((subject) => ({ schoolId: actor.schoolId, classId: c.id, subjectId: subject.id, teacherId: null })),
          )
        : [];
      const classSubjects = await repo.insertClassSubjects(tx, rows);
      return { created, classSubjects };
    },
    ({ created, classSubjects }) => ({
      action: 'subject.bulk_created',
      entity: 'subject',
      after: {
        subjects: created.map((s) => ({ id: s.id, name: s.name, code: s.code })),
        skipped: skipped.map((s) => s.name),
        levels: input.levels,
        classSubjects: classSubjects.map((c) => ({ id: c.id, classId: c.classId, subjectId: c.subjectId })),
      },
    }),
    addedMeanwhile,
  );
  const taught = (arms?.classes ?? [])
    .map((c) => ({ className: className(c.level, c.arm), subjects: result.classSubjects.filter((cs) => cs.classId === c.id).length }))
    .filter((t) => t.subjects > 0);
  const assignments = result.created.length > 0 ? await repo.listClassSubjects(app.db, actor.schoolId, { classIds: arms?.classes.map((c) => c.id) ?? [] }) : [];
  return {
    created: result.created.map((row) =>
      presentSubject(
        row,
        assignments.filter((a) => a.subjectId === row.id),
      ),
    ),
    skipped,
    taught,
  };
}

/** Every arm of the levels in the request's session, or a 400 naming a level with none. */
async function armsOfLevels(app: FastifyInstance, ctx: RequestContext, schoolId: string, levels: readonly string[]) {
  const session = await sessionOf(ctx);
  if (!session) throw badRequest(NO_SESSION);
  const classes = sortByClass((await repo.listClasses(app.db, schoolId, session.id)).filter((c) => levels.includes(c.level)));
  const missing = levels.find((level) => !classes.some((c) => c.level === level));
  if (missing) {
    const message = `There is no ${missing} class in ${session.name} yet`;
    throw badRequest(message, { levels: message });
  }
  return { session, classes };
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
