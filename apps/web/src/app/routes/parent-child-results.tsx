import { useParams } from 'react-router';
import { ChildPage } from '@/features/parent/components/child-header';
import { ReportCardLink, ResultsPinGate } from '@/features/report-cards/components/results-pin-gate';
import { StudentResults } from '@/features/results/components/student-results';
import { GeneralComments, SubjectComments } from '@/features/teacher-comments/components/student-term-comments';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /parent/children/:studentId/results: the child's published results (the server checks the parent-child link). */
export function Component() {
  const { studentId = '' } = useParams();
  useDocumentTitle('Results');
  return (
    <ChildPage studentId={studentId}>
      {() => (
        <>
          <h1 className="sr-only">Results</h1>
          <ResultsPinGate studentId={studentId}>
            <StudentResults
              studentId={studentId}
              subjectComment={(term, subjectId) => (
                <SubjectComments
                  studentId={studentId}
                  termId={term.termId}
                  subjectId={subjectId}
                  fallback={term.subjects.find((s) => s.subjectId === subjectId)?.remark}
                />
              )}
              termFooter={(term) => (
                <>
                  <GeneralComments studentId={studentId} termId={term.termId} />
                  {term.published ? (
                    <ReportCardLink to={`/parent/children/${encodeURIComponent(studentId)}/report-card?term=${encodeURIComponent(term.termId)}`} />
                  ) : null}
                </>
              )}
            />
          </ResultsPinGate>
        </>
      )}
    </ChildPage>
  );
}
