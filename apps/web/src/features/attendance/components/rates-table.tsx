import type { ClassRate, StudentRate } from '@school/shared/attendance/responses';
import { formatRate } from './rate-text';

/** A plain table of rates: readable on screen, and what prints (the paginated table does not print every row). */
export function ClassRatesTable({ rows }: { rows: ClassRate[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="min-w-full text-sm">
        <caption className="sr-only">Rates per class</caption>
        <thead className="bg-slate-50 text-left text-xs text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              Class
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right sm:table-cell print:table-cell">
              Registers
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right sm:table-cell print:table-cell">
              Present
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right sm:table-cell print:table-cell">
              Absent
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right sm:table-cell print:table-cell">
              Late
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right sm:table-cell print:table-cell">
              Excused
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Rate
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.classId}>
              <th scope="row" className="px-3 py-2 text-left font-semibold whitespace-nowrap text-slate-900">
                {r.className}
              </th>
              <td className="hidden px-3 py-2 text-right sm:table-cell print:table-cell">{r.registers}</td>
              <td className="hidden px-3 py-2 text-right sm:table-cell print:table-cell">{r.present}</td>
              <td className="hidden px-3 py-2 text-right sm:table-cell print:table-cell">{r.absent}</td>
              <td className="hidden px-3 py-2 text-right sm:table-cell print:table-cell">{r.late}</td>
              <td className="hidden px-3 py-2 text-right sm:table-cell print:table-cell">{r.excused}</td>
              <td className="px-3 py-2 text-right font-semibold">{formatRate(r.rate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function StudentRatesPrintTable({ rows }: { rows: StudentRate[] }) {
  return (
    <table className="hidden print:table">
      <caption>Rates per student</caption>
      <thead>
        <tr>
          <th>Registration Number</th>
          <th>Name of Student</th>
          <th>Class</th>
          <th>Present</th>
          <th>Absent</th>
          <th>Late</th>
          <th>Excused</th>
          <th>Rate</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.studentId}>
            <td>{r.registrationNo}</td>
            <td>{r.name}</td>
            <td>{r.className}</td>
            <td>{r.present}</td>
            <td>{r.absent}</td>
            <td>{r.late}</td>
            <td>{r.excused}</td>
            <td>{formatRate(r.rate)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
