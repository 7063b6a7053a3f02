import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useResultOptions } from '../api/score-sheet';
import { ResultFilters } from '../components/result-filters';
import { ScoreEntry } from '../components/score-entry';

/** teachers/assessments/results: the score grid of a class, subject and term the teacher teaches. */
export function Component() {
  useDocumentTitle('Results');
  const options = useResultOptions('teacher');
  const [params, setParams] = useSearchParams();
  const place = { termId: params.get('termId') ?? '', classId: params.get('classId') ?? '', subjectId: params.get('subjectId') ?? '' };
  const chosen = place.termId && place.classId && place.subjectId;
  return (
    <>
      <PageHeader title="Results" description="Type each score; Enter moves down. Save stores the whole class at once." />
      {options.isPending ? (
        <PageSpinner label="Loading your classes" />
      ) : options.isError ? (
        <Alert>{options.error.message}</Alert>
      ) : (
        <ResultFilters
          key={`${place.termId}:${place.classId}:${place.subjectId}`}
          options={options.data}
          initial={chosen ? place : undefined}
          submitLabel="Show scores"
          onSubmit={(next) => setParams(new URLSearchParams({ ...next }))}
        />
      )}
      {chosen ? <ScoreEntry scope="teacher" place={place} /> : <p className="text-sm text-slate-600">Choose a term, class and subject to enter scores.</p>}
    </>
  );
}
