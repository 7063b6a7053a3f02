import { zodResolver } from '@hookform/resolvers/zod';
import { WEEKS } from '@school/shared/constants';
import type { LessonNoteDetail, LessonNoteOptions } from '@school/shared/lesson-notes/responses';
import { LESSON_NOTE_LIMITS, lessonNoteSchema, type LessonNoteFormValues, type LessonNoteInput } from '@school/shared/lesson-notes/schemas';
import { useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Drawer } from '@/components/ui/drawer';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { useSaveLessonNote } from '../api/save-lesson-note';
import { useSubmitLessonNote } from '../api/submit-lesson-note';
import { formatBytes } from '../lib/format';
import { RichTextEditor } from './rich-text-editor';
import { SelectField } from '@/components/ui/select-field';

const FIELDS = ['classId', 'subjectId', 'termId', 'week', 'title', 'body'] as const;
export const ATTACHMENT_WRONG_TYPE = 'Attachment must be a PDF or DOCX file';
export const ATTACHMENT_TOO_LARGE = `Attachment must be at most ${LESSON_NOTE_LIMITS.attachmentMaxBytes / 1024 / 1024} MB`;

/** A quick look at a chosen file before it is sent (the server checks its content again). */
export function attachmentProblem(file: File): string | null {
  if (!/\.(pdf|docx)$/i.test(file.name)) return ATTACHMENT_WRONG_TYPE;
  if (file.size > LESSON_NOTE_LIMITS.attachmentMaxBytes) return ATTACHMENT_TOO_LARGE;
  if (file.size === 0) return 'Attachment is empty';
  return null;
}

function defaults(note: LessonNoteDetail | undefined, options: LessonNoteOptions): LessonNoteFormValues {
  if (note) {
    return { classId: note.class.id, subjectId: note.subject.id, termId: note.term.id, week: String(note.week), title: note.title, body: note.body };
  }
  const onlyClass = options.classes.length === 1 ? options.classes[0].id : '';
  return {
    classId: onlyClass,
    subjectId: '',
    termId: options.terms.find((t) => t.isCurrent)?.id ?? '',
    week: '',
    title: '',
    body: '',
  };
}

export interface LessonNoteFormProps {
  /** The note being edited; absent for a new one. */
  note?: LessonNoteDetail;
  options: LessonNoteOptions;
  onClose: () => void;
  onSaved: (note: LessonNoteDetail) => void;
}

