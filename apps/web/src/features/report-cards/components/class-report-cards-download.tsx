import type { ReportCardJob } from '@school/shared/report-cards/responses';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { DownloadIcon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { classJobPdfUrl, getClassJob, startClassJob } from '../api/report-cards';
import { JobProgress, save } from './job-progress';

const POLL_MS = 400;

/** Builds a whole class's report cards as one PDF on the server, with a progress bar, then downloads it. */
export function ClassReportCardsDownload({ classId, termId, className }: { classId: string; termId: string; className: string }) {
  const [job, setJob] = useState<ReportCardJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  // a different class or term starts over
  useEffect(() => {
    if (timer.current) clearTimeout(timer.current);
    setJob(null);
    setError(null);
  }, [classId, termId]);

  const poll = (id: string) => {
    timer.current = setTimeout(async () => {
      try {
        const next = await getClassJob(id);
        setJob(next);
        if (next.status === 'running') poll(id);
        else if (next.status === 'done') {
          toast.success(`Report cards of ${className} are ready`);
          save(classJobPdfUrl(next.id), next.fileName);
        } else setError(next.error ?? 'The report cards could not be built.');
      } catch (e) {
        setError(isApiError(e) ? e.message : 'We lost track of the build. Please try again.');
      }
    }, POLL_MS);
  };

  const start = async () => {
    setError(null);
    setStarting(true);
    try {
      const created = await startClassJob({ classId, termId });
      setJob(created);
      poll(created.id);
    } catch (e) {
      setError(isApiError(e) ? e.message : 'Could not start building the report cards.');
    } finally {
      setStarting(false);
    }
  };

  const running = job?.status === 'running';
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="primary" icon={<DownloadIcon size={18} />} onClick={() => void start()} loading={starting} disabled={running || starting}>
          Download class report cards (PDF)
        </Button>
        {job?.status === 'done' ? (
          <a href={classJobPdfUrl(job.id)} download={job.fileName} className={buttonClasses({ variant: 'gray', size: 'sm' })}>
            Save the PDF again
          </a>
        ) : null}
      </div>
      {job ? <JobProgress job={job} label={`Building report cards of ${className}`} doneText={`All ${job.total} report cards are in the PDF.`} /> : null}
      {error ? <Alert className="mt-3">{error}</Alert> : null}
    </div>
  );
}
