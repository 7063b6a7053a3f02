import { zodResolver } from '@hookform/resolvers/zod';
import { splitComments } from '@school/shared/comments/schemas';
import { COMMENT_SCORE } from '@school/shared/constants';
import type { CommentOptions } from '@school/shared/teacher-comments/responses';
import { addCommentsSchema, type AddCommentsInput, type AddCommentsValues } from '@school/shared/teacher-comments/schemas';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { toast } from '@/components/ui/toast';
import { applyServerErrors } from '@/lib/form-errors';
import { useAddComments } from '../api/teacher-comments';
import { CommentChip } from './comment-chip';

const FIELDS = ['comment', 'classId', 'studentId', 'termId', 'subjectId', 'score'] as const;
const SCORES = Array.from({ length: COMMENT_SCORE.max - COMMENT_SCORE.min + 1 }, (_, i) => String(COMMENT_SCORE.max - i));

export interface AddCommentsDialogProps {
  options: CommentOptions;
  termId: string;
  termName: string;
  /** Pre-selected class and student (from a row's action). */
  classId?: string;
  studentId?: string;
  onClose: () => void;
  /** Overrides the server call (tests). */
  onSubmit?: (input: AddCommentsInput) => Promise<void>;
}

/** 'Add Comments': comma-separated comments (each a chip), the class and the student, a score 0-10. */
export function AddCommentsDialog({ options, termId, termName, classId, studentId, onClose, onSubmit }: AddCommentsDialogProps) {
  const formId = useId();
  const commentId = useId();
  const add = useAddComments();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<AddCommentsValues, unknown, AddCommentsInput>({
    resolver: zodResolver(addCommentsSchema),
    defaultValues: { comment: '', classId: classId ?? '', studentId: studentId ?? '', termId, subjectId: '', score: '5' },
  });
  const chosenClass = useWatch({ control, name: 'classId' });
  const text = useWatch({ control, name: 'comment' });
  const score = Number(useWatch({ control, name: 'score' }));
  const students = useMemo(() => options.students.filter((s) => s.classId === chosenClass), [options.students, chosenClass]);
  const preview = splitComments(text ?? '');
  const busy = isSubmitting || add.isPending;

  const onValid = handleSubmit(async (input) => {
    setFormError(null);
    try {
      if (onSubmit) await onSubmit(input);
      else await add.mutateAsync(input);
      toast.success(preview.length === 1 ? 'Comment added' : 'Comments added');
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <Modal
      open
      size="lg"
      onClose={busy ? () => undefined : onClose}
      title="Add Comments"
      description={`${termName} term. Separate comments with commas; each becomes a chip.`}
      footer={
        <>
          <Button variant="gray" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" loading={busy} loadingText="Saving…">
            Submit
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onValid} noValidate className="space-y-4">
        {formError ? <Alert>{formError}</Alert> : null}
        <div>
          <label htmlFor={commentId} className="field-label">
            Comment
          </label>
          <textarea
            id={commentId}
            rows={3}
            className="field-input"
            placeholder="e.g. Neat work, Punctual, Helps classmates"
            aria-invalid={errors.comment ? true : undefined}
            aria-describedby={errors.comment ? `${commentId}-error` : undefined}
            {...register('comment')}
          />
          {errors.comment ? (
            <p id={`${commentId}-error`} className="field-error">
              {errors.comment.message}
            </p>
          ) : null}
          {preview.length > 0 && !Number.isNaN(score) ? (
            <div className="mt-2 flex flex-wrap gap-1.5" aria-label="Preview">
              {preview.map((c, i) => (
                <CommentChip key={`${c}-${i}`} comment={c} score={score} />
              ))}
            </div>
          ) : null}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Assign to class"
            placeholder="Select a class"
            defaultValue={classId ?? ''}
            error={errors.classId?.message}
            options={options.classes.map((c) => ({ value: c.id, label: c.name }))}
            {...register('classId', { onChange: () => setValue('studentId', '') })}
          />
          <SelectField
            label="Name"
            placeholder="Select a student"
            defaultValue={studentId ?? ''}
            error={errors.studentId?.message}
            options={students.map((s) => ({ value: s.id, label: s.name }))}
            {...register('studentId')}
          />
          <SelectField
            label="Subject"
            placeholder="General (no subject)"
            error={errors.subjectId?.message}
            options={options.subjects.map((s) => ({ value: s.id, label: s.name }))}
            {...register('subjectId')}
          />
          <SelectField
            label="Score (0-10)"
            hint="5 or more shows green"
            error={errors.score?.message}
            options={SCORES}
            defaultValue="5"
            {...register('score')}
          />
        </div>
        {errors.termId ? <p className="field-error">{errors.termId.message}</p> : null}
      </form>
    </Modal>
  );
}
