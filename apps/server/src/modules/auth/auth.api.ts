/** What the auth module offers other modules besides its service: the signed-in user as the browser sees it. */
import type { DbOrTx } from '../../db/client';
import { isStudent } from '../../policies/actors';
import type { RequestUser } from '../../types';
import { presentSessionUser } from './auth.presenter';
import * as repo from './auth.repository';

export { presentSessionUser };

/** The signed-in user as the browser sees it, with their own student record's id for a student. One query at most. */
export async function sessionUserOf(db: DbOrTx, user: RequestUser) {
  const studentId = isStudent(user) ? await repo.findStudentIdForUser(db, user) : null;
  return presentSessionUser(user, studentId);
}

/** Makes the request's session run a school as its administrator, or the owner's own again (null): ADR 0038. */
export async function setActingSchool(db: DbOrTx, user: RequestUser, schoolId: string | null) {
  await repo.setActingSchool(db, user.id, user.sessionTokenHash, schoolId);
}
