import type { Role } from '@school/shared/auth/roles';
import type { SessionStatus } from '@school/shared/constants';

/** The signed-in user, as GET /api/auth/me answers (docs/ARCHITECTURE.md). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  organisationId: string;
  organisationName: string;
  schoolId: string | null;
  schoolName: string | null;
  studentId: string | null;
  selectedAcademicSessionId: string | null;
}

export interface AcademicTerm {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  isCurrent: boolean;
}

export interface AcademicSession {
  id: string;
  name: string;
  status: SessionStatus;
  terms: AcademicTerm[];
}

export interface AcademicSessionList {
  items: AcademicSession[];
  selectedId: string | null;
}

/** A message-only answer (forgot, reset and change password). */
export interface MessageResponse {
  message: string;
}
