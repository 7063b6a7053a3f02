import type { SubjectTeacherImportReport } from '@school/shared/academics/subject-teachers-import';
import { IMPORT_FILE_FIELD } from '@school/shared/admissions/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postImport, type ImportInput, type ImportOutcome } from '@/components/csv-import/import-outcome';
import { academicsKeys } from './keys';

/** Sets the subject teachers of a CSV or Excel file, or (`?preview=true`) only checks them; all-or-nothing with a wrong row is refused with the report. */
export function importSubjectTeachers({ file, mode, dryRun }: ImportInput): Promise<ImportOutcome<SubjectTeacherImportReport>> {
  const form = new FormData();
  form.append('mode', mode);
  form.append(IMPORT_FILE_FIELD, file, file.name);
  return postImport<SubjectTeacherImportReport>(`/api/academics/subject-teachers/import${dryRun ? '?preview=true' : ''}`, form);
}

/** GET /api/academics/subject-teachers/template: the import's file filled in with the session's classes, subjects and teachers now. */
export const subjectTeachersTemplateUrl = (sessionId: string) => `/api/academics/subject-teachers/template?sessionId=${encodeURIComponent(sessionId)}`;

export function useImportSubjectTeachers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importSubjectTeachers,
    // the subject list, the class list's subjects and students' subjects show the teachers
    onSuccess: ({ report }) => {
      if (!report.dryRun && report.imported > 0) void queryClient.invalidateQueries({ queryKey: academicsKeys.all });
    },
  });
}
