/**
 * The demo school's week: every class of the active session gets its subjects spread over the
 * teaching hours, Monday to Friday, round the subjects in turn, a teacher never in two classes at
 * the same hour (the rule the timetable's unique index enforces). Pure: it reads the planned rows.
 *
 * Two things are left free on purpose, for the academics journey (e2e/academics.e2e.ts), which makes
 * a teacher clash there: the demo teacher's Monday 8:00 and 9:00 AM, and JSS 1 A's Monday 9:00 AM.
 */
import { TEACHING_HOURS, TIMETABLE_DAYS } from '@school/shared/timetable/constants';
import type * as schema from '../schema';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export interface TimetablePlanInput {
  academicSessions: Row<typeof schema.academicSessions>[];
  classes: Row<typeof schema.classes>[];
  classSubjects: Row<typeof schema.classSubjects>[];
  /** The demo teacher's staff id, and JSS 1 A of the active session: kept free where the journey needs. */
  keepFree: { teacherId: string | null; classId: string | null };
}

export function planTimetable({ academicSessions, classes, classSubjects, keepFree }: TimetablePlanInput): Row<typeof schema.timetableSlots>[] {
  const active = new Set(academicSessions.filter((s) => s.status === 'Active').map((s) => s.id));
  const slots: Row<typeof schema.timetableSlots>[] = [];
  const busy = new Set<string>(); // teacher|day|hour
  const isKeptFree = (classId: string, teacherId: string | null | undefined, day: number, hour: number) =>
    day === 1 && ((teacherId && teacherId === keepFree.teacherId && (hour === 8 || hour === 9)) || (classId === keepFree.classId && hour === 9));

  for (const cls of classes.filter((c) => active.has(c.academicSessionId))) {
    const subjects = classSubjects.filter((s) => s.classId === cls.id);
    if (subjects.length === 0) continue;
    let next = 0;
    for (const day of TIMETABLE_DAYS) {
      for (const hour of TEACHING_HOURS) {
        // the next subject in turn whose teacher is free now; none: the period stays free
        for (let tried = 0; tried < subjects.length; tried++) {
          const subject = subjects[(next + tried) % subjects.length];
          const teacherKey = subject.teacherId ? `${subject.teacherId}|${day}|${hour}` : null;
          if ((teacherKey && busy.has(teacherKey)) || isKeptFree(cls.id!, subject.teacherId, day, hour)) continue;
          if (teacherKey) busy.add(teacherKey);
          slots.push({
            schoolId: cls.schoolId,
            academicSessionId: cls.academicSessionId,
            classId: cls.id!,
            day,
            hour,
            classSubjectId: subject.id!,
            teacherId: subject.teacherId ?? null,
          });
          next = (next + tried + 1) % subjects.length;
          break;
        }
      }
    }
  }
  return slots;
}
