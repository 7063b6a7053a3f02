import { ROLE_LABELS } from '@school/shared/auth/roles';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { ChartIcon } from '@/components/ui/icons';
import { currentAcademicSession, useAcademicSessions } from '@/features/academic-sessions/api/get-academic-sessions';
import { useMe } from '@/features/auth/api/get-me';
import { AdminFigures } from '@/features/dashboards/components/admin-figures';
import { ADMIN_SETUP_LINKS, SetupChecklist } from '@/features/dashboards/components/setup-checklist';
import { StudentFiguresPanel } from '@/features/dashboards/components/student-figures';
import { TeacherFigures } from '@/features/dashboards/components/teacher-figures';
import { LatestNotices } from '@/features/noticeboard/components/latest-notices';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { firstName } from '@/lib/format';
import type { SessionUser } from '@/types/api';

/** Where each role reads its noticeboard (the dashboards show its latest notices). */
const NOTICEBOARD_PATH: Partial<Record<SessionUser['role'], (user: SessionUser) => string>> = {
  admin: () => '/admin/noticeboard',
  teacher: () => '/teachers/noticeboard',
  student: (user) => `/student/notice-board/${user.studentId ?? ''}`,
};

const FIGURES: Record<SessionUser['role'], string> = {
  super_admin:
    "Figures across your organisation's schools — students, staff, fees collected and attendance — appear here once schools and their records are set up.",
  admin:
    'Figures for your school — students per class, staff, attendance rates and fees collected — appear here once admissions, academics and finance are set up.',
  teacher: 'Your classes, today\u2019s attendance and pending lesson notes and assessments appear here once your classes are assigned.',
  student: 'Your attendance, latest results, timetable and school fees appear here once your school publishes them.',
  parent: 'Your children appear here once the school links them to your account.',
};

/** The dashboard of super admin, admin, teacher and student until their figures land. */
export function Component() {
  useDocumentTitle('Dashboard');
  const { data: user } = useMe();
  const sessions = useAcademicSessions({ enabled: Boolean(user?.schoolId) });
  if (!user) return null;
  const session = currentAcademicSession(sessions.data);

  return (
    <>
      <section className="mb-6 overflow-hidden rounded-2xl bg-gradient-to-br from-primary to-secondary px-5 py-6 text-white sm:px-7 sm:py-8">
        <p className="text-sm font-medium text-white/75">{ROLE_LABELS[user.role]}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">Welcome, {firstName(user.name)}</h1>
        <dl className="mt-4 flex flex-wrap gap-x-8 gap-y-2 text-sm">
          <div>
            <dt className="text-white/70">{user.schoolName ? 'School' : 'Organisation'}</dt>
            <dd className="font-semibold">{user.schoolName ?? user.organisationName}</dd>
          </div>
          {user.schoolId ? (
            <div>
              <dt className="text-white/70">Academic session</dt>
              <dd className="font-semibold">
                {session ? session.name : sessions.isPending ? 'Loading…' : sessions.isError ? 'Unavailable' : 'None set up yet'}
              </dd>
            </div>
          ) : null}
        </dl>
      </section>
      {user.role === 'student' && user.studentId ? (
        <nav aria-label="Your work" className="mb-6 flex flex-wrap gap-2">
          <Link
            to={`/student/assignments/${user.studentId}`}
            className="inline-flex rounded-lg bg-primary-50 px-3 py-2 text-sm font-semibold text-secondary hover:bg-primary-100"
          >
            Assignments
          </Link>
        </nav>
      ) : null}
      {user.role === 'teacher' ? (
        <nav aria-label="Your work" className="mb-6 flex flex-wrap gap-2">
          <Link
            to="/teachers/assessments/assignment"
            className="inline-flex rounded-lg bg-primary-50 px-3 py-2 text-sm font-semibold text-secondary hover:bg-primary-100"
          >
            Assignments
          </Link>
          <Link
            to="/teachers/teachers-comment"
            className="inline-flex rounded-lg bg-primary-50 px-3 py-2 text-sm font-semibold text-secondary hover:bg-primary-100"
          >
            Teachers Comment
          </Link>
        </nav>
      ) : null}
      {user.role === 'admin' && user.schoolId ? <SetupChecklist schoolId={user.schoolId} links={ADMIN_SETUP_LINKS} /> : null}
      {user.role === 'admin' ? (
        <AdminFigures />
      ) : user.role === 'teacher' ? (
        <TeacherFigures />
      ) : user.role === 'student' && user.studentId ? (
        <StudentFiguresPanel studentId={user.studentId} />
      ) : (
        <EmptyState icon={<ChartIcon size={24} />} title="No figures yet" description={FIGURES[user.role]} />
      )}
      {NOTICEBOARD_PATH[user.role] ? <LatestNotices boardPath={NOTICEBOARD_PATH[user.role]!(user)} /> : null}
    </>
  );
}
