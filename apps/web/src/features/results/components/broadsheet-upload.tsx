import type { Maxima } from '@school/shared/results/responses';
import { COMPONENT_LABELS, SCORE_COMPONENTS } from '@school/shared/results/types';
import type { BroadsheetUploadResult } from '@school/shared/results/upload';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { broadsheetTemplateUrl, useUploadBroadsheet } from '../api/broadsheet-upload';
import type { Place } from '../api/records';
import { UploadControls, UploadProgress, useSpreadsheetUpload } from './score-upload';

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * Every subject of a class for a term in one spreadsheet (administrators): the template with today's
 * scores, and the upload of the filled-in file. The server saves every subject or none; a refused
 * file lists each wrong row, a saved one how many students changed in each subject.
 */
export function BroadsheetUpload({ place, className, maxima }: { place: Place; className: string; maxima: Maxima }) {
  const id = useId();
  const mutation = useUploadBroadsheet();
  const [saved, setSaved] = useState<BroadsheetUploadResult | null>(null);
  const upload = useSpreadsheetUpload((file) => {
    setSaved(null);
    return mutation.mutateAsync({ place, file });
  }, setSaved);
  const limits = SCORE_COMPONENTS.map((c) => `${COMPONENT_LABELS[c]} ${maxima[c]}`).join(', ');
  return (
    <section aria-labelledby={`${id}-title`} className="mt-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div className="min-w-0">
          <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
            Whole class (all subjects)
          </h3>
          <p id={`${id}-help`} className="mt-1 text-sm text-slate-600">
            One file with every subject&apos;s scores for {className}, as CSV or Excel (.xlsx), at most 2 MB. Columns: Admission number, Student, then one per
            subject and score named by the subject&apos;s code, like “MTH Test 1”; maxima {limits}. A blank cell is no score; subjects and students left out of
            the file keep their scores. If any row is wrong nothing is saved, in any subject.
          </p>
        </div>
        <UploadControls
          id={id}
          what="the whole-class template"
          csvUrl={broadsheetTemplateUrl(place, 'csv')}
          xlsxUrl={broadsheetTemplateUrl(place, 'xlsx')}
          fileLabel="Whole-class scores file"
          buttonLabel="Upload whole class"
          upload={upload}
        />
      </div>
      <UploadProgress sending={upload.sending} refusal={upload.refusal} />
      {saved ? (
        <Alert tone="success" className="mt-3">
          <p className="font-semibold">Scores saved for {plural(saved.subjects.length, 'subject')}</p>
          <ul className="mt-1.5 space-y-0.5">
            {saved.subjects.map((s) => (
              <li key={s.subjectId}>
                {s.subjectName}: {s.changed === 0 ? 'no changes' : `${plural(s.changed, 'student')} changed`}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </section>
  );
}
