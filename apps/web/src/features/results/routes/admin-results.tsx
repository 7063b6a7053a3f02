import type { SentTexts } from '@school/shared/messaging/responses';
import type { UnscoredClass, UnscoredSubjectsBody } from '@school/shared/results/responses';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { TextBatchProgress } from '@/components/messaging/text-batch-progress';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Modal } from '@/components/ui/modal';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select-field';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useApprovals } from '../api/approvals';
import {
  broadsheetCsvUrl,
  type PublicationAction,
  useBroadsheet,
  useMissingClassTeacherComments,
  useMissingPrincipalComments,
  useSetPublication,
} from '../api/records';
import { MissingComments } from '../components/missing-comments';
import { useResultOptions } from '../api/score-sheet';
import { BroadsheetTable } from '../components/broadsheet-table';
import { BroadsheetUpload } from '../components/broadsheet-upload';
import { ResultFilters } from '../components/result-filters';
import { ScoreEntry } from '../components/score-entry';

/**
 * admin/records/results: any class's broadsheet for a term, published or withdrawn here (the
 * class alone or every class of the term), printable and downloadable as CSV. Publishing keeps the
 * results as they are then: an administrator may still correct a subject's scores (audited with before
 * and after), and the corrections reach students and parents when the results are re-published.
 * Publishing with a subject nobody has a score in lists them and asks again; with approval steps in use,
 * publishing classes not through them lists those with why and offers to publish the ready ones.
 */
