import { PROMOTION_OUTCOME_LABELS, type PromotionOutcome } from '@school/shared/academics/promotion';
import type { PromotionResult, PromotionStudent } from '@school/shared/academics/responses';
import { sessionYears } from '@school/shared/academics/schemas';
import { isClassLevel, nextClassLevel } from '@school/shared/constants';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type TableColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { cn } from '@/lib/cn';
import { usePromote, usePromotion, usePromotionSessions } from '../api/promotion';
import { errorMessage } from '../lib/apply-field-errors';

const FINAL_LEVEL = 'SSS 3';
const firstYear = (name: string) => sessionYears(name)?.first ?? 0;

function summary(result: PromotionResult): string {
  const parts = [`${result.promoted} promoted`, `${result.repeated} repeating`, `${result.graduated} graduated`];
  const already = result.unchanged ? ` (${result.unchanged} already placed)` : '';
  return `Promotion done: ${parts.join(', ')}${already}.`;
}

/** /admin/academics/promotion: end-of-session promotion into the next session. */
export function Component() {
  useDocumentTitle('Promotion');
  const sessions = usePromotionSessions();
  const items = useMemo(() => [...(sessions.data?.items ?? [])].sort((a, b) => firstYear(a.name) - firstYear(b.name)), [sessions.data]);
  const [fromId, setFromId] = useState('');
  const [toId, setToId] = useState('');
  const [classId, setClassId] = useState<string | null>(null);
  const [decisions, setDecisions] = useState<Record<string, PromotionOutcome>>({});
  const [confirming, setConfirming] = useState<'class' | 'all' | null>(null);
  const promote = usePromote();

  // Default: from the Active session into the one after it.
  useEffect(() => {
    if (fromId || items.length === 0) return;
    const active = items.find((s) => s.status === 'Active') ?? items[items.length - 1];
    setFromId(active.id);
    const later = items.find((s) => firstYear(s.name) > firstYear(active.name));
    setToId(later?.id ?? '');
  }, [items, fromId]);

  const from = items.find((s) => s.id === fromId);
  const laterSessions = items.filter((s) => from && firstYear(s.name) > firstYear(from.name));
  const view = usePromotion(fromId && toId ? { fromSessionId: fromId, toSessionId: toId, classId } : null);
  const data = view.data;
  const chosenClass = data?.classes.find((c) => c.classId === classId) ?? null;

  useEffect(() => {
    if (!classId && data?.classes.length) setClassId(data.classes[0].classId);
  }, [data, classId]);

  const outcomeOf = (s: PromotionStudent) => decisions[s.studentId] ?? s.proposed;
  const overrides = Object.entries(decisions).map(([studentId, outcome]) => ({ studentId, outcome }));

  const columns = useMemo<TableColumn<PromotionStudent>[]>(
    () => [
      {
        id: 'student',
        name: 'Student',
        grow: 2,
        cell: (s) => (
          <span className="py-2 leading-snug">
            <span className="block font-medium text-slate-900">{s.name}</span>
            <span className="text-xs text-slate-600">{s.registrationNo}</span>
          </span>
        ),
      },
      {
        id: 'average',
        name: 'Average',
        cell: (s) => (s.average === null ? <span className="text-slate-500">No scores</span> : s.average.toFixed(2)),
        width: '110px',
      },
      {
        id: 'proposed',
        name: 'Proposed',
        cell: (s) => <Badge status={PROMOTION_OUTCOME_LABELS[s.proposed]} tone={s.proposed === 'repeat' ? 'yellow' : 'green'} />,
        width: '120px',
      },
      {
        id: 'decision',
        name: 'Decision',
        minWidth: '170px',
        cell: (s) => {
          if (s.placedIn || s.graduated) return <span className="text-sm text-slate-700">{s.graduated ? 'Graduated' : `In ${s.placedIn!.className}`}</span>;
          const options: PromotionOutcome[] = chosenClass?.level === FINAL_LEVEL ? ['graduate', 'repeat'] : ['promote', 'repeat'];
          return (
            <SelectField
              label={`Decision for ${s.name}`}
              hideLabel
              className="w-full min-w-36 py-1"
              value={outcomeOf(s)}
              onChange={(e) => {
                const outcome = e.target.value as PromotionOutcome;
                setDecisions((d) => {
                  const nextDecisions = { ...d };
                  if (outcome === s.proposed) delete nextDecisions[s.studentId];
                  else nextDecisions[s.studentId] = outcome;
                  return nextDecisions;
                });
              }}
              options={options.map((o) => ({ value: o, label: PROMOTION_OUTCOME_LABELS[o] }))}
            />
          );
        },
      },
      {
        id: 'goes',
        name: 'Next session',
        cell: (s) => {
          if (s.placedIn) return <Badge status="Placed" tone="green" />;
          if (s.graduated) return <Badge status="Graduated" tone="green" />;
          const outcome = outcomeOf(s);
          if (outcome === 'graduate') return 'Leaves the school';
          if (outcome === 'repeat') return chosenClass?.className ?? '';
          if (s.proposed === 'promote') return s.proposedClassName ?? '';
          if (!chosenClass) return '';
          const next = isClassLevel(chosenClass.level) ? nextClassLevel(chosenClass.level) : null;
          return next ? `${next} ${chosenClass.className.slice(chosenClass.level.length + 1)}` : '';
        },
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [decisions, chosenClass],
  );

  async function run(scope: 'class' | 'all') {
    try {
      const result = await promote.mutateAsync({
        fromSessionId: fromId,
        toSessionId: toId,
        classId: scope === 'class' ? classId : null,
        decisions: overrides,
      });
      toast.success(summary(result));
      setDecisions({});
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setConfirming(null);
    }
  }

  const pendingInClass = data?.students.filter((s) => !s.placedIn && !s.graduated).length ?? 0;
  const pendingInSchool = data?.classes.reduce((n, c) => n + c.studentCount - c.placedCount, 0) ?? 0;

  return (
    <>
      <PageHeader
        title="Promotion"
        description="At the end of a session, move each class's students into the next session: promote, repeat, or graduate from SSS 3, proposed from their cumulative average and the pass mark."
      />
      {sessions.isPending ? (
        <Spinner label="Loading sessions" />
      ) : (
        <div className="space-y-5">
          <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
            <SelectField
              label="Promote from"
              value={fromId}
              onChange={(e) => {
                setFromId(e.target.value);
                const chosen = items.find((s) => s.id === e.target.value);
                setToId(items.find((s) => chosen && firstYear(s.name) > firstYear(chosen.name))?.id ?? '');
                setClassId(null);
                setDecisions({});
              }}
              options={items.map((s) => ({ value: s.id, label: `${s.name} (${s.status})` }))}
            />
            <SelectField
              label="Into"
              value={toId}
              disabled={laterSessions.length === 0}
              onChange={(e) => {
                setToId(e.target.value);
                setDecisions({});
              }}
              placeholder={laterSessions.length === 0 ? 'No later session' : undefined}
              options={laterSessions.map((s) => ({ value: s.id, label: `${s.name} (${s.status})` }))}
            />
          </div>

          {from && laterSessions.length === 0 ? (
            <EmptyState
              title="No session to promote into"
              description={`Create the session after ${from.name} under Settings → Sessions & terms first; promotion places students in its classes.`}
              action={
                <Link to="/admin/settings" className={buttonClasses({ variant: 'primary' })}>
                  Go to settings
                </Link>
              }
            />
          ) : view.isError ? (
            <Alert>{errorMessage(view.error)}</Alert>
          ) : !data ? (
            <Spinner label="Loading classes" />
          ) : data.classes.length === 0 ? (
            <EmptyState title="No students to promote" description={`No class of ${data.fromSession.name} has students enrolled.`} />
          ) : (
            <div className="grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[16rem_minmax(0,1fr)]">
              <SelectField
                className="lg:hidden"
                label="Class"
                value={classId ?? ''}
                onChange={(e) => setClassId(e.target.value)}
                options={data.classes.map((c) => ({ value: c.classId, label: `${c.className} (${c.placedCount}/${c.studentCount} placed)` }))}
              />
              <nav aria-label="Classes" className="hidden rounded-xl border border-slate-200 bg-white p-2 lg:block">
                <ul className="flex flex-col gap-1">
                  {data.classes.map((c) => {
                    const done = c.placedCount === c.studentCount;
                    return (
                      <li key={c.classId}>
                        <button
                          type="button"
                          aria-current={c.classId === classId ? 'true' : undefined}
                          onClick={() => setClassId(c.classId)}
                          className={cn(
                            'flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2 text-left text-sm',
                            c.classId === classId ? 'bg-primary-50 font-semibold text-slate-900' : 'text-slate-700 hover:bg-slate-50',
                          )}
                        >
                          <span>{c.className}</span>
                          <span className={cn('text-xs', done ? 'text-green-700' : 'text-slate-600')}>
                            {c.placedCount}/{c.studentCount}
                          </span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </nav>
              <section aria-labelledby="promotion-class" className="min-w-0 rounded-xl border border-slate-200 bg-white">
                <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4">
                  <div>
                    <h2 id="promotion-class" className="text-base font-semibold text-slate-900">
                      {chosenClass ? `${chosenClass.className}: ${data.fromSession.name} → ${data.toSession.name}` : 'Choose a class'}
                    </h2>
                    <p className="text-sm text-slate-600">Pass mark {data.passMark}. Change a decision to override the proposal.</p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button variant="secondary" disabled={pendingInSchool === 0} onClick={() => setConfirming('all')}>
                      Promote all classes
                    </Button>
                    <Button variant="primary" disabled={!chosenClass || pendingInClass === 0} onClick={() => setConfirming('class')}>
                      {chosenClass ? `Promote ${chosenClass.className}` : 'Promote class'}
                    </Button>
                  </div>
                </div>
                <DataTable
                  ariaLabel={chosenClass ? `Students of ${chosenClass.className}` : 'Students'}
                  keyField="studentId"
                  columns={columns}
                  data={data.students}
                  progressPending={view.isFetching && data.students.length === 0}
                  paginationPerPage={30}
                />
              </section>
            </div>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'all' ? 'Promote every class?' : `Promote ${chosenClass?.className ?? 'this class'}?`}
        message={
          confirming === 'all'
            ? `${pendingInSchool} students of ${data?.fromSession.name ?? ''} get their class in ${data?.toSession.name ?? ''} (or graduate), with the proposals and your changes. Students already placed are left as they are.`
            : `${pendingInClass} students get their class in ${data?.toSession.name ?? ''} (or graduate). Students already placed are left as they are.`
        }
        confirmLabel="Promote"
        loading={promote.isPending}
        onConfirm={() => run(confirming!)}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
