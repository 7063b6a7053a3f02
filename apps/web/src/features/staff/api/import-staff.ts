import { IMPORT_FILE_FIELD, type ImportMode } from '@school/shared/admissions/schemas';
import type { StaffImportReport } from '@school/shared/staff/import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { staffKeys } from './keys';

export interface ImportStaffInput {
  file: File;
  mode: ImportMode;
  dryRun: boolean;
}

/** The server's answer: the report, and the refusal's message when all-or-nothing found a wrong row. */
export interface StaffImportOutcome {
  report: StaffImportReport;
  refused: string | null;
}

function isReport(value: unknown): value is StaffImportReport {
  return typeof value === 'object' && value !== null && Array.isArray((value as StaffImportReport).rows);
}

export async function importStaff({ file, mode, dryRun }: ImportStaffInput): Promise<StaffImportOutcome> {
  const form = new FormData();
  form.append('mode', mode);
  form.append(IMPORT_FILE_FIELD, file, file.name);
  try {
    return { report: await api.post<StaffImportReport>(`/api/staff/import${dryRun ? '?preview=true' : ''}`, form), refused: null };
  } catch (error) {
    // all-or-nothing with a wrong row: 400 with the row-by-row report, nothing written
    if (isApiError(error) && error.status === 400 && isReport(error.body)) return { report: error.body, refused: error.message };
    throw error;
  }
}

export function useImportStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importStaff,
    onSuccess: ({ report }) => {
      if (!report.dryRun && report.imported > 0) void queryClient.invalidateQueries({ queryKey: staffKeys.all });
    },
  });
}
