import {
  type ApprovalStage,
  type ApproveClassesResult,
  type ClassApproval,
  RETURN_NOTE_MAX,
  returnClassSchema,
  type SheetStatus,
} from '@school/shared/results/approvals';
import type { BadgeTone } from '@school/shared/constants';
import { useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ChevronDownIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useApprovals, useApproveClasses, useReturnClass, useReturnSheet, useReviewClass } from '../api/approvals';

const STAGE: Record<ApprovalStage, { label: string; tone: BadgeTone }> = {
  entering: { label: 'Entering scores', tone: 'yellow' },
  submitted: { label: 'Sheets submitted', tone: 'lemon' },
  reviewed: { label: 'Reviewed', tone: 'lemon' },
  approved: { label: 'Approved', tone: 'green' },
  published: { label: 'Published', tone: 'green' },
};

const STEP_NAMES = { submission: 'subject teachers submit', review: 'the class teacher reviews', approval: 'the principal approves' } as const;

const failed = (error: unknown) => (isApiError(error) ? error.message : 'Something went wrong. Please try again.');
const submittedCount = (cls: ClassApproval) => cls.sheets.filter((s) => s.submittedAt).length;

/** A note the user must write before something goes back (a sheet to its teacher, a class to its class teacher). */
type Returning = { kind: 'sheet'; cls: ClassApproval; sheet: SheetStatus } | { kind: 'class'; cls: ClassApproval };

export interface ApprovalsScreenProps {
  /** Administrators: every class, with bulk approval. Teachers: their classes. */
  role: 'admin' | 'teacher';
  /** Where the approval steps are switched on (administrators). */
  settingsPath?: string;
}

/**
 * Where each class's term results stand in the approval chain (issue 18): a table (cards on a phone) of
 * classes with their stage, sheets, review and approval; the class teacher marks a class reviewed or returns
 * a sheet, the principal approves (one class, a selection or a whole level) or returns a class.
 */
