import { csvCell } from '../../lib/csv';
import type { InvoiceRow } from './finance.repository';

export interface DebtorGuardian {
  studentId: string;
  name: string;
  email: string | null;
  phone: string | null;
}

const HEADER = ['Registration Number', 'Name', 'Class', 'Term', 'Fees (NGN)', 'Paid (NGN)', 'Balance (NGN)', 'Guardian', 'Guardian Phone', 'Guardian Email'];

const naira = (kobo: number) => (kobo / 100).toFixed(2);

/** The debtors' list as CSV (CRLF lines): one row per unpaid invoice with its first guardian. */
export function debtorsCsv(rows: InvoiceRow[], guardians: DebtorGuardian[]): string {
  const lines = [HEADER.join(',')];
  for (const r of rows) {
    const g = guardians.find((x) => x.studentId === r.studentId);
    lines.push(
      [
        r.registrationNo,
        r.studentName,
        r.className,
        `${r.termName} ${r.sessionName}`,
        naira(r.dueKobo),
        naira(r.paidKobo),
        naira(r.balanceKobo),
        g?.name ?? '',
        g?.phone ?? '',
        g?.email ?? '',
      ]
        .map((v) => csvCell(String(v)))
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** 'debtors-2024-2025-second.csv' */
export const debtorsFileName = (term: { name: string; sessionName: string }) => `debtors-${term.sessionName.replace('/', '-')}-${term.name.toLowerCase()}.csv`;
