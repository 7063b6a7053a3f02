import { dayName, formatHour } from '@school/shared/timetable/constants';
import type { ClassSubjectOption, TeacherTimetableSlotView, TimetableClassSummary, TimetableSlotView } from '@school/shared/timetable/responses';
import type { ClassRow, SlotRow } from './timetable.repository';

/** 'JSS 1' + 'B' → 'JSS 1 B' */
export const className = (level: string, arm: string) => `${level} ${arm}`;

/** Teachers appear by name only, never with their contact details. */
export function presentSlot(row: SlotRow): TimetableSlotView {
  return {
    day: row.day,
    hour: row.hour,
    classSubjectId: row.classSubjectId,
    subjectId: row.subjectId,
    subjectName: row.subjectName,
    subjectCode: row.subjectCode,
    teacherId: row.teacherId,
    teacherName: row.teacherName,
  };
}

export function presentTeacherSlot(row: SlotRow): TeacherTimetableSlotView {
  return { ...presentSlot(row), classId: row.classId, className: className(row.classLevel, row.classArm) };
}

export function presentClassSummary(row: Pick<ClassRow, 'id' | 'level' | 'arm'>): TimetableClassSummary {
  return { id: row.id, name: className(row.level, row.arm), level: row.level, arm: row.arm };
}

export function presentClassSubject(row: ClassSubjectOption): ClassSubjectOption {
  return {
    classSubjectId: row.classSubjectId,
    subjectId: row.subjectId,
    subjectName: row.subjectName,
    teacherId: row.teacherId,
    teacherName: row.teacherName,
  };
}

/** 'Mrs. Funmilayo Adeyemi already teaches JSS 1 B at Monday 9:00 AM' */
export function clashMessage(teacherName: string, otherClassName: string, day: number, hour: number): string {
  return `${teacherName} already teaches ${otherClassName} at ${dayName(day)} ${formatHour(hour)}`;
}
