/**
 * The noticeboard. Every role reads the notices addressed to it (who is addressed by what is the
 * audience rule below); a school's administrators manage their school's notices and the owners
 * every school's, broadcasts included.
 */
import type { Role } from '@school/shared/auth/roles';
import type { DbOrTx } from '../db/client';
import * as repo from '../modules/noticeboard/noticeboard.repository';
import { ADMINISTRATORS, isOwner, isParent, isSchoolStaff, isStudent } from './actors';
import type { RequestContext } from './context';
import { admits, matrixRoute, record } from './policy';
import { schoolRecord } from './records';

/** The part of a user that decides what is addressed to them. */
export interface NoticeReader {
  id: string;
  role: Role;
  schoolId: string | null;
  organisationId: string;
}

/**
 * Who a user is on the noticeboard: a student gets everyone + students + their classes; a parent
 * everyone + parents + their children's classes, in each school where they are a guardian; a
 * school's teachers and administrators everyone + staff; an owner nothing (they manage instead).
 */
export async function noticeAddressee(db: DbOrTx, reader: NoticeReader): Promise<repo.Addressee> {
  const none: repo.Addressee = { userId: reader.id, schoolIds: [], audiences: [], classIds: [] };
  if (isStudent(reader)) {
    if (!reader.schoolId) return none;
    return {
      userId: reader.id,
      schoolIds: [reader.schoolId],
      audiences: ['students'],
      classIds: await repo.classesOfStudentUser(db, reader.schoolId, reader.id),
    };
  }
  if (isParent(reader)) {
    const places = await repo.placesOfParentUser(db, reader.organisationId, reader.id);
    const schoolIds = places.schoolIds.length ? places.schoolIds : reader.schoolId ? [reader.schoolId] : [];
    return { userId: reader.id, schoolIds, audiences: ['parents'], classIds: places.classIds };
  }
  if (isSchoolStaff(reader) && reader.schoolId) return { userId: reader.id, schoolIds: [reader.schoolId], audiences: ['staff'], classIds: [] };
  return none;
}

/** Where an actor's managed notices are: an owner's whole organisation, an administrator's school. */
export function noticeManagerScope(ctx: Pick<RequestContext, 'user' | 'organisationId' | 'schoolId'>): repo.Scope | null {
  if (isOwner(ctx)) return { organisationId: ctx.organisationId };
  return ctx.schoolId ? { schoolId: ctx.schoolId } : null;
}

/** Whether an edit by this actor reaches every school's copy of a broadcast (an owner's), not only their school's. */
export const editsWholeBroadcast = (ctx: Pick<RequestContext, 'user'>) => isOwner(ctx);

/** The notice as the reader sees it: one addressed to them, or one they manage (null when neither). */
export async function readableNotice(db: DbOrTx, ctx: RequestContext, id: string) {
  const addressed = await repo.findAddressed(db, await noticeAddressee(db, ctx.user), id);
  if (addressed) return addressed;
  const scope = noticeManagerScope(ctx);
  return scope && admits(noticeboardPolicy.listManaged, ctx.user) ? repo.findManaged(db, scope, ctx.user.id, id) : null;
}

const readable = record('notice', async (db, ctx, id) => (await readableNotice(db, ctx, id)) !== null);
/** A notice of a school the actor manages (an owner: any school of the organisation). */
const managed = schoolRecord('notice', 'notices');
const managers = { actors: ADMINISTRATORS };

export const noticeboardPolicy = {
  readBoard: matrixRoute('noticeboard.readBoard', 'noticeboard', 'view'),
  markRead: matrixRoute('noticeboard.markRead', 'noticeboard', 'view', { params: { id: readable } }),
  listManaged: matrixRoute('notices.list', 'noticeboard', 'edit', managers),
  readOptions: matrixRoute('notices.readOptions', 'noticeboard', 'add', managers),
  post: matrixRoute('notices.post', 'noticeboard', 'add', managers),
  edit: matrixRoute('notices.edit', 'noticeboard', 'edit', { ...managers, params: { id: managed } }),
  remove: matrixRoute('notices.remove', 'noticeboard', 'delete', { ...managers, params: { id: managed } }),
};
