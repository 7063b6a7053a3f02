import type { StudentListItem } from '@school/shared/students/responses';
import { STUDENT_STATUS_LABELS } from '@school/shared/students/schemas';
import { capitalise } from '@/lib/format';

/** The columns of GET /api/students.csv, so that an export of selected rows reads the same. */
const HEADER = ['S/N', 'Registration Number', 'Name', 'Class', 'Gender', 'Status'];

/** One CSV cell: quoted when needed, and never read as a formula by a spreadsheet (as the server's). */
function csvCell(value: string | number | null | undefined): string {
  let text = value == null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The selected rows of the students table as CSV, in the order shown. */
export function selectedStudentsCsv(rows: readonly StudentListItem[]): string {
  const lines = [HEADER.map(csvCell).join(',')];
  rows.forEach((row, index) => {
    lines.push(
      [index + 1, row.registrationNo, row.name, row.className, capitalise(row.gender), STUDENT_STATUS_LABELS[row.status] ?? row.status].map(csvCell).join(','),
    );
  });
  return `${lines.join('\r\n')}\r\n`;
}

/** Saves CSV text as a file, made in the browser (nothing is sent). */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
