import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select-field';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { broadsheetCsvUrl, useBroadsheet, useSetPublication } from '../api/records';
import { useResultOptions } from '../api/score-sheet';
import { BroadsheetTable } from '../components/broadsheet-table';
import { ResultFilters } from '../components/result-filters';
import { ScoreEntry } from '../components/score-entry';

/**
 * admin/records/results: any class's broadsheet for a term, published or withdrawn here (the
 * class alone or every class of the term), printable and downloadable as CSV. An administrator may
 * also correct a subject's scores, even after publication (audited with before and after).
 */
export function Component() {
  useDocumentTitle('Results');
  const options = useResultOptions('admin');
  const [params, setParams] = useSearchParams();
  const place = params.get('termId') && params.get('classId') ? { termId: params.get('termId')!, classId: params.get('classId')! } : null;
  const results = useBroadsheet(place);
  const publication = useSetPublication();
  const [confirming, setConfirming] = useState<null | 'publish' | 'unpublish'>(null);
  const [wholeSchool, setWholeSchool] = useState(false);
  const [editSubject, setEditSubject] = useState('');

  const run = async () => {
    if (!place || !confirming) return;
    try {
      const done = await publication.mutateAsync({ termId: place.termId, classId: wholeSchool ? undefined : place.classId, publish: confirming === 'publish' });
      const what = wholeSchool ? `${done.classIds.length} classes` : results.data?.className;
      toast.success(confirming === 'publish' ? `Results published for ${what}` : `Results withdrawn for ${what}`);
      setConfirming(null);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    }
  };

  const data = results.data;
  return (
    <>
      <PageHeader
        title="Results"
        description="A class's broadsheet for a term: every subject's total and grade, each student's average and position."
        actions={
          data ? (
            <div className="flex flex-wrap gap-2 print:hidden">
              {data.published ? (
                <Button variant="gray" onClick={() => setConfirming('unpublish')}>
                  Unpublish
                </Button>
              ) : (
                <Button variant="primary" onClick={() => setConfirming('publish')}>
                  Publish results
                </Button>
              )}
              <a href={broadsheetCsvUrl(place!)} className={buttonClasses({ variant: 'gray' })} download>
                Download CSV
              </a>
              <Button variant="gray" onClick={() => window.print()}>
                Print
              </Button>
            </div>
          ) : null
        }
      />
      {options.isPending ? (
        <PageSpinner label="Loading classes" />
      ) : options.isError ? (
        <Alert>{options.error.message}</Alert>
      ) : (
        <ResultFilters
          key={place ? `${place.termId}:${place.classId}` : 'none'}
          options={options.data}
          withSubject={false}
          initial={place ?? undefined}
          submitLabel="Show broadsheet"
          onSubmit={(next) => {
            setEditSubject('');
            setParams(new URLSearchParams({ termId: next.termId, classId: next.classId }));
          }}
        />
      )}

      {!place ? (
        <EmptyState title="Choose a term and a class" description="The broadsheet shows every student's totals, average and position." />
      ) : results.isPending ? (
        <PageSpinner label="Computing results" />
      ) : results.isError ? (
        <Alert>
          <p>{results.error.message}</p>
          <Button variant="gray" size="sm" className="mt-2" onClick={() => void results.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : data && data.studentCount === 0 ? (
        <EmptyState title="No students in this class" description={`${data.className} has no students enrolled.`} />
      ) : data ? (
        <>
          <div className="mb-3 flex flex-wrap items-center gap-2 text-sm">
            <Badge status={data.published ? 'Published' : 'Unpublished'} tone={data.published ? 'green' : 'yellow'} />
            <span className="text-slate-600">
              {data.published ? 'Students and parents can see these results.' : 'Students and parents cannot see these results yet.'} Class average:{' '}
              <strong>{data.classAverage ?? '—'}</strong>
            </span>
          </div>
          <BroadsheetTable results={data} />

          <section className="mt-8 print:hidden" aria-labelledby="edit-scores">
            <h2 id="edit-scores" className="text-base font-semibold text-slate-900">
              Correct scores
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              Administrators may change scores at any time; after publication every change is recorded in the audit trail with the scores before and after.
            </p>
            <div className="mt-3 max-w-xs">
              <SelectField
                label="Subject"
                value={editSubject}
                onChange={(e) => setEditSubject(e.target.value)}
                placeholder="Select a subject"
                options={data.subjects.map((s) => ({ value: s.subjectId, label: s.subjectName }))}
              />
            </div>
            {editSubject ? (
              <div className="mt-4">
                <ScoreEntry scope="admin" place={{ ...place, subjectId: editSubject }} />
              </div>
            ) : null}
          </section>
        </>
      ) : null}

      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'publish' ? 'Publish these results?' : 'Unpublish these results?'}
        message={
          <div className="space-y-3">
            <p>
              {confirming === 'publish'
                ? 'Students and parents will be able to see the results, and teachers can no longer change the scores.'
                : 'Students and parents will no longer see the results, and teachers can change the scores again.'}
            </p>
            <fieldset className="space-y-1.5 text-sm">
              <legend className="sr-only">Which classes</legend>
              <label className="flex items-center gap-2">
                <input type="radio" name="scope" checked={!wholeSchool} onChange={() => setWholeSchool(false)} className="accent-primary" />
                Only {data?.className}
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="scope" checked={wholeSchool} onChange={() => setWholeSchool(true)} className="accent-primary" />
                Every class, {data?.termName} term {data?.sessionName}
              </label>
            </fieldset>
          </div>
        }
        confirmLabel={confirming === 'publish' ? 'Publish' : 'Unpublish'}
        tone={confirming === 'unpublish' ? 'danger' : 'default'}
        loading={publication.isPending}
        onConfirm={() => void run()}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
