import type { ClassSubjectOption } from '@school/shared/timetable/responses';
import { dayName, slotRangeLabel } from '@school/shared/timetable/constants';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useSetTimetableSlot } from '../api/set-timetable-slot';

export interface SlotDialogProps {
  classId: string;
  className: string;
  day: number;
  hour: number;
  subjects: ClassSubjectOption[];
  /** The class subject in the slot now, or null when it is free. */
  current: string | null;
  onClose: () => void;
}

const FREE = '';

/** Choose the subject of one slot (its teacher comes with it) or free it; a clash shows here. */
export function SlotDialog({ classId, className, day, hour, subjects, current, onClose }: SlotDialogProps) {
  const [choice, setChoice] = useState<string>(current ?? FREE);
  const [error, setError] = useState<string | null>(null);
  const save = useSetTimetableSlot(classId);
  const name = useId();
  const changed = choice !== (current ?? FREE);

  function onSave() {
    setError(null);
    save.mutate(
      { day, hour, classSubjectId: choice === FREE ? null : choice },
      {
        onSuccess: () => {
          toast.success(choice === FREE ? 'Slot cleared' : 'Timetable updated');
          onClose();
        },
        onError: (failure) => setError(isApiError(failure) ? failure.message : 'Something went wrong. Please try again.'),
      },
    );
  }

  const options: Array<{ value: string; title: string; detail: string }> = [
    ...subjects.map((s) => ({ value: s.classSubjectId, title: s.subjectName, detail: s.teacherName ?? 'No teacher assigned yet' })),
    { value: FREE, title: 'Free period', detail: 'No subject in this slot' },
  ];

  return (
    <Modal
      open
      onClose={save.isPending ? () => undefined : onClose}
      title={`${dayName(day)}, ${slotRangeLabel(hour)}`}
      description={className}
      size="md"
      footer={
        <>
          <Button variant="gray" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button variant="primary" onClick={onSave} loading={save.isPending} loadingText="Saving…" disabled={!changed}>
            Save
          </Button>
        </>
      }
    >
      {error ? <Alert className="mb-4">{error}</Alert> : null}
      {subjects.length === 0 ? (
        <p className="mb-3 text-sm text-slate-600">
          {className} has no subjects yet.{' '}
          <Link to="/admin/academics/subject" className="font-semibold text-secondary underline">
            Assign subjects
          </Link>{' '}
          to fill its timetable.
        </p>
      ) : null}
      <fieldset>
        <legend className="sr-only">Subject</legend>
        <div className="space-y-2">
          {options.map((option) => {
            const checked = choice === option.value;
            return (
              <label
                key={option.value || 'free'}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 transition-colors',
                  checked ? 'border-secondary bg-primary-50' : 'border-slate-200 hover:bg-slate-50',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={option.value}
                  checked={checked}
                  onChange={() => {
                    setChoice(option.value);
                    setError(null);
                  }}
                  data-autofocus={checked ? true : undefined}
                  className="mt-1 size-4 accent-secondary"
                />
                <span className="min-w-0">
                  <span className="block text-sm font-semibold text-slate-900">{option.title}</span>
                  <span className="block text-xs text-slate-600">{option.detail}</span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
    </Modal>
  );
}