export function Component() {
  useDocumentTitle('Results');
  const options = useResultOptions('admin');
  const [params, setParams] = useSearchParams();
  const place = params.get('termId') && params.get('classId') ? { termId: params.get('termId')!, classId: params.get('classId')! } : null;
  const results = useBroadsheet(place);
  const publication = useSetPublication();
  const [confirming, setConfirming] = useState<null | PublicationAction>(null);
  /** The server's list of subjects without any score, once it asked to confirm. */
  const [unscored, setUnscored] = useState<UnscoredClass[] | null>(null);
  const [wholeSchool, setWholeSchool] = useState(false);
  /** The server's list of classes the approval steps have not finished with, once it refused to publish them. */
  const [notReady, setNotReady] = useState<NonNullable<UnscoredSubjectsBody['notReady']> | null>(null);
  /** Publishing only the classes through the approval steps (the user chose to, after the list). */
  const [onlyReady, setOnlyReady] = useState(false);
  // how many classes are ready to publish: the approvals list, once the server named some that are not
  const approvals = useApprovals(place?.termId ?? null, notReady !== null && wholeSchool);
  const readyCount = wholeSchool ? (approvals.data?.classes.filter((c) => c.readyToPublish).length ?? 0) : 0;
  const uncommented = useMissingPrincipalComments(place, confirming === 'publish' || confirming === 'republish');
  const withoutClassTeacher = useMissingClassTeacherComments(place, confirming === 'publish' || confirming === 'republish');
  const [editSubject, setEditSubject] = useState('');
  /** The texts to parents the last publication made, followed on the page once its dialog has closed. */
  const [texts, setTexts] = useState<SentTexts | null>(null);

  const close = () => {
    setConfirming(null);
    setUnscored(null);
    setNotReady(null);
    setOnlyReady(false);
  };

  const run = async (publishOnlyReady = onlyReady) => {
    if (!place || !confirming) return;
    setOnlyReady(publishOnlyReady);
    try {
      const done = await publication.mutateAsync({
        termId: place.termId,
        classId: wholeSchool ? undefined : place.classId,
        action: confirming,
        allowUnscored: unscored !== null,
        ...(publishOnlyReady ? { onlyReady: true } : {}),
      });
      const what = wholeSchool ? `${done.classIds.length} classes` : results.data?.className;
      toast.success(
        confirming === 'unpublish'
          ? `Results withdrawn for ${what}`
          : confirming === 'republish'
            ? `Results republished for ${what}`
            : `Results published for ${what}`,
      );
      if (done.texts) setTexts(done.texts);
      close();
    } catch (error) {
      const body = isApiError(error) && error.status === 409 ? (error.body as Partial<UnscoredSubjectsBody> | null) : null;
      if (body?.notReady) setNotReady(body.notReady);
      else if (body?.unscored) {
        setNotReady(null);
        setUnscored(body.unscored);
      } else toast.error(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
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
      {texts ? <TextBatchProgress key={texts.batchId} batchId={texts.batchId} logLink onDismiss={() => setTexts(null)} /> : null}
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
              {data.publication
                ? `Published ${formatDateTime(data.publication.publishedAt)}: students and parents see these results as they were then.`
                : 'Students and parents cannot see these results yet.'}{' '}
              Class average: <strong>{data.classAverage ?? '—'}</strong>
            </span>
          </div>
          {data.publication?.scoresChangedAt ? (
            <Alert tone="info" className="mb-3 print:hidden">
              <p>
                Scores were corrected on {formatDateTime(data.publication.scoresChangedAt)}, after publication. Students and parents still see the published
                results, and so does this broadsheet, until you republish.
              </p>
              <Button variant="primary" size="sm" className="mt-2" onClick={() => setConfirming('republish')}>
                Republish results
              </Button>
            </Alert>
          ) : null}
          <BroadsheetTable results={data} />

          <section className="mt-8 print:hidden" aria-labelledby="edit-scores">
            <h2 id="edit-scores" className="text-base font-semibold text-slate-900">
              {data.published ? 'Correct scores' : 'Enter scores'}
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              {data.published
                ? 'Administrators may change scores at any time. After publication every change is recorded in the audit trail with the scores before and after, and reaches students and parents when you republish.'
                : 'Upload every subject’s scores of the class from one spreadsheet, or enter or correct one subject’s below. Students and parents see them once the results are published.'}
            </p>
            <BroadsheetUpload place={place} className={data.className} maxima={data.maxima} />
            <div className="mt-4 max-w-xs">
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

      <Modal
        open={notReady !== null}
        onClose={publication.isPending ? () => undefined : close}
        role="alertdialog"
        title="Some classes are not ready to publish"
        description="The school's approval steps are not finished for these classes:"
        footer={
          <>
            <Button variant="gray" onClick={close} disabled={publication.isPending} data-autofocus>
              Close
            </Button>
            {readyCount > 0 ? (
              <Button variant="primary" onClick={() => void run(true)} loading={publication.isPending}>
                Publish the {readyCount === 1 ? 'ready class' : `${readyCount} ready classes`}
              </Button>
            ) : null}
          </>
        }
      >
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {notReady?.map((c) => (
            <li key={c.classId}>
              <strong>{c.className}:</strong> {c.reason}
            </li>
          ))}
        </ul>
        <Link
          to={`/admin/records/approvals?${new URLSearchParams({ termId: place?.termId ?? '' })}`}
          className="mt-3 inline-block text-sm font-semibold text-secondary hover:underline"
        >
          See where each class stands
        </Link>
      </Modal>

      <ConfirmDialog
        open={confirming !== null && notReady === null}
        title={
          unscored
            ? 'Some subjects have no scores yet'
            : confirming === 'publish'
              ? 'Publish these results?'
              : confirming === 'republish'
                ? 'Republish these results?'
                : 'Unpublish these results?'
        }
        message={
          unscored ? (
            <div className="space-y-3">
              <p>No student has a score in these subjects. Published now, their cards show a row of dashes and averages leave the subjects out.</p>
              <ul className="list-disc space-y-1 pl-5 text-sm">
                {unscored.map((c) => (
                  <li key={c.classId}>
                    <strong>{c.className}:</strong> {c.subjects.join(', ')}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <div className="space-y-3">
              <p>
                {confirming === 'publish'
                  ? 'Students and parents will be able to see the results as they are now, and teachers can no longer change the scores.'
                  : confirming === 'republish'
                    ? 'Students and parents will see the results with the corrections made since publication; positions may change. The audit trail records who moved.'
                    : 'Students and parents will no longer see the results, and teachers can change the scores again.'}
              </p>
              {confirming !== 'unpublish' ? (
                <>
                  <MissingComments
                    names={withoutClassTeacher.data ?? []}
                    classLabel={data?.className}
                    kind="class teacher's"
                    to="/admin/records/class-teacher-comments"
                  />
                  <MissingComments names={uncommented.data ?? []} classLabel={data?.className} kind="principal's" to="/admin/records/principal-comments" />
                </>
              ) : null}
              <fieldset className="space-y-1.5 text-sm">
                <legend className="sr-only">Which classes</legend>
                <label className="flex items-center gap-2">
                  <input type="radio" name="scope" checked={!wholeSchool} onChange={() => setWholeSchool(false)} className="accent-primary" />
                  Only {data?.className}
                </label>
                <label className="flex items-center gap-2">
                  <input type="radio" name="scope" checked={wholeSchool} onChange={() => setWholeSchool(true)} className="accent-primary" />
                  {confirming === 'republish' ? 'Every published class' : 'Every class'}, {data?.termName} term {data?.sessionName}
                </label>
              </fieldset>
            </div>
          )
        }
        confirmLabel={
          unscored
            ? confirming === 'republish'
              ? 'Republish anyway'
              : 'Publish anyway'
            : confirming === 'publish'
              ? 'Publish'
              : confirming === 'republish'
                ? 'Republish'
                : 'Unpublish'
        }
        tone={confirming === 'unpublish' ? 'danger' : 'default'}
        loading={publication.isPending}
        onConfirm={() => void run()}
        onCancel={close}
      />
    </>
  );
}
