import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useResultOptions } from '../api/score-sheet';
import { ResultFilters } from '../components/result-filters';

/** teachers/assessments: choose the term, class and subject to enter scores for; assignments are a link away. */
export function Component() {
  useDocumentTitle('Assessment');
  const options = useResultOptions('teacher');
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Assessment"
        description="Enter your students' test, assignment and exam scores, or set assignments."
        actions={
          <Link to="/teachers/assessments/assignment" className="text-sm font-semibold text-primary hover:underline">
            Assignments →
          </Link>
        }
      />
      <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <h2 className="mb-3 text-base font-semibold text-slate-900">Results</h2>
        {options.isPending ? (
          <PageSpinner label="Loading your classes" />
        ) : options.isError ? (
          <Alert>{options.error.message}</Alert>
        ) : options.data.classes.length === 0 ? (
          <p className="text-sm text-slate-600">You are not the subject teacher of any class this session.</p>
        ) : (
          <ResultFilters
            options={options.data}
            submitLabel="Enter scores"
            onSubmit={(place) => void navigate(`/teachers/assessments/results?${new URLSearchParams({ ...place })}`)}
          />
        )}
      </section>
    </>
  );
}
