import type { Register } from '@school/shared/attendance/responses';
import type { AttendanceStatus } from '@school/shared/attendance/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConflictDialog } from '@/components/offline/conflict-dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select-field';
import { PageSpinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { usePendingChange } from '@/hooks/use-outbox';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { differingRows, savedByOf } from '@/lib/outbox/compare';
import { conflictCurrent } from '@/lib/outbox/save-or-queue';
import { useAttendanceOptions } from '../api/get-attendance-options';
import { useRegister } from '../api/get-register';
import { attendanceKeys } from '../api/keys';
import { registerChangeKey, useSaveRegisterOrQueue } from '../api/save-register';
import { RegisterEditor, type PendingMarks } from '../components/register-editor';

type Entries = Array<{ studentId: string; status: AttendanceStatus }>;

/** teachers/mark-attendance: pick a class and a school day, mark the exceptions, save the register. */
export function Component() {
  useDocumentTitle('Mark Attendance');
  const options = useAttendanceOptions();
  const [search, setSearch] = useSearchParams();
  const [chosenClass, setChosenClass] = useState<string | null>(search.get('classId'));
  const [chosenDate, setChosenDate] = useState<string | null>(search.get('date'));
  const classId = chosenClass ?? options.data?.classes[0]?.id ?? '';
  const date = chosenDate ?? options.data?.defaultDate ?? '';
  const register = useRegister(classId, date);
  const save = useSaveRegisterOrQueue();
  const queryClient = useQueryClient();
  // marks saved on this device and not on the server yet (issue 21) show instead of the server's
  const pending = usePendingChange(classId && date ? registerChangeKey(classId, date) : null);
  const [conflict, setConflict] = useState<{ entries: Entries; current: Register; message: string } | null>(null);

  const send = (entries: Entries, baseVersion: string | null) =>
    save.mutate(
      { classId, date, entries, baseVersion, className: register.data?.className ?? '' },
      {
        onSuccess: (outcome) => {
          setConflict(null);
          if (outcome.saved) toast.success(`Register of ${outcome.saved.className} for ${formatDate(outcome.saved.date)} saved`);
          else
            toast.info(
              `Register of ${register.data?.className ?? ''} for ${formatDate(date)} saved on this device: it will be sent when the connection returns`,
            );
        },
        onError: (error) => {
          const current = conflictCurrent<Register>(error);
          if (current) setConflict({ entries, current, message: error.message });
          else toast.error(error.message);
        },
      },
    );

  const [dirty, setDirty] = useState(false);
  const [leaving, setLeaving] = useState<{ classId?: string; date?: string } | null>(null);

  const apply = (next: { classId?: string; date?: string }) => {
    setDirty(false);
    if (next.classId !== undefined) setChosenClass(next.classId);
    if (next.date !== undefined) setChosenDate(next.date);
    const params = new URLSearchParams(search);
    params.set('classId', next.classId ?? classId);
    params.set('date', next.date ?? date);
    setSearch(params, { replace: true });
  };
  // unsaved marks are not thrown away without asking
  const choose = (next: { classId?: string; date?: string }) => (dirty ? setLeaving(next) : apply(next));

  const terms = options.data?.terms ?? [];
  const dateError =
    register.isError && isApiError(register.error) && register.error.status === 400 ? (register.error.errors.date ?? register.error.message) : undefined;

  return (
    <>
      <PageHeader
        title="Mark Attendance"
        description={
          options.data?.sessionName
            ? `Everyone starts Present: tap the students who are Absent, Late or Excused, then save. School days of ${options.data.sessionName} only.`
            : 'Everyone starts Present: tap the students who are Absent, Late or Excused, then save.'
        }
      />
      {options.isPending ? (
        <PageSpinner label="Loading your classes" />
      ) : options.isError ? (
        <LoadError error={options.error}>
          <p>We could not load your classes. {options.error.message}</p>
          <Button variant="gray" size="sm" className="mt-2" onClick={() => void options.refetch()}>
            Try again
          </Button>
        </LoadError>
      ) : options.data.classes.length === 0 ? (
        <EmptyState
          title="No class to mark"
          description="You are not the class teacher of any class in the selected session. The class teacher takes each class's register."
        />
      ) : (
        <>
          <div className="mb-5 grid gap-3 sm:grid-cols-[minmax(0,16rem)_minmax(0,12rem)]">
            <SelectField
              label="Class"
              value={classId}
              onChange={(e) => choose({ classId: e.target.value })}
              options={options.data.classes.map((c) => ({ value: c.id, label: c.name }))}
            />
            <TextField
              label="Date"
              type="date"
              value={date}
              max={options.data.today}
              min={terms[0]?.startDate}
              onChange={(e) => choose({ date: e.target.value })}
              error={dateError}
              hint={!dateError && register.data ? `${formatDate(register.data.date)} · ${register.data.term.name} term` : 'Monday to Friday, within a term'}
            />
          </div>
          {!date ? (
            <Alert tone="info">Choose a school day to open its register.</Alert>
          ) : register.isPending || !pending.loaded ? (
            <PageSpinner label="Loading the register" />
          ) : register.isError ? (
            dateError ? null : (
              <LoadError error={register.error}>
                <p>We could not load the register. {register.error.message}</p>
                <Button variant="gray" size="sm" className="mt-2" onClick={() => void register.refetch()}>
                  Try again
                </Button>
              </LoadError>
            )
          ) : (
            <RegisterEditor
              key={`${register.data.classId}:${register.data.date}:${register.data.updatedAt ?? 'new'}:${pending.change?.id ?? ''}`}
              register={register.data}
              pending={pending.change ? ({ entries: pending.change.body.entries, status: pending.change.status } as PendingMarks) : null}
              saving={save.isPending}
              onDirtyChange={setDirty}
              onSave={(entries) => send(entries, register.data.version)}
            />
          )}
        </>
      )}
      {conflict ? (
        <ConflictDialog
          open
          subject={`Register of ${conflict.current.className}, ${formatDate(conflict.current.date)}`}
          message={conflict.message}
          rows={differingRows('register', { entries: conflict.entries }, conflict.current)}
          savedBy={savedByOf('register', conflict.current)}
          busy={save.isPending}
          onClose={() => setConflict(null)}
          onKeepMine={() => send(conflict.entries, conflict.current.version)}
          onTakeTheirs={() => {
            queryClient.setQueryData(attendanceKeys.register(conflict.current.classId, conflict.current.date), conflict.current);
            setConflict(null);
            toast.info('The marks saved meanwhile are kept');
          }}
        />
      ) : null}
      <ConfirmDialog
        open={leaving !== null}
        title="Leave this register without saving?"
        message="The marks you changed have not been saved. They will be lost."
        confirmLabel="Leave without saving"
        tone="danger"
        onConfirm={() => {
          if (leaving) apply(leaving);
          setLeaving(null);
        }}
        onCancel={() => setLeaving(null)}
      />
    </>
  );
}
