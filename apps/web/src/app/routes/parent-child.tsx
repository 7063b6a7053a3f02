import { Link, useParams } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { ChildPage, childSections } from '@/features/parent/components/child-header';
import { useOwnStudentProfile } from '@/features/students/api/get-student';
import { StudentLoadError } from '@/features/students/components/student-load-error';
import { StudentProfileView } from '@/features/students/components/student-profile-view';
import { useDocumentTitle } from '@/hooks/use-document-title';

function ChildProfile({ studentId }: { studentId: string }) {
  const profile = useOwnStudentProfile(studentId);
  if (profile.isPending) return <PageSpinner label="Loading the profile" />;
  if (profile.isError)
    return <StudentLoadError error={profile.error} onRetry={() => void profile.refetch()} backTo="/parent/children" backLabel="Back to your children" />;
  return (
    <StudentProfileView
      student={profile.data}
      summaryLinks={{
        attendance: `/parent/children/${studentId}/attendance`,
        results: `/parent/children/${studentId}/results`,
        fees: `/parent/children/${studentId}/fees`,
      }}
      footer={
        <section aria-labelledby="child-more-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          <h2 id="child-more-heading" className="text-base font-semibold text-slate-900">
            More about {profile.data.firstName}
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {childSections(studentId)
              .slice(1)
              .map((section) => (
                <li key={section.to}>
                  <Link to={section.to} className="inline-flex rounded-lg bg-primary-50 px-3 py-2 text-sm font-semibold text-secondary hover:bg-primary-100">
                    {section.label}
                  </Link>
                </li>
              ))}
          </ul>
        </section>
      }
    />
  );
}

/** /parent/children/:studentId: one child's overview (their profile as the school keeps it). */
export function Component() {
  const { studentId = '' } = useParams();
  useDocumentTitle('Child');
  return <ChildPage studentId={studentId}>{() => <ChildProfile studentId={studentId} />}</ChildPage>;
}
