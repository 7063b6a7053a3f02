import type { LessonNoteDetail } from '@school/shared/lesson-notes/responses';
import { LESSON_NOTE_LIMITS, REJECT_COMMENT_REQUIRED, type ReviewDecision } from '@school/shared/lesson-notes/schemas';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { useReviewLessonNote } from '../api/review-lesson-note';

/** An administrator's decision on a Submitted note: approve, or reject with a comment. */
export function ReviewPanel({ note }: { note: LessonNoteDetail }) {
  const review = useReviewLessonNote(note.id);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [deciding, setDeciding] = useState<ReviewDecision | null>(null);
  const id = useId();

  // mutateAsync, not mutate's callbacks: a decided note has no review panel, so this component is
  // gone by the time the server's answer is applied, and mutate's onSuccess would never run.
  async function decide(decision: ReviewDecision) {
    setFormError(null);
    if (decision === 'Rejected' && !comment.trim()) {
      setCommentError(REJECT_COMMENT_REQUIRED);
      document.getElementById(`${id}-comment`)?.focus();
      return;
    }
    setCommentError(null);
    setDeciding(decision);
    try {
      await review.mutateAsync({ decision, comment: comment.trim() || undefined });
      toast.success(decision === 'Approved' ? 'Lesson note approved' : 'Lesson note rejected');
      setComment('');
    } catch (error) {
      if (isApiError(error) && error.errors.comment) setCommentError(error.errors.comment);
      else setFormError(isApiError(error) ? error.message : 'Something went wrong. Please try again.');
    } finally {
      setDeciding(null);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h3 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        Review
      </h3>
      <p className="mt-0.5 text-sm text-slate-600">Approve the note, or reject it with a comment the teacher will see.</p>
      {formError ? <Alert className="mt-3">{formError}</Alert> : null}
      <label htmlFor={`${id}-comment`} className="field-label mt-3">
        Comment
      </label>
      <textarea
        id={`${id}-comment`}
        rows={3}
        value={comment}
        maxLength={LESSON_NOTE_LIMITS.commentMaxLength}
        aria-invalid={commentError ? true : undefined}
        aria-describedby={commentError ? `${id}-comment-error` : undefined}
        onChange={(event) => {
          setComment(event.target.value);
          if (commentError && event.target.value.trim()) setCommentError(null);
        }}
        className="field-input h-auto py-2"
      />
      {commentError ? (
        <p id={`${id}-comment-error`} className="field-error">
          {commentError}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="danger" onClick={() => void decide('Rejected')} loading={deciding === 'Rejected'} disabled={review.isPending}>
          Reject
        </Button>
        <Button variant="primary" onClick={() => void decide('Approved')} loading={deciding === 'Approved'} disabled={review.isPending}>
          Approve
        </Button>
      </div>
    </section>
  );
}
