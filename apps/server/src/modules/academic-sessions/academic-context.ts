import { UUID } from '@school/shared/fields';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as repo from './academic-sessions.repository';

export const ACADEMIC_SESSION_HEADER = 'x-academic-session';
/**
 * The academic session a request looks at: the `x-academic-session` header when it names a session
 * of the user's school, else the user's stored choice, else the school's Active session.
 */
export async function resolveAcademicSession(app: FastifyInstance, request: FastifyRequest) {
  const user = request.user;
  if (!user) return null;
  const schoolId = await repo.schoolIdForUser(app.db, user);
  if (!schoolId) return null;
  // a user of a school: the session lookup brought its Active session and the user's choice along
  const known = user.schoolId ? [user.academicSessions.selected, user.academicSessions.active].filter((s) => s !== null) : [];
  for (const candidate of [request.headers[ACADEMIC_SESSION_HEADER], user.selectedAcademicSessionId]) {
    if (typeof candidate === 'string' && UUID.test(candidate)) {
      const found = known.find((s) => s.id === candidate) ?? (await repo.findSessionInSchool(app.db, schoolId, candidate));
      if (found) return found;
    }
  }
  return user.schoolId ? user.academicSessions.active : repo.findActiveSession(app.db, schoolId);
}