/** Write or correct a lesson note (in a drawer): class, subject, term, week, title, the note, a file. */
export function LessonNoteForm({ note, options, onClose, onSaved }: LessonNoteFormProps) {
  const formId = useId();
  const save = useSaveLessonNote();
  const submit = useSubmitLessonNote();
  const intent = useRef<'draft' | 'submit'>('draft');
  const [formError, setFormError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [removeAttachment, setRemoveAttachment] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<LessonNoteFormValues, unknown, LessonNoteInput>({ resolver: zodResolver(lessonNoteSchema), defaultValues: defaults(note, options) });

  const classId = useWatch({ control, name: 'classId' });
  const subjects = useMemo(() => {
    const offered = new Set(options.classSubjects.filter((p) => p.classId === classId).map((p) => p.subjectId));
    return options.subjects.filter((s) => offered.has(s.id));
  }, [classId, options]);
  const busy = save.isPending || submit.isPending;

  const onValid = handleSubmit(async (values) => {
    setFormError(null);
    if (fileError) return;
    try {
      const saved = await save.mutateAsync({ id: note?.id, values, attachment: file, removeAttachment: removeAttachment && !file });
      if (intent.current === 'submit') {
        const submitted = await submit.mutateAsync(saved.id);
        toast.success('Lesson note submitted for review');
        onSaved(submitted);
      } else {
        toast.success(note ? 'Lesson note saved' : 'Draft saved');
        onSaved(saved);
      }
    } catch (error) {
      if (isApiError(error) && error.errors.attachment) {
        setFileError(error.errors.attachment);
        return;
      }
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  });

  const currentAttachment = note?.attachment && !removeAttachment && !file ? note.attachment : null;

  return (
    <Drawer
      open
      size="xl"
      onClose={busy ? () => undefined : onClose}
      title={note ? 'Edit lesson note' : 'New lesson note'}
      footer={
        <>
          <Button variant="gray" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="secondary"
            loading={busy && intent.current === 'submit'}
            disabled={busy}
            onClick={() => (intent.current = 'submit')}
          >
            Save and submit
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="primary"
            loading={busy && intent.current === 'draft'}
            loadingText="Saving…"
            disabled={busy}
            onClick={() => (intent.current = 'draft')}
          >
            Save draft
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onValid} noValidate className="space-y-5">
        {note?.status === 'Rejected' && note.reviewComment ? (
          <Alert tone="info">
            <p className="font-semibold">Rejected: correct the note, then submit it again.</p>
            <p className="mt-0.5">“{note.reviewComment}”</p>
          </Alert>
        ) : null}
        {formError ? <Alert>{formError}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Class"
            error={errors.classId?.message}
            {...register('classId', {
              onChange: () => {
                const subject = getValues('subjectId');
                const pairs = options.classSubjects;
                const stillOffered = pairs.some((p) => p.classId === getValues('classId') && p.subjectId === subject);
                if (!stillOffered) setValue('subjectId', '');
              },
            })}
          >
            <option value="">Select a class</option>
            {options.classes.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Subject" error={errors.subjectId?.message} {...register('subjectId')}>
            <option value="">{classId ? 'Select a subject' : 'Select a class first'}</option>
            {subjects.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Term" error={errors.termId?.message} {...register('termId')}>
            <option value="">Select a term</option>
            {options.terms.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name} term
              </option>
            ))}
          </SelectField>
          <SelectField label="Week" error={errors.week?.message} {...register('week')}>
            <option value="">Select a week</option>
            {WEEKS.map((w) => (
              <option key={w} value={String(w)}>
                Week {w}
              </option>
            ))}
          </SelectField>
        </div>
        <TextField label="Title" maxLength={LESSON_NOTE_LIMITS.titleMaxLength} error={errors.title?.message} {...register('title')} />
        <Controller
          control={control}
          name="body"
          render={({ field }) => (
            <RichTextEditor
              label="Lesson note"
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.body?.message}
              hint="Objectives, content, activities and evaluation. Paste from a document keeps headings, lists and emphasis."
            />
          )}
        />
        <div>
          <label htmlFor={`${formId}-attachment`} className="field-label">
            Attachment (optional)
          </label>
          {currentAttachment ? (
            <p className="mb-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <a href={currentAttachment.url} target="_blank" rel="noreferrer" className="font-medium text-secondary underline">
                {currentAttachment.name}
              </a>
              <span className="text-slate-500">({formatBytes(currentAttachment.sizeBytes)})</span>
              <Button variant="transparent" size="sm" onClick={() => setRemoveAttachment(true)}>
                Remove
              </Button>
            </p>
          ) : null}
          <input
            id={`${formId}-attachment`}
            type="file"
            accept={LESSON_NOTE_LIMITS.attachmentAccept}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={`${formId}-attachment-help`}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              setFileError(chosen ? attachmentProblem(chosen) : null);
            }}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-primary-50 file:px-3 file:py-2 file:font-semibold file:text-secondary hover:file:bg-primary-100"
          />
          {fileError ? (
            <p id={`${formId}-attachment-help`} className="field-error">
              {fileError}
            </p>
          ) : (
            <p id={`${formId}-attachment-help`} className="mt-1.5 text-xs text-slate-500">
              A PDF or Word (DOCX) file of at most {LESSON_NOTE_LIMITS.attachmentMaxBytes / 1024 / 1024} MB
              {currentAttachment ? '; a new file replaces the current one' : ''}.
            </p>
          )}
        </div>
      </form>
    </Drawer>
  );
}
