import type { ClassOptions, ClassPrincipalComments, ClassTeacherComments, SaveClassPrincipalCommentsResult } from '@school/shared/report-cards/responses';
import type { ClassPrincipalCommentsInput } from '@school/shared/report-cards/schemas';
import { formatMark, ordinal } from '@school/shared/report-cards/schemas';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select-field';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';

/** A class's grid of one kind of comment; the class teacher's also says who that is and whether the user may still change them. */
type CommentGrid = ClassPrincipalComments & Partial<Pick<ClassTeacherComments, 'classTeacherName' | 'canEdit' | 'lockedReason'>>;

export interface CommentsGridPageProps {
  /** The page's heading and document title: "Principal's Comments". */
  title: string;
  /** Whose comments, as in "the principal's comment": "principal's". */
  whose: string;
  description: string;
  /** The terms of the selected session and the classes offered. */
  useOptions: () => UseQueryResult<ClassOptions>;
  useGrid: (classId: string, termId: string) => UseQueryResult<CommentGrid>;
  useSave: () => UseMutationResult<SaveClassPrincipalCommentsResult, Error, ClassPrincipalCommentsInput>;
  /** The classes offered are the user's own (a class teacher's): the only one opens straight away. */
  openOnlyClass?: boolean;
  /** Said when no class is offered. */
  noClassesDescription: string;
  reportCardsLink?: string;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * One kind of comment (the principal's, the class teacher's) for a whole class and term in one grid,
 * each with a suggestion from the comment bank for the student's average, saved at once; changing
 * the class or term asks before dropping what was typed.
 */
export function CommentsGridPage({
  title,
  whose,
  description,
  useOptions,
  useGrid,
  useSave,
  openOnlyClass = false,
  noClassesDescription,
  reportCardsLink,
}: CommentsGridPageProps) {
  useDocumentTitle(title);
  const options = useOptions();
  const [chosenClass, setChosenClass] = useState('');
  const [chosenTerm, setChosenTerm] = useState('');
  const classes = options.data?.classes ?? [];
  const classId = chosenClass || (openOnlyClass && classes.length === 1 ? classes[0].id : '');
  const termId = chosenTerm || options.data?.terms.find((t) => t.isCurrent)?.id || '';
  const list = useGrid(classId, termId);
  const save = useSave();
  /** What was typed, by student (the others show the saved comment). */
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const students = list.data?.students ?? [];
  const readOnly = list.data?.canEdit === false;
  const valueOf = (s: (typeof students)[number]) => edits[s.studentId] ?? s.comment ?? '';
  const changed = students.some((s) => edits[s.studentId] !== undefined && edits[s.studentId] !== (s.comment ?? ''));
  const missing = students.filter((s) => !valueOf(s).trim()).length;
  /** A change of class or term waiting for the user to drop what they typed. */
  const [pending, setPending] = useState<{ classId: string; termId: string } | null>(null);
  const Whose = capitalised(whose);
  const fieldPrefix = `${whose.replace(/'s$/, '').replace(/\s+/g, '-')}-comment`;

  const move = (next: { classId: string; termId: string }) => {
    setChosenClass(next.classId);
    setChosenTerm(next.termId);
    setEdits({});
    setRowErrors({});
    setFormError(null);
    setPending(null);
  };
  /** Moving to another class or term drops what was typed: asked first when something was. */
  const choose = (next: { classId: string; termId: string }) => (changed ? setPending(next) : move(next));
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
      toast.success(`${Whose} comments saved`);
      setEdits({});
    } catch (error) {
      if (isApiError(error) && error.status === 400) setRowErrors(error.errors);
      setFormError(isApiError(error) ? error.message : 'Something went wrong. Please try again.');
    }
  };

  const header = (
    <PageHeader
      title={title}
      description={description}
      actions={
        reportCardsLink ? (
          <Link to={reportCardsLink} className="text-sm font-semibold text-secondary hover:underline">
            Report cards
          </Link>
        ) : undefined
      }
    />
  );
  if (options.isPending) {
    return (
      <>
        {header}
        <PageSpinner label="Loading the classes" />
      </>
    );
  }
  if (options.isError) {
    return (
      <>
        {header}
        <LoadError error={options.error}>We could not load the classes. {options.error.message}</LoadError>
      </>
    );
  }
  if (classes.length === 0) {
    return (
      <>
        {header}
        <EmptyState title="No classes to comment on" description={noClassesDescription} />
      </>
    );
  }

  return (
    <>
      {header}
      <div className="mb-4 grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Class"
          placeholder="Select a class"
          value={classId}
          onChange={(e) => choose({ classId: e.target.value, termId })}
          options={classes.map((c) => ({ value: c.id, label: c.name }))}
        />
        <SelectField
          label="Term"
          value={termId}
          onChange={(e) => choose({ classId, termId: e.target.value })}
          options={options.data.terms.map((t) => ({ value: t.id, label: t.name }))}
        />
      </div>
      {!classId ? <p className="text-sm text-slate-600">Choose a class to write its {whose} comments.</p> : null}
      {classId && termId && list.isPending ? <Spinner label="Loading the class" /> : null}
      {list.isError ? (
        <LoadError error={list.error} className="mb-4">
          <p>We could not load the class. {list.error.message}</p>
          <Button variant="gray" size="sm" className="mt-2" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </LoadError>
      ) : null}
      {list.data ? (
        <>
          <div className="mb-3 flex flex-wrap items-center gap-2 text-sm">
            <span className="font-semibold">
              {list.data.className} · {list.data.termName} term, {list.data.sessionName}
            </span>
            <Badge status={list.data.published ? 'Published' : 'Not published'} tone={list.data.published ? 'green' : 'yellow'} />
            {list.data.classTeacherName ? <span className="text-slate-600">Class teacher: {list.data.classTeacherName}</span> : null}
          </div>
          {list.data.lockedReason ? <Alert className="mb-4">{list.data.lockedReason}</Alert> : null}
          {students.length === 0 ? (
            <p className="text-sm text-slate-600">No students in this class for the term.</p>
          ) : (
            <>
              {formError ? <Alert className="mb-4">{formError}</Alert> : null}
              {readOnly ? null : (
                <div className="mb-3 flex flex-wrap items-center gap-2">
                  <Button variant="gray" size="sm" onClick={fillEmpty} disabled={save.isPending || missing === 0}>
                    Fill empty comments with suggestions
                  </Button>
                  <span className="text-sm text-slate-600">{missing === 0 ? 'Every student has a comment.' : `${missing} without a comment.`}</span>
                </div>
              )}
              <div className="overflow-x-auto rounded-lg border border-slate-200">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">{Whose} comments</caption>
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
                        {Whose} comment
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {students.map((s) => {
                      const fieldId = `${fieldPrefix}-${s.studentId}`;
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
                              readOnly={readOnly}
                              onChange={(e) => edit(s.studentId, e.target.value)}
                              aria-invalid={error ? true : undefined}
                              aria-describedby={error ? `${fieldId}-error` : undefined}
                            />
                            {error ? (
                              <p id={`${fieldId}-error`} className="field-error">
                                {error}
                              </p>
                            ) : null}
                            {s.suggestion && !readOnly ? (
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
              {readOnly ? null : (
                <div className="mt-4 flex flex-wrap items-center gap-3">
                  <Button variant="primary" onClick={() => void onSave()} loading={save.isPending} loadingText="Saving…">
                    Save comments
                  </Button>
                  <span aria-live="polite" className="text-sm text-slate-600">
                    {changed ? 'You have unsaved changes.' : ''}
                  </span>
                </div>
              )}
            </>
          )}
        </>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title="Leave unsaved comments?"
        message="The comments you typed for this class are not saved. They will be lost if you change the class or term."
        confirmLabel="Leave without saving"
        tone="danger"
        onConfirm={() => pending && move(pending)}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
