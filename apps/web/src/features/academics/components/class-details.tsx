import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useClass } from '../api/get-classes';

/** What the class list's 'view' drawer shows: teacher, subjects with their teachers, students. */
export function ClassDetails({ classId }: { classId: string }) {
  const details = useClass(classId);
  if (details.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner size="sm" /> Loading the class…
      </p>
    );
  }
  if (details.isError) {
    return (
      <LoadError error={details.error}>
        <p>We could not load this class. {details.error.message}</p>
        <Button variant="gray" size="sm" className="mt-2" onClick={() => void details.refetch()}>
          Try again
        </Button>
      </LoadError>
    );
  }
  const data = details.data;
  return (
    <div className="space-y-6 text-sm">
      <dl className="grid grid-cols-2 gap-4">
        <div>
          <dt className="text-slate-500">Session</dt>
          <dd className="font-medium text-slate-900">{data.session.name}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Class teacher</dt>
          <dd className="font-medium text-slate-900">{data.classTeacher?.name ?? 'None yet'}</dd>
        </div>
      </dl>
      <section>
        <h3 className="mb-2 font-semibold text-slate-900">Subjects ({data.subjects.length})</h3>
        {data.subjects.length === 0 ? (
          <p className="text-slate-600">No subjects yet. Assign them from the subject list.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {data.subjects.map((subject) => (
              <li key={subject.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="font-medium text-slate-900">
                  {subject.name} <span className="text-xs font-normal text-slate-500">{subject.code}</span>
                </span>
                <span className="text-right text-slate-600">{subject.teacher?.name ?? 'No teacher'}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section>
        <h3 className="mb-2 font-semibold text-slate-900">Students ({data.studentCount})</h3>
        {data.students.length === 0 ? (
          <p className="text-slate-600">No students enrolled yet.</p>
        ) : (
          <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {data.students.map((student) => (
              <li key={student.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="text-slate-900">{student.name}</span>
                <span className="text-xs text-slate-500">{student.registrationNo}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
