import type { StudentCsvQuery } from '@school/shared/students/schemas';
import { getSelectedAcademicSessionId } from '@/lib/academic-session-store';
import { ApiError } from '@/lib/api-client';
import { toSearchParams } from './keys';

/** Downloads GET /api/students.csv (same filters as the list) as a file. */
export async function exportStudentsCsv(query: StudentCsvQuery): Promise<void> {
  const headers: Record<string, string> = { accept: 'text/csv' };
  const sessionId = getSelectedAcademicSessionId();
  if (sessionId) headers['x-academic-session'] = sessionId;
  let res: Response;
  try {
    res = await fetch(`/api/students.csv${toSearchParams({ ...query })}`, { credentials: 'include', headers });
  } catch {
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.');
  }
  if (!res.ok) throw new ApiError(res.status, res.status === 403 ? 'You do not have permission to do this' : 'Could not export the students.');
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'students.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
