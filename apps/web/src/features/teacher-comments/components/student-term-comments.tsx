import { useStudentComments } from '../api/teacher-comments';
import { CommentChip } from './comment-chip';

/** The chips of one subject of a student's term (the results table's 'comments' column); without any, the grade's remark. */
export function SubjectComments({
  studentId,
  termId,
  subjectId,
  fallback,
}: {
  studentId: string;
  termId: string;
  subjectId: string;
  fallback?: string | null;
}) {
  const comments = useStudentComments(studentId, termId);
  const mine = (comments.data?.items ?? []).filter((c) => c.subject?.id === subjectId);
  if (mine.length === 0) return <>{fallback ?? '—'}</>;
  return (
    <span className="flex flex-wrap gap-1">
      {mine.map((c) => (
        <CommentChip key={c.id} comment={c.comment} score={c.score} />
      ))}
    </span>
  );
}

/** A term's general comments (not about one subject), under the results table. */
export function GeneralComments({ studentId, termId }: { studentId: string; termId: string }) {
  const comments = useStudentComments(studentId, termId);
  const general = (comments.data?.items ?? []).filter((c) => !c.subject);
  if (general.length === 0) return null;
  return (
    <section aria-label="Teacher's comments" className="mt-4">
      <h3 className="text-sm font-semibold text-slate-900">Teacher&apos;s comments</h3>
      <div className="mt-1.5 flex flex-wrap gap-1.5">
        {general.map((c) => (
          <CommentChip key={c.id} comment={c.comment} score={c.score} />
        ))}
      </div>
    </section>
  );
}
