import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { DownloadIcon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { formatDateTime } from '@/lib/format';
import { schoolJobPdfUrl, useLatestSchoolJob, useStartSchoolJob } from '../api/report-cards';
import { JobProgress, save } from './job-progress';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Every class's report cards of the term as one PDF (a bookmark per class), built on the server with a
 * progress bar, then downloaded. The term's newest file stays on the server, so it is offered again
 * later; a build another administrator started shows its progress here too.
 */
export function SchoolReportCardsDownload({ termId, termName }: { termId: string; termName: string }) {
  const latest = useLatestSchoolJob(termId);
  const start = useStartSchoolJob(termId);
  // the build started from this page (its progress stays shown) and whether its file was saved
  const [startedId, setStartedId] = useState<string | null>(null);
  const [savedId, setSavedId] = useState<string | null>(null);
  const job = latest.data?.job ?? null;

  useEffect(() => setStartedId(null), [termId]);
  useEffect(() => {
    if (!job || job.id !== startedId || job.status !== 'done' || savedId === job.id) return;
    setSavedId(job.id);
    toast.success(`Report cards of all classes for the ${termName} term are ready`);
    save(schoolJobPdfUrl(job.id), job.fileName);
  }, [job, startedId, savedId, termName]);

  const running = job?.status === 'running';
  const build = () => start.mutate(undefined, { onSuccess: (created) => setStartedId(created.id) });
  return (
    <section aria-labelledby="whole-school-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="whole-school-heading" className="font-semibold">
        Whole school
      </h2>
      <p className="mt-1 text-sm text-slate-600">Every class's report cards for the {termName} term in one PDF, with a bookmark for each class.</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button variant="primary" icon={<DownloadIcon size={18} />} onClick={build} loading={start.isPending} disabled={running || start.isPending || !termId}>
          Build all classes (PDF)
        </Button>
        {job?.status === 'done' ? (
          <a href={schoolJobPdfUrl(job.id)} download={job.fileName} className={buttonClasses({ variant: 'gray', size: 'sm' })}>
            Download the PDF{job.size !== null ? ` (${megabytes(job.size)})` : ''}
          </a>
        ) : null}
      </div>
      {job?.status === 'done' ? (
        <p className="mt-2 text-xs text-slate-600">
          {job.total} report cards of {job.classes} {job.classes === 1 ? 'class' : 'classes'}, built {formatDateTime(job.finishedAt)}.
        </p>
      ) : null}
      {job && (running || job.status === 'failed' || job.id === startedId) ? (
        <JobProgress
          job={job}
          label={`Building the whole school's report cards for the ${termName} term`}
          doneText={`All ${job.total} report cards are in the PDF.`}
        />
      ) : null}
      {job?.status === 'failed' ? <Alert className="mt-3">{job.error ?? 'The report cards could not be built.'}</Alert> : null}
      {start.isError ? <Alert className="mt-3">{start.error.message}</Alert> : null}
      {latest.isError ? <Alert className="mt-3">We could not check for a built file. {latest.error.message}</Alert> : null}
    </section>
  );
}
