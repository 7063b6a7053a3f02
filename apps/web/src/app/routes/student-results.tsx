import { useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { ReportCardLink, ResultsPinGate } from '@/features/report-cards/components/results-pin-gate';
import { StudentResults } from '@/features/results/components/student-results';
import { GeneralComments, SubjectComments } from '@/features/teacher-comments/components/student-term-comments';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** student/results/:id: the student's published results per term, behind a result-checker PIN when the school asks, with a link to each term's report card. */
export function Component() {
  useDocumentTitle('Results');
  const { id = '' } = useParams();
  return (
    <>
      <PageHeader title="Results" description="Your published results for each term, with your position and averages." />
      <ResultsPinGate studentId={id}>
        <StudentResults
          studentId={id}
          subjectComment={(term, subjectId) => (
            <SubjectComments
              studentId={id}
              termId={term.termId}
              subjectId={subjectId}
              fallback={term.subjects.find((s) => s.subjectId === subjectId)?.remark}
            />
          )}
          termFooter={(term) => (
            <>
              <GeneralComments studentId={id} termId={term.termId} />
              {term.published ? <ReportCardLink to={`/student/report-card/${encodeURIComponent(id)}?term=${encodeURIComponent(term.termId)}`} /> : null}
            </>
          )}
        />
      </ResultsPinGate>
    </>
  );
}
