import { IMPORT_FILE_FIELD } from '@school/shared/admissions/schemas';
import type { StaffImportReport } from '@school/shared/staff/import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postImport, type ImportInput, type ImportOutcome } from '@/components/csv-import/import-outcome';
import { staffKeys } from './keys';

/** Adds the staff of a CSV file, or (`?preview=true`) only checks them; all-or-nothing with a wrong row is refused with the report. */
export function importStaff({ file, mode, dryRun }: ImportInput): Promise<ImportOutcome<StaffImportReport>> {
  const form = new FormData();
  form.append('mode', mode);
  form.append(IMPORT_FILE_FIELD, file, file.name);
  return postImport<StaffImportReport>(`/api/staff/import${dryRun ? '?preview=true' : ''}`, form);
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