export function ApprovalsScreen({ role, settingsPath }: ApprovalsScreenProps) {
  const [params, setParams] = useSearchParams();
  const termId = params.get('termId');
  const level = params.get('level') ?? '';
  const approvals = useApprovals(termId);
  const review = useReviewClass(role);
  const approve = useApproveClasses();
  const returnSheet = useReturnSheet(role);
  const returnClass = useReturnClass();
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [returning, setReturning] = useState<Returning | null>(null);
  const [approvingLevel, setApprovingLevel] = useState(false);
  const [outcome, setOutcome] = useState<ApproveClassesResult | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const data = approvals.data;
  const levels = useMemo(() => [...new Set((data?.classes ?? []).map((c) => c.level))], [data]);
  const shown = useMemo(() => (data?.classes ?? []).filter((c) => !level || c.level === level), [data, level]);
  const selectable = shown.filter((c) => c.canApprove);
  const chosen = selectable.filter((c) => selected.has(c.classId));
  const bulk = role === 'admin' && Boolean(data?.steps.approval);

  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
    setSelected(new Set());
  };

  const toggle = (set: Set<string>, id: string) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  };

  const markReviewed = async (cls: ClassApproval) => {
    if (!data?.termId) return;
    setBusy(`review:${cls.classId}`);
    try {
      await review.mutateAsync({ termId: data.termId, classId: cls.classId });
      toast.success(`${cls.className} marked reviewed`);
    } catch (error) {
      toast.error(failed(error));
    } finally {
      setBusy(null);
    }
  };

  const approveClasses = async (input: { classIds?: string[]; level?: string }, key: string) => {
    if (!data?.termId) return;
    setBusy(key);
    try {
      const result = await approve.mutateAsync({ termId: data.termId, ...input });
      setSelected(new Set());
      setApprovingLevel(false);
      if (result.skipped.length > 0) setOutcome(result);
      else toast.success(result.approved.length === 1 ? `${result.approved[0].className} approved` : `${result.approved.length} classes approved`);
    } catch (error) {
      toast.error(failed(error));
    } finally {
      setBusy(null);
    }
  };

  const sendBack = async (note: string) => {
    if (!data?.termId || !returning) return;
    const place = { termId: data.termId, classId: returning.cls.classId, note };
    if (returning.kind === 'sheet') {
      await returnSheet.mutateAsync({ ...place, subjectId: returning.sheet.subjectId });
      toast.success(`${returning.sheet.subjectName} returned to ${returning.sheet.teacherName ?? 'its teacher'}`);
    } else {
      await returnClass.mutateAsync(place);
      toast.success(`${returning.cls.className} returned to the class teacher`);
    }
    setReturning(null);
  };

  const actions = (cls: ClassApproval) => (
    <ClassActions
      cls={cls}
      busy={busy}
      onReview={() => void markReviewed(cls)}
      onApprove={() => void approveClasses({ classIds: [cls.classId] }, `approve:${cls.classId}`)}
      onReturn={() => setReturning({ kind: 'class', cls })}
    />
  );
  const sheets = (cls: ClassApproval) => <SheetList cls={cls} onReturn={(sheet) => setReturning({ kind: 'sheet', cls, sheet })} />;
  const stepsOn = data ? (Object.keys(STEP_NAMES) as Array<keyof typeof STEP_NAMES>).filter((k) => data.steps[k]) : [];

  return (
    <>
      {approvals.isPending ? (
        <PageSpinner label="Loading classes" />
      ) : approvals.isError ? (
        <Alert>
          <p>{approvals.error.message}</p>
          <Button variant="gray" size="sm" className="mt-2" onClick={() => void approvals.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : stepsOn.length === 0 ? (
        <EmptyState
          title="No approval steps are switched on"
          description={
            role === 'admin'
              ? 'Results are published directly. Switch on the steps your school uses (subject teachers submit, the class teacher reviews, the principal approves) in the settings.'
              : 'Your school publishes results without approval steps: there is nothing to submit or review here.'
          }
          action={
            settingsPath ? (
              <Link to={settingsPath} className="text-sm font-semibold text-secondary hover:underline">
                Open result settings
              </Link>
            ) : null
          }
        />
      ) : !data?.termId ? (
        <EmptyState title="No term to show" description="The selected session has no terms yet." />
      ) : (
        <>
          <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
            <SelectField
              label="Term"
              value={data.termId}
              onChange={(e) => setParam('termId', e.target.value)}
              options={data.terms.map((t) => ({ value: t.id, label: `${t.name} term${t.isCurrent ? ' (current)' : ''}` }))}
            />
            <SelectField label="Level" value={level} onChange={(e) => setParam('level', e.target.value)} placeholder="All levels" options={levels} />
          </div>
          <p className="mb-4 text-sm text-slate-600">
            {data.termName} term {data.sessionName}. Steps in use: {stepsOn.map((k) => STEP_NAMES[k]).join(', then ')}.
          </p>

          {shown.length === 0 ? (
            <EmptyState
              title="No classes"
              description={
                role === 'admin'
                  ? 'There are no classes in this session' + (level ? ` at ${level}.` : '.')
                  : 'You do not teach a subject in, or lead, any class this session' + (level ? ` at ${level}.` : '.')
              }
            />
          ) : (
            <>
              {bulk ? (
                <div className="mb-3 flex flex-wrap items-center gap-2" role="group" aria-label="Approve several classes">
                  <Button
                    variant="primary"
                    size="sm"
                    disabled={chosen.length === 0 || approve.isPending}
                    loading={busy === 'selected'}
                    onClick={() => void approveClasses({ classIds: chosen.map((c) => c.classId) }, 'selected')}
                  >
                    Approve selected{chosen.length > 0 ? ` (${chosen.length})` : ''}
                  </Button>
                  {level ? (
                    <Button variant="gray" size="sm" disabled={approve.isPending} onClick={() => setApprovingLevel(true)}>
                      Approve all in {level}
                    </Button>
                  ) : null}
                  {selectable.length === 0 ? <span className="text-sm text-slate-600">No class shown can be approved now.</span> : null}
                </div>
              ) : null}

              {/* phones: a card per class */}
              <ul className="space-y-3 md:hidden" aria-label="Classes">
                {shown.map((cls) => (
                  <li key={cls.classId} className="rounded-xl border border-slate-200 bg-white p-4">
                    <div className="flex items-start gap-3">
                      {bulk ? <SelectBox cls={cls} checked={selected.has(cls.classId)} onChange={() => setSelected((s) => toggle(s, cls.classId))} /> : null}
                      <div className="min-w-0 flex-1">
                        <div className="flex flex-wrap items-center justify-between gap-2">
                          <h3 className="font-semibold text-slate-900">{cls.className}</h3>
                          <Badge status={STAGE[cls.stage].label} tone={STAGE[cls.stage].tone} />
                        </div>
                        {cls.classTeacherName ? <p className="text-xs text-slate-500">Class teacher: {cls.classTeacherName}</p> : null}
                        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                          <dt className="text-slate-500">Reviewed</dt>
                          <dd>{byAt(cls.reviewedByName, cls.reviewedAt)}</dd>
                          <dt className="text-slate-500">Approved</dt>
                          <dd>{byAt(cls.approvedByName, cls.approvedAt)}</dd>
                        </dl>
                        <Standing cls={cls} />
                        <SheetsToggle
                          cls={cls}
                          open={expanded.has(cls.classId)}
                          onToggle={() => setExpanded((s) => toggle(s, cls.classId))}
                          controls={`sheets-card-${cls.classId}`}
                        />
                        {expanded.has(cls.classId) ? (
                          <div id={`sheets-card-${cls.classId}`} className="mt-2">
                            {sheets(cls)}
                          </div>
                        ) : null}
                        <div className="mt-3">{actions(cls)}</div>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>

              {/* wider screens: a table */}
              <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
                <table className="w-full border-collapse text-sm">
                  <caption className="sr-only">
                    Classes in the approval chain, {data.termName} term {data.sessionName}
                  </caption>
                  <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-600 uppercase">
                    <tr>
                      {bulk ? (
                        <th scope="col" className="w-10 px-3 py-2.5">
                          <input
                            type="checkbox"
                            aria-label="Select every class that can be approved"
                            className="size-4 accent-primary"
                            checked={selectable.length > 0 && chosen.length === selectable.length}
                            disabled={selectable.length === 0}
                            onChange={(e) => setSelected(e.target.checked ? new Set(selectable.map((c) => c.classId)) : new Set())}
                          />
                        </th>
                      ) : null}
                      <th scope="col" className="px-3 py-2.5">
                        Class
                      </th>
                      <th scope="col" className="px-3 py-2.5">
                        Stage
                      </th>
                      <th scope="col" className="px-3 py-2.5">
                        Sheets
                      </th>
                      <th scope="col" className="px-3 py-2.5">
                        Reviewed
                      </th>
                      <th scope="col" className="px-3 py-2.5">
                        Approved
                      </th>
                      <th scope="col" className="px-3 py-2.5">
                        <span className="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  {shown.map((cls) => (
                    <tbody key={cls.classId} className="border-t border-slate-100">
                      <tr className="align-top">
                        {bulk ? (
                          <td className="px-3 py-3">
                            <SelectBox cls={cls} checked={selected.has(cls.classId)} onChange={() => setSelected((s) => toggle(s, cls.classId))} />
                          </td>
                        ) : null}
                        <th scope="row" className="px-3 py-3 text-left font-semibold text-slate-900">
                          <span className="whitespace-nowrap">{cls.className}</span>
                          {cls.classTeacherName ? <span className="block text-xs font-normal text-slate-500">{cls.classTeacherName}</span> : null}
                        </th>
                        <td className="px-3 py-3">
                          <Badge status={STAGE[cls.stage].label} tone={STAGE[cls.stage].tone} />
                          <Standing cls={cls} />
                        </td>
                        <td className="px-3 py-3">
                          <SheetsToggle
                            cls={cls}
                            open={expanded.has(cls.classId)}
                            onToggle={() => setExpanded((s) => toggle(s, cls.classId))}
                            controls={`sheets-row-${cls.classId}`}
                          />
                        </td>
                        <td className="px-3 py-3">{byAt(cls.reviewedByName, cls.reviewedAt)}</td>
                        <td className="px-3 py-3">{byAt(cls.approvedByName, cls.approvedAt)}</td>
                        <td className="px-3 py-3">{actions(cls)}</td>
                      </tr>
                      {expanded.has(cls.classId) ? (
                        <tr id={`sheets-row-${cls.classId}`}>
                          <td colSpan={bulk ? 7 : 6} className="bg-slate-50 px-3 pb-3">
                            {sheets(cls)}
                          </td>
                        </tr>
                      ) : null}
                    </tbody>
                  ))}
                </table>
              </div>
            </>
          )}
        </>
      )}

      <ReturnDialog returning={returning} onSend={sendBack} onClose={() => setReturning(null)} />

      <ConfirmDialog
        open={approvingLevel}
        title={`Approve every class in ${level}?`}
        message="Each class whose earlier steps are done is approved; the others are listed with what they wait for."
        confirmLabel="Approve"
        loading={busy === 'level'}
        onConfirm={() => void approveClasses({ level }, 'level')}
        onCancel={() => setApprovingLevel(false)}
      />

      <Modal
        open={outcome !== null}
        onClose={() => setOutcome(null)}
        title={outcome && outcome.approved.length > 0 ? `${outcome.approved.length} approved, ${outcome.skipped.length} not` : 'No class was approved'}
        description="These classes were left as they are:"
        footer={
          <Button variant="primary" onClick={() => setOutcome(null)} data-autofocus>
            OK
          </Button>
        }
      >
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {outcome?.skipped.map((s) => (
            <li key={s.classId}>
              <strong>{s.className}:</strong> {s.reason}
            </li>
          ))}
        </ul>
      </Modal>
    </>
  );
}

const byAt = (name: string | null, at: string | null) =>
  at ? (
    <span>
      {name ?? 'Someone'}
      <span className="block text-xs text-slate-500">{formatDateTime(at)}</span>
    </span>
  ) : (
    <span className="text-slate-400">—</span>
  );

function SelectBox({ cls, checked, onChange }: { cls: ClassApproval; checked: boolean; onChange: () => void }) {
  return (
    <input
      type="checkbox"
      aria-label={`Select ${cls.className}`}
      className="mt-1 size-4 accent-primary"
      checked={checked && cls.canApprove}
      disabled={!cls.canApprove}
      onChange={onChange}
    />
  );
}

/** What the class waits for, or that it is ready, and the principal's last return note. */
function Standing({ cls }: { cls: ClassApproval }) {
  return (
    <div className="mt-1.5 space-y-1.5 text-sm">
      {cls.readyToPublish ? (
        <p className="font-medium text-green-800">Ready to publish</p>
      ) : cls.waitingFor ? (
        <p className="text-slate-600">{cls.waitingFor}</p>
      ) : null}
      {cls.returnNote ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-2.5 py-1.5 text-amber-900">
          Returned{cls.returnedByName ? ` by ${cls.returnedByName}` : ''}: {cls.returnNote}
        </p>
      ) : null}
    </div>
  );
}

