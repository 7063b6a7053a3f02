import { LESSON_NOTE_STATUSES, type LessonNoteStatus, WEEKS } from '@school/shared/constants';
import type { LessonNoteOptions } from '@school/shared/lesson-notes/responses';
import { SelectField } from '@/components/ui/select-field';

export interface LessonNoteFilterValues {
  teacherId: string;
  classId: string;
  subjectId: string;
  termId: string;
  week: string;
  status: '' | LessonNoteStatus;
}

export const NO_FILTERS: LessonNoteFilterValues = { teacherId: '', classId: '', subjectId: '', termId: '', week: '', status: '' };

export interface LessonNoteFiltersProps {
  options: LessonNoteOptions | undefined;
  value: LessonNoteFilterValues;
  onChange: (value: LessonNoteFilterValues) => void;
  /** Which filters to show, in order. */
  show: Array<keyof LessonNoteFilterValues>;
  statuses?: readonly LessonNoteStatus[];
}

/** A row of selects that narrow a lesson-note list; an empty choice means all. */
export function LessonNoteFilters({ options, value, onChange, show, statuses = LESSON_NOTE_STATUSES }: LessonNoteFiltersProps) {
  const set = (key: keyof LessonNoteFilterValues) => (event: { target: { value: string } }) =>
    onChange({ ...value, [key]: event.target.value } as LessonNoteFilterValues);
  const lists: Record<keyof LessonNoteFilterValues, { label: string; all: string; items: Array<{ id: string; name: string }> }> = {
    teacherId: { label: 'Teacher', all: 'All teachers', items: options?.teachers ?? [] },
    classId: { label: 'Class', all: 'All classes', items: options?.classes ?? [] },
    subjectId: { label: 'Subject', all: 'All subjects', items: options?.subjects ?? [] },
    termId: { label: 'Term', all: 'All terms', items: (options?.terms ?? []).map((t) => ({ id: t.id, name: `${t.name} term` })) },
    week: { label: 'Week', all: 'All weeks', items: WEEKS.map((w) => ({ id: String(w), name: `Week ${w}` })) },
    status: { label: 'Status', all: 'All statuses', items: statuses.map((s) => ({ id: s, name: s })) },
  };
  return (
    <div role="group" aria-label="Filters" className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {show.map((key) => (
        <SelectField key={key} label={lists[key].label} value={value[key]} onChange={set(key)} className="min-w-0">
          <option value="">{lists[key].all}</option>
          {lists[key].items.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </SelectField>
      ))}
    </div>
  );
}
