import { zodResolver } from '@hookform/resolvers/zod';
import { principalCommentSchema, type PrincipalCommentInput } from '@school/shared/report-cards/schemas';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { applyServerErrors } from '@/lib/form-errors';
import { useSetPrincipalComment } from '../api/report-cards';

/** An administrator writes (or rewrites) the principal's comment on this report card. */
export function PrincipalCommentForm({ studentId, termId, current }: { studentId: string; termId: string; current: string | null }) {
  const id = useId();
  const save = useSetPrincipalComment(studentId, termId);
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PrincipalCommentInput>({ resolver: zodResolver(principalCommentSchema), defaultValues: { principalComment: current ?? '' } });
  if (!open) {
    return (
      <Button variant="gray" size="sm" className="no-print mt-2" onClick={() => setOpen(true)}>
        {current ? "Edit principal's comment" : "Add principal's comment"}
      </Button>
    );
  }
  const onValid = handleSubmit(async (input) => {
    setFormError(null);
    try {
      await save.mutateAsync(input);
      toast.success("Principal's comment saved");
      setOpen(false);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['principalComment']));
    }
  });
  return (
    <form onSubmit={onValid} noValidate className="no-print mt-2 space-y-2">
      {formError ? <Alert>{formError}</Alert> : null}
      <label htmlFor={id} className="field-label">
        Principal&apos;s comment
      </label>
      <textarea
        id={id}
        rows={3}
        className="field-input"
        aria-invalid={errors.principalComment ? true : undefined}
        aria-describedby={errors.principalComment ? `${id}-error` : undefined}
        {...register('principalComment')}
      />
      {errors.principalComment ? (
        <p id={`${id}-error`} className="field-error">
          {errors.principalComment.message}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" variant="primary" size="sm" loading={save.isPending} loadingText="Saving…">
          Save comment
        </Button>
        <Button variant="gray" size="sm" onClick={() => setOpen(false)} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
