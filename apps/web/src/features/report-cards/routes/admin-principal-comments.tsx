import { formatMark, ordinal } from '@school/shared/report-cards/schemas';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { useClassPrincipalComments, useReportCardClasses, useSaveClassPrincipalComments } from '../api/report-cards';

/**
 * admin/records/principal-comments: the principal's comments of a whole class for a term in one
 * grid, each with a suggestion from the comment bank for the student's average, saved at once.
 */
export function Component() {
  useDocumentTitle("Principal's Comments");
  const options = useReportCardClasses();
  const [classId, setClassId] = useState('');
  const [chosenTerm, setChosenTerm] = useState('');
  const termId = chosenTerm || options.data?.terms.find((t) => t.isCurrent)?.id || '';
  const list = useClassPrincipalComments(classId, termId);
  const save = useSaveClassPrincipalComments();
  /** What was typed, by student (the others show the saved comment). */
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const students = list.data?.students ?? [];
  const valueOf = (s: (typeof students)[number]) => edits[s.studentId] ?? s.comment ?? '';
  const changed = students.some((s) => edits[s.studentId] !== undefined && edits[s.studentId] !== (s.comment ?? ''));

  const reset = () => {
    setEdits({});
    setRowErrors({});
    setFormError(null);
  };
  const edit = (studentId: string, value: string) => {
    setEdits((prev) => ({ ...prev, [studentId]: value }));
    setRowErrors(({ [studentId]: _dropped, ...rest }) => rest);
  };
  const fillEmpty = () => {
    const filled: Record<string, string> = {};
    for (const s of students) if (!valueOf(s).trim() && s.suggestion) filled[s.studentId] = s.suggestion;
    setEdits((prev) => ({ ...prev, ...filled }));
  };
  const onSave = async () => {
    setFormError(null);
    setRowErrors({});
    try {
      await save.mutateAsync({ classId, termId, rows: students.map((s) => ({ studentId: s.studentId, comment: valueOf(s).trim() })) });
      toast.success("Principal's comments saved");
      setEdits({});
    } catch (error) {
      if (isApiError(error) && error.status === 400) setRowErrors(error.errors);
      setFormError(isApiError(error) ? error.message : 'Something went wrong. Please try again.');
    }
  };

  return (
    <>
      <PageHeader
        title="Principal's Comments"
        description="Write the principal's comment for every student of a class at once. Suggestions come from the comment bank by the student's average; edit them as you wish."
        actions={
          <Link to="/admin/records/report-cards" className="text-sm font-semibold text-secondary hover:underline">
            Report cards
          </Link>
        }
      />
      {options.isError ? <Alert className="mb-4">We could not load the classes. {options.error.message}</Alert> : null}
      <div className="mb-4 grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Class"
          placeholder="Select a class"
          value={classId}
          onChange={(e) => {
            setClassId(e.target.value);
            reset();
          }}
          options={(options.data?.classes ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
        <SelectField
          label="Term"
          value={termId}
          onChange={(e) => {
            setChosenTerm(e.target.value);
            reset();
          }}
          options={(options.data?.terms ?? []).map((t) => ({ value: t.id, label: t.name }))}
        />
      </div>
      {!classId ? <p className="text-sm text-slate-600">Choose a class to write its principal&apos;s comments.</p> : null}
      {classId && list.isPending && termId ? <Spinner label="Loading the class" /> : null}
      {list.isError ? (
        <Alert className="mb-4">
          <p>We could not load the class. {list.error.message}</p>
          <Button variant="gray" size="sm" className="mt-2" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {list.data ? (
        <>
          <div className="mb-3 flex flex-wrap items-center gap-2 text-sm">
            <span className="font-semibold">
              {list.data.className} · {list.data.termName} term, {list.data.sessionName}
            </span>
            <Badge status={list.data.published ? 'Published' : 'Not published'} tone={list.data.published ? 'green' : 'yellow'} />
          </div>
          {students.length === 0 ? (
            <p className="text-sm text-slate-600">No students in this class for the term.</p>
          ) : (
            <>
              {formError ? <Alert className="mb-4">{formError}</Alert> : null}
              <div className="mb-3 flex flex-wrap gap-2">
                <Button variant="gray" size="sm" onClick={fillEmpty} disabled={save.isPending}>
                  Fill empty comments with suggestions
                </Button>
              </div>
              <div className="overflow-x-auto rounded-lg border border-slate-200">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Principal&apos;s comments</caption>
                  <thead className="bg-slate-50 text-xs uppercase text-slate-600">
                    <tr>
                      <th scope="col" className="px-3 py-2">
                        Student
                      </th>
                      <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                        Average
                      </th>
                      <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                        Position
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Principal&apos;s comment
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {students.map((s) => {
                      const fieldId = `principal-comment-${s.studentId}`;
                      const error = rowErrors[s.studentId];
                      return (
                        <tr key={s.studentId} className="border-t border-slate-200 align-top">
                          <td className="px-3 py-2">
                            <label htmlFor={fieldId} className="font-semibold">
                              {s.name}
                            </label>
                            {s.admissionNumber ? <div className="text-xs text-slate-500">{s.admissionNumber}</div> : null}
                            {/* on a phone the two figure columns give their room to the comment */}
                            <div className="text-xs text-slate-600 sm:hidden">
                              Average {formatMark(s.average)} · {ordinal(s.position)}
                            </div>
                          </td>
                          <td className="hidden px-3 py-2 sm:table-cell">{formatMark(s.average)}</td>
                          <td className="hidden px-3 py-2 sm:table-cell">{ordinal(s.position)}</td>
                          <td className="min-w-[11rem] px-3 py-2 sm:min-w-[18rem]">
                            <textarea
                              id={fieldId}
                              rows={2}
                              className="field-input"
                              value={valueOf(s)}
                              onChange={(e) => edit(s.studentId, e.target.value)}
                              aria-invalid={error ? true : undefined}
                              aria-describedby={error ? `${fieldId}-error` : undefined}
                            />
                            {error ? (
                              <p id={`${fieldId}-error`} className="field-error">
                                {error}
                              </p>
                            ) : null}
                            {s.suggestion ? (
                              <Button
                                variant="transparent"
                                size="sm"
                                className="mt-1"
                                aria-label={`Use suggestion for ${s.name}`}
                                title={s.suggestion}
                                disabled={save.isPending || valueOf(s) === s.suggestion}
                                onClick={() => edit(s.studentId, s.suggestion!)}
                              >
                                Use suggestion
                              </Button>
                            ) : null}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              <div className="mt-4 flex items-center gap-3">
                <Button variant="primary" onClick={() => void onSave()} loading={save.isPending} loadingText="Saving…">
                  Save comments
                </Button>
                {changed ? <span className="text-sm text-slate-600">You have unsaved changes.</span> : null}
              </div>
            </>
          )}
        </>
      ) : null}
    </>
  );
}
