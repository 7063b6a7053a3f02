import type { LessonNoteDetail } from '@school/shared/lesson-notes/responses';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Drawer } from '@/components/ui/drawer';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useDeleteLessonNote } from '../api/delete-lesson-note';
import { useLessonNote } from '../api/get-lesson-note';
import { useSubmitLessonNote } from '../api/submit-lesson-note';
import { LessonNoteDetails } from './lesson-note-details';
import { ReviewPanel } from './review-panel';

export interface NoteDrawerProps {
  id: string;
  onClose: () => void;
  /** The author's "Edit" (a Draft or Rejected note). */
  onEdit?: (note: LessonNoteDetail) => void;
  /** Reviewers see the teacher's name and the review panel. */
  reviewer?: boolean;
}

/** One note in a side drawer, with what the user may do to it now. */
export function NoteDrawer({ id, onClose, onEdit, reviewer = false }: NoteDrawerProps) {
  const note = useLessonNote(id);
  const submit = useSubmitLessonNote();
  const remove = useDeleteLessonNote();
  const [confirm, setConfirm] = useState<'submit' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const data = note.data;

  async function onConfirm() {
    if (!data || !confirm) return;
    setError(null);
    try {
      if (confirm === 'submit') {
        await submit.mutateAsync(data.id);
        toast.success('Lesson note submitted for review');
      } else {
        await remove.mutateAsync(data.id);
        toast.success('Draft deleted');
        onClose();
      }
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Something went wrong. Please try again.');
    } finally {
      setConfirm(null);
    }
  }

  const footer =
    data && !reviewer && (data.canDelete || data.canEdit || data.canSubmit) ? (
      <>
        {data.canDelete ? (
          <Button variant="transparent" className="mr-auto text-red-700 hover:bg-red-50" onClick={() => setConfirm('delete')}>
            Delete
          </Button>
        ) : null}
        {data.canEdit && onEdit ? (
          <Button variant="gray" onClick={() => onEdit(data)}>
            Edit
          </Button>
        ) : null}
        {data.canSubmit ? (
          <Button variant="primary" onClick={() => setConfirm('submit')}>
            Submit for review
          </Button>
        ) : null}
      </>
    ) : undefined;

  return (
    <Drawer open onClose={onClose} title="Lesson note" size="xl" footer={footer}>
      {note.isPending ? (
        <div className="flex items-center gap-2 py-8 text-sm text-slate-600">
          <Spinner size="sm" /> Loading the note…
        </div>
      ) : note.isError ? (
        <LoadError error={note.error}>
          <p>We could not load this note. {note.error.message}</p>
          <Button variant="gray" size="sm" className="mt-2" onClick={() => void note.refetch()}>
            Try again
          </Button>
        </LoadError>
      ) : (
        <div className="space-y-5">
          {error ? <Alert>{error}</Alert> : null}
          <LessonNoteDetails note={note.data} showTeacher={reviewer} />
          {reviewer && note.data.canReview ? <ReviewPanel note={note.data} /> : null}
        </div>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'delete' ? 'Delete this draft?' : 'Submit for review?'}
        message={
          confirm === 'delete'
            ? 'The draft and its attachment are removed from your lesson notes.'
            : 'Once submitted, the note cannot be changed unless it is rejected.'
        }
        confirmLabel={confirm === 'delete' ? 'Delete' : 'Submit'}
        tone={confirm === 'delete' ? 'danger' : 'default'}
        loading={submit.isPending || remove.isPending}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirm(null)}
      />
    </Drawer>
  );
}
