import type { ImportReport } from '@school/shared/admissions/responses';
import { IMPORT_FILE_FIELD, type ImportMode } from '@school/shared/admissions/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { admissionKeys } from './keys';

export interface ImportStudentsInput {
  file: File;
  mode: ImportMode;
  dryRun: boolean;
}

/** The server's answer: the report, and the refusal's message when all-or-nothing found a wrong row. */
export interface ImportOutcome {
  report: ImportReport;
  refused: string | null;
}

function isReport(value: unknown): value is ImportReport {
  return typeof value === 'object' && value !== null && Array.isArray((value as ImportReport).rows);
}

export async function importStudents({ file, mode, dryRun }: ImportStudentsInput): Promise<ImportOutcome> {
  const form = new FormData();
  form.append('mode', mode);
  form.append('dryRun', String(dryRun));
  form.append(IMPORT_FILE_FIELD, file, file.name);
  try {
    return { report: await api.post<ImportReport>('/api/admissions/imports', form), refused: null };
  } catch (error) {
    // all-or-nothing with a wrong row: 400 with the row-by-row report, nothing written
    if (isApiError(error) && error.status === 400 && isReport(error.body)) return { report: error.body, refused: error.message };
    throw error;
  }
}

export function useImportStudents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importStudents,
    onSuccess: ({ report }) => {
      if (!report.dryRun && report.imported > 0) void queryClient.invalidateQueries({ queryKey: admissionKeys.classes() });
    },
  });
}
