import type { LessonNoteDetail } from '@school/shared/lesson-notes/responses';
import { formatBytes, formatDate, formatDateTime } from '../lib/format';
import { LessonNoteBody } from './lesson-note-body';
import { LessonNoteStatusBadge } from './status-badge';

/** Everything about a note: where it belongs, its review, its body and its attachment. */
export function LessonNoteDetails({ note, showTeacher }: { note: LessonNoteDetail; showTeacher?: boolean }) {
  const facts: Array<[string, string]> = [
    ...(showTeacher ? ([['Teacher', note.teacher.name]] as Array<[string, string]>) : []),
    ['Class', note.class.name],
    ['Subject', note.subject.name],
    ['Term', `${note.term.name} term, week ${note.week}`],
    ['Last changed', formatDateTime(note.updatedAt)],
    ['Submitted', note.submittedAt ? formatDateTime(note.submittedAt) : 'Not yet'],
  ];
  const reviewed = note.status === 'Approved' || note.status === 'Rejected';

  return (
    <div className="space-y-5">
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <LessonNoteStatusBadge status={note.status} />
        </div>
        <h3 className="mt-2 text-xl font-bold text-slate-900">{note.title}</h3>
      </div>

      {reviewed ? (
        <div
          role="status"
          className={
            note.status === 'Approved'
              ? 'rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900'
              : 'rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900'
          }
        >
          <p className="font-semibold">
            {note.status} {note.reviewer ? `by ${note.reviewer.name}` : ''} on {formatDate(note.reviewedAt)}
          </p>
          {note.reviewComment ? <p className="mt-1 whitespace-pre-line">“{note.reviewComment}”</p> : <p className="mt-1">No comment.</p>}
        </div>
      ) : null}

      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {facts.map(([term, value]) => (
          <div key={term} className="min-w-0">
            <dt className="text-slate-500">{term}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>

      <section aria-label="Lesson note" className="rounded-lg border border-slate-200 bg-white px-4 py-2">
        <LessonNoteBody html={note.body} />
      </section>

      {note.attachment ? (
        <p className="text-sm">
          <span className="text-slate-500">Attachment: </span>
          <a href={note.attachment.url} target="_blank" rel="noreferrer" className="font-medium text-secondary underline">
            {note.attachment.name}
          </a>{' '}
          <span className="text-slate-500">({formatBytes(note.attachment.sizeBytes)})</span>
        </p>
      ) : null}
    </div>
  );
}