function SheetsToggle({ cls, open, onToggle, controls }: { cls: ClassApproval; open: boolean; onToggle: () => void; controls: string }) {
  if (cls.sheets.length === 0) return <p className="mt-2 text-sm text-slate-500 md:mt-0">No subjects</p>;
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      onClick={onToggle}
      className="mt-2 inline-flex items-center gap-1 rounded-md text-sm font-medium text-secondary hover:underline focus-visible:outline-2 focus-visible:outline-tertiary md:mt-0"
    >
      {submittedCount(cls)} of {cls.sheets.length} submitted
      <ChevronDownIcon size={16} className={cn('transition-transform', open && 'rotate-180')} />
      <span className="sr-only"> in {cls.className}: show the sheets</span>
    </button>
  );
}

function SheetList({ cls, onReturn }: { cls: ClassApproval; onReturn: (sheet: SheetStatus) => void }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label={`Sheets of ${cls.className}`}>
      {cls.sheets.map((sheet) => (
        <li key={sheet.subjectId} className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0 text-sm">
            <p className="font-medium text-slate-900">
              {sheet.subjectName}
              <span className="font-normal text-slate-500"> · {sheet.teacherName ?? 'No teacher'}</span>
            </p>
            <p className="text-slate-600">
              {sheet.scored} of {cls.studentCount} scored ·{' '}
              {sheet.submittedAt ? (
                <span className="text-green-800">
                  Submitted{sheet.submittedByName ? ` by ${sheet.submittedByName}` : ''} {formatDateTime(sheet.submittedAt)}
                </span>
              ) : sheet.returnedAt ? (
                <span className="text-amber-800">Returned{sheet.returnNote ? `: ${sheet.returnNote}` : ''}</span>
              ) : (
                'Not submitted'
              )}
            </p>
          </div>
          {cls.canReturnSheets && sheet.submittedAt ? (
            <Button variant="gray" size="sm" onClick={() => onReturn(sheet)} aria-label={`Return ${sheet.subjectName} sheet of ${cls.className}`}>
              Return
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function ClassActions({
  cls,
  busy,
  onReview,
  onApprove,
  onReturn,
}: {
  cls: ClassApproval;
  busy: string | null;
  onReview: () => void;
  onApprove: () => void;
  onReturn: () => void;
}) {
  if (!cls.canReview && !cls.canApprove && !cls.canReturnClass) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {cls.canReview ? (
        <Button variant="secondary" size="sm" onClick={onReview} loading={busy === `review:${cls.classId}`} aria-label={`Mark reviewed: ${cls.className}`}>
          Mark reviewed
        </Button>
      ) : null}
      {cls.canApprove ? (
        <Button variant="primary" size="sm" onClick={onApprove} loading={busy === `approve:${cls.classId}`} aria-label={`Approve ${cls.className}`}>
          Approve
        </Button>
      ) : null}
      {cls.canReturnClass ? (
        <Button variant="gray" size="sm" onClick={onReturn} aria-label={`Return to class teacher: ${cls.className}`}>
          Return to class teacher
        </Button>
      ) : null}
    </div>
  );
}

/** Asks for the note that goes back with a sheet or a class; the note is required. */
function ReturnDialog({ returning, onSend, onClose }: { returning: Returning | null; onSend: (note: string) => Promise<void>; onClose: () => void }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const close = () => {
    if (sending) return;
    setNote('');
    setError(null);
    onClose();
  };
  const send = async () => {
    const checked = returnClassSchema.shape.note.safeParse(note);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Say what needs changing');
      document.getElementById(`${id}-note`)?.focus();
      return;
    }
    setError(null);
    setSending(true);
    try {
      await onSend(checked.data);
      setNote('');
    } catch (err) {
      setError(failed(err));
    } finally {
      setSending(false);
    }
  };
  const title =
    returning?.kind === 'sheet'
      ? `Return the ${returning.sheet.subjectName} sheet of ${returning.cls.className}`
      : `Return ${returning?.cls.className ?? ''} to the class teacher`;
  const description =
    returning?.kind === 'sheet'
      ? `${returning.sheet.teacherName ?? 'The subject teacher'} can change the scores again and must submit the sheet anew. The class's review and approval are undone.`
      : `${returning?.cls.classTeacherName ?? 'The class teacher'} sees your note and must review the class again.`;
  return (
    <Modal
      open={returning !== null}
      onClose={close}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="gray" onClick={close} disabled={sending}>
            Cancel
          </Button>
          <Button variant="primary" onClick={() => void send()} loading={sending}>
            {returning?.kind === 'sheet' ? 'Return sheet' : 'Return class'}
          </Button>
        </>
      }
    >
      <label htmlFor={`${id}-note`} className="field-label">
        What needs changing
      </label>
      <textarea
        id={`${id}-note`}
        rows={4}
        value={note}
        maxLength={RETURN_NOTE_MAX}
        data-autofocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setNote(e.target.value);
          if (error && e.target.value.trim()) setError(null);
        }}
        className="field-input h-auto py-2"
      />
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
