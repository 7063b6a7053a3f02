/** Saves the file at `url` as the browser's download of `fileName`. */
export function save(url: string, fileName: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** A report-card build's progress: a bar of `done` of `total` cards and a line saying where it is. */
export function JobProgress({
  job,
  label,
  doneText,
}: {
  job: { status: 'running' | 'done' | 'failed'; done: number; total: number };
  /** The bar's accessible name. */
  label: string;
  /** What the line says once the build is done. */
  doneText: string;
}) {
  const percent = job.total > 0 ? Math.round((job.done / job.total) * 100) : job.status === 'done' ? 100 : 0;
  return (
    <div className="mt-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={job.total}
        aria-valuenow={job.done}
        aria-valuetext={`${job.done} of ${job.total} report cards`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-secondary transition-[width] duration-300" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-600" aria-live="polite">
        {job.status === 'done' ? doneText : job.status === 'failed' ? 'The build stopped.' : `Building… ${job.done} of ${job.total} report cards`}
      </p>
    </div>
  );
}
