import type { RequestUser } from '../../types';

/** What the browser learns about the signed-in user; never a hash or a session token. */
export function presentSessionUser(
  user: Omit<RequestUser, 'matrix' | 'sessionTokenHash' | 'schoolVersion' | 'schoolTimeZone' | 'academicSessions' | 'actingOwner'> & { actingOwner?: boolean },
  studentId: string | null,
) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    organisationId: user.organisationId,
    organisationName: user.organisationName,
    schoolId: user.schoolId,
    schoolName: user.schoolName,
    studentId,
    selectedAcademicSessionId: user.selectedAcademicSessionId,
    actingOwner: user.actingOwner ?? false,
  };
}
