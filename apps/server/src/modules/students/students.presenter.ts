import { className } from '@school/shared/academics/schemas';
import type { FeeStatus, Gender } from '@school/shared/constants';
import type { StudentDetail, StudentListItem, StudentSummary } from '@school/shared/students/responses';
import { STUDENT_STATUS_LABELS, type StudentStatus } from '@school/shared/students/schemas';
import { personName } from '../../lib/names';
import { uploadUrl } from '../../lib/uploads';
import type { StudentListRow, StudentRow } from './students.repository';

/** A row of the students table: what staff of the school see. */
export function presentStudentListItem(row: StudentListRow): StudentListItem {
  return {
    id: row.id,
    registrationNo: row.registrationNo,
    name: personName(row),
    classId: row.classId,
    className: row.level && row.arm ? className(row.level, row.arm) : null,
    gender: row.gender as Gender,
    status: row.status as StudentStatus,
    feeStatus: (row.feeStatus as FeeStatus | null) ?? null,
  };
}

export function presentStudentDetail(
  row: StudentRow,
  related: {
    guardians: Array<{ id: string; name: string; relationship: string; phone: string | null; email: string | null }>;
    enrolments: Array<{ academicSessionId: string; academicSessionName: string; classId: string; level: string; arm: string }>;
    academicSessionId: string | null;
    summary: StudentSummary;
  },
): StudentDetail {
  const classHistory = related.enrolments.map((e) => ({
    academicSessionId: e.academicSessionId,
    academicSessionName: e.academicSessionName,
    classId: e.classId,
    className: className(e.level, e.arm),
  }));
  const current = classHistory.find((e) => e.academicSessionId === related.academicSessionId);
  return {
    id: row.id,
    registrationNo: row.registrationNo,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    name: personName(row),
    gender: row.gender as Gender,
    dateOfBirth: row.dateOfBirth,
    stateOfOrigin: row.stateOfOrigin,
    address: row.address,
    status: row.status as StudentStatus,
    admittedOn: row.admittedOn,
    // students.photo_path holds the id of the photo's upload, as staff.photo_path does
    photoUrl: uploadUrl(row.photoPath),
    currentClass: current ? { id: current.classId, name: current.className } : null,
    guardians: related.guardians,
    classHistory,
    summary: related.summary,
  };
}

/** What the audit log keeps of a student's personal details. */
export function studentSnapshot(row: Pick<StudentRow, 'firstName' | 'middleName' | 'lastName' | 'gender' | 'dateOfBirth' | 'stateOfOrigin' | 'address'>) {
  return {
    firstName: row.firstName,
    middleName: row.middleName ?? null,
    lastName: row.lastName,
    gender: row.gender,
    dateOfBirth: row.dateOfBirth ?? null,
    stateOfOrigin: row.stateOfOrigin ?? null,
    address: row.address ?? null,
  };
}

// ---------------------------------------------------------------- CSV

/** One CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value == null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_HEADER = ['S/N', 'Registration Number', 'Name', 'Class', 'Gender', 'Status'];

export function studentsCsv(rows: StudentListRow[]): string {
  const lines = [CSV_HEADER.map(csvCell).join(',')];
  rows.forEach((row, index) => {
    const item = presentStudentListItem(row);
    const gender = item.gender ? item.gender.charAt(0).toUpperCase() + item.gender.slice(1) : '';
    lines.push([index + 1, item.registrationNo, item.name, item.className, gender, STUDENT_STATUS_LABELS[item.status] ?? item.status].map(csvCell).join(','));
  });
  return `${lines.join('\r\n')}\r\n`;
}
