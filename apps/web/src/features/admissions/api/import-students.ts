import type { ImportReport } from '@school/shared/admissions/responses';
import { IMPORT_FILE_FIELD } from '@school/shared/admissions/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postImport, type ImportInput, type ImportOutcome } from '@/components/csv-import/import-outcome';
import { admissionKeys } from './keys';

/** Admits the students of a CSV file, or (dryRun) only checks them; all-or-nothing with a wrong row is refused with the report. */
export function importStudents({ file, mode, dryRun }: ImportInput): Promise<ImportOutcome<ImportReport>> {
  const form = new FormData();
  form.append('mode', mode);
  form.append('dryRun', String(dryRun));
  form.append(IMPORT_FILE_FIELD, file, file.name);
  return postImport<ImportReport>('/api/admissions/imports', form);
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
