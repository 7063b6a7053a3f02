/**
 * Academic structure (DESIGN.md section 3): sessions and their terms, classes, subjects and the
 * subjects each class takes. The same schemas validate the forms and the API bodies.
 */
import { z } from 'zod';
import { CLASS_LEVELS, SESSION_STATUSES, TERMS, type Term } from '../constants';
import { idField, oneOf, optionalIdField, optionalLookupIdField, requiredDateField, requiredString } from '../fields';

export const CLASS_ARM_MAX_LENGTH = 20;
export const SUBJECT_NAME_MAX_LENGTH = 80;
export const SUBJECT_CODE_MAX_LENGTH = 10;

export const SESSION_NAME_FORMAT = 'Session must look like 2024/25';
export const END_BEFORE_START = 'End date must be after the start date';

/** The id fields live in ../fields (re-exported for the areas that import them from here). */
export { idField, optionalIdField };

// ---------------------------------------------------------------- sessions and terms

const SESSION_NAME = /^(\d{4})\/(\d{2})$/;

/** The two calendar years a session name such as '2024/25' covers, or null when it is malformed. */
export function sessionYears(name: string): { first: number; second: number } | null {
  const match = SESSION_NAME.exec(name.trim());
  if (!match) return null;
  const first = Number(match[1]);
  const second = first + 1;
  if (first < 1900 || second % 100 !== Number(match[2])) return null;
  return { first, second };
}

/** Terms of session '2024/25' lie between 1 January 2024 and 31 December 2025. */
export function sessionWindow(name: string): { start: string; end: string } | null {
  const years = sessionYears(name);
  return years ? { start: `${years.first}-01-01`, end: `${years.second}-12-31` } : null;
}

export function sessionNameField() {
  return requiredString('Session is required').refine((value) => sessionYears(value) !== null, { error: SESSION_NAME_FORMAT });
}

export const sessionStatusField = () => oneOf(SESSION_STATUSES, 'Choose a status');

export const createSessionSchema = z.object({
  name: sessionNameField(),
  /** Pending when not given. */
  status: sessionStatusField().optional(),
});
export type CreateSessionInput = z.input<typeof createSessionSchema>;
export type CreateSessionValues = z.output<typeof createSessionSchema>;

export const updateSessionSchema = z.object({
  status: sessionStatusField(),
});
export type UpdateSessionInput = z.input<typeof updateSessionSchema>;

const termDates = z.object({
  name: oneOf(TERMS, 'Terms must be First, Second and Third, in that order'),
  startDate: requiredDateField('Start date is required'),
  endDate: requiredDateField('End date is required'),
});

/** The three terms of a session, First, Second and Third, each ending after it starts, none overlapping. */
export const updateTermsSchema = z
  .object({
    terms: z
      .array(termDates, { error: 'Give the dates of the First, Second and Third terms' })
      .length(TERMS.length, { error: 'Give the dates of the First, Second and Third terms' }),
  })
  .superRefine(({ terms }, ctx) => {
    terms.forEach((term, index) => {
      if (term.name !== TERMS[index]) {
        ctx.addIssue({ code: 'custom', path: ['terms', index, 'name'], message: 'Terms must be First, Second and Third, in that order' });
      }
      if (term.endDate <= term.startDate) {
        ctx.addIssue({ code: 'custom', path: ['terms', index, 'endDate'], message: END_BEFORE_START });
      }
      const previous = terms[index - 1];
      if (previous && term.startDate <= previous.endDate) {
        ctx.addIssue({
          code: 'custom',
          path: ['terms', index, 'startDate'],
          message: termOverlapMessage(TERMS[index], TERMS[index - 1]),
        });
      }
    });
  });
export type UpdateTermsInput = z.input<typeof updateTermsSchema>;
export type UpdateTermsValues = z.output<typeof updateTermsSchema>;

export function termOverlapMessage(term: Term, previous: Term): string {
  return `${term} term must start after ${previous} term ends`;
}

export function outsideSessionMessage(sessionName: string): string {
  const years = sessionYears(sessionName);
  return years ? `Dates must fall within the ${sessionName} session (${years.first} to ${years.second})` : `Dates must fall within the ${sessionName} session`;
}

/**
 * The field messages for term dates outside their session's two years, keyed like the form's fields
 * ('terms.0.startDate'). Both the form (which knows the session's name) and the server use it.
 */
export function termDatesOutsideSession(sessionName: string, terms: ReadonlyArray<{ startDate: string; endDate: string }>): Record<string, string> {
  const window = sessionWindow(sessionName);
  const errors: Record<string, string> = {};
  if (!window) return errors;
  terms.forEach((term, index) => {
    for (const field of ['startDate', 'endDate'] as const) {
      const date = term[field];
      if (date && (date < window.start || date > window.end)) errors[`terms.${index}.${field}`] = outsideSessionMessage(sessionName);
    }
  });
  return errors;
}

export const setCurrentTermSchema = z.object({
  termId: idField('Choose a term'),
});
export type SetCurrentTermInput = z.input<typeof setCurrentTermSchema>;

/** `?schoolId=`: the school a super administrator works on (others may leave it out). */
export const schoolQuerySchema = z.object({
  schoolId: optionalLookupIdField(),
});

/**
 * The dates new terms get, as month-day in the session's first (First term) and second years, until
 * the school sets its own: the usual Nigerian calendar.
 */
export const DEFAULT_TERM_DATES: ReadonlyArray<{ name: Term; start: [0 | 1, string]; end: [0 | 1, string] }> = [
  { name: 'First', start: [0, '09-09'], end: [0, '12-13'] },
  { name: 'Second', start: [1, '01-06'], end: [1, '04-04'] },
  { name: 'Third', start: [1, '04-28'], end: [1, '07-25'] },
];

export function defaultTermDates(sessionName: string): Array<{ name: Term; startDate: string; endDate: string }> {
  const years = sessionYears(sessionName);
  if (!years) throw new RangeError(`Not a session name: ${sessionName}`);
  const year = (offset: 0 | 1) => (offset === 0 ? years.first : years.second);
  return DEFAULT_TERM_DATES.map((term) => ({
    name: term.name,
    startDate: `${year(term.start[0])}-${term.start[1]}`,
    endDate: `${year(term.end[0])}-${term.end[1]}`,
  }));
}

// ---------------------------------------------------------------- classes

const ARM = /^[A-Za-z0-9][A-Za-z0-9 '-]*$/;

export const classSchema = z.object({
  level: oneOf(CLASS_LEVELS, 'Choose a class level'),
  arm: requiredString('Arm is required')
    .max(CLASS_ARM_MAX_LENGTH, { error: `Arm must be at most ${CLASS_ARM_MAX_LENGTH} characters` })
    .regex(ARM, { error: 'Arm may only use letters, numbers, spaces and hyphens' })
    .transform((value) => value.replace(/\s+/g, ' '))
    // 'b' and 'B' are the same arm; longer names ('Gold') keep the case they were typed in
    .transform((value) => (value.length === 1 ? value.toUpperCase() : value)),
  classTeacherId: optionalIdField('Choose a teacher from the list'),
});
export type ClassInput = z.input<typeof classSchema>;
export type ClassValues = z.output<typeof classSchema>;

/** 'JSS 1' + 'B' → 'JSS 1 B'. */
export function className(level: string, arm: string): string {
  return `${level} ${arm}`;
}

// ---------------------------------------------------------------- subjects

export const subjectSchema = z.object({
  name: requiredString('Subject name is required').max(SUBJECT_NAME_MAX_LENGTH, {
    error: `Subject name must be at most ${SUBJECT_NAME_MAX_LENGTH} characters`,
  }),
  code: requiredString('Subject code is required')
    .max(SUBJECT_CODE_MAX_LENGTH, { error: `Subject code must be at most ${SUBJECT_CODE_MAX_LENGTH} characters` })
    .regex(/^[A-Za-z0-9-]+$/, { error: 'Subject code may only use letters, numbers and hyphens' })
    .transform((value) => value.toUpperCase()),
});
export type SubjectInput = z.input<typeof subjectSchema>;

export const assignSubjectSchema = z
  .object({
    assignments: z
      .array(
        z.object({
          classId: idField('Choose a class'),
          teacherId: idField('Choose a teacher'),
        }),
        { error: 'Choose at least one class' },
      )
      .min(1, { error: 'Choose at least one class' }),
  })
  .superRefine(({ assignments }, ctx) => {
    const seen = new Set<string>();
    assignments.forEach((assignment, index) => {
      if (seen.has(assignment.classId)) {
        ctx.addIssue({ code: 'custom', path: ['assignments', index, 'classId'], message: 'Each class can be chosen once' });
      }
      seen.add(assignment.classId);
    });
  });
export type AssignSubjectInput = z.input<typeof assignSubjectSchema>;

export const changeSubjectTeacherSchema = z.object({
  teacherId: idField('Choose a teacher'),
});
export type ChangeSubjectTeacherInput = z.input<typeof changeSubjectTeacherSchema>;

// ---------------------------------------------------------------- bulk set-up (issue 19)

/** The most subjects, levels × arms or classes one bulk request may create. */
export const BULK_SUBJECTS_MAX = 60;
export const BULK_ARMS_MAX = 10;

/** Several subjects at once (the catalogue): those whose name the school already has are skipped. */
export const bulkSubjectsSchema = z
  .object({
    subjects: z
      .array(subjectSchema, { error: 'Choose at least one subject' })
      .min(1, { error: 'Choose at least one subject' })
      .max(BULK_SUBJECTS_MAX, { error: `Choose at most ${BULK_SUBJECTS_MAX} subjects at a time` }),
    /** Also teach every chosen subject (new or already there) in every arm of these levels, in the request's session. */
    levels: z
      .array(oneOf(CLASS_LEVELS, 'Choose a class level'), { error: 'Choose the levels from the list' })
      .max(CLASS_LEVELS.length, { error: 'Each level can be chosen once' })
      .refine((levels) => new Set(levels).size === levels.length, { error: 'Each level can be chosen once' })
      .default([]),
  })
  .superRefine(({ subjects }, ctx) => {
    const names = new Set<string>();
    const codes = new Set<string>();
    subjects.forEach((subject, index) => {
      const name = subject.name.toLowerCase();
      if (names.has(name)) ctx.addIssue({ code: 'custom', path: ['subjects', index, 'name'], message: `${subject.name} is chosen twice` });
      else if (codes.has(subject.code)) ctx.addIssue({ code: 'custom', path: ['subjects', index, 'code'], message: `${subject.code} is chosen twice` });
      names.add(name);
      codes.add(subject.code);
    });
  });
export type BulkSubjectsInput = z.input<typeof bulkSubjectsSchema>;
export type BulkSubjectsValues = z.output<typeof bulkSubjectsSchema>;

/** Every arm of every chosen level, in the request's session, without class teachers for now. */
export const bulkClassesSchema = z
  .object({
    levels: z
      .array(oneOf(CLASS_LEVELS, 'Choose a class level'), { error: 'Choose at least one level' })
      .min(1, { error: 'Choose at least one level' })
      .max(CLASS_LEVELS.length, { error: 'Each level can be chosen once' }),
    arms: z
      .array(classSchema.shape.arm, { error: 'Give at least one arm' })
      .min(1, { error: 'Give at least one arm' })
      .max(BULK_ARMS_MAX, { error: `Give at most ${BULK_ARMS_MAX} arms at a time` }),
  })
  .superRefine(({ levels, arms }, ctx) => {
    if (new Set(levels).size !== levels.length) ctx.addIssue({ code: 'custom', path: ['levels'], message: 'Each level can be chosen once' });
    const seen = new Set<string>();
    arms.forEach((arm, index) => {
      if (seen.has(arm.toLowerCase())) ctx.addIssue({ code: 'custom', path: ['arms', index], message: `Arm ${arm} is given twice` });
      seen.add(arm.toLowerCase());
    });
  });
export type BulkClassesInput = z.input<typeof bulkClassesSchema>;
export type BulkClassesValues = z.output<typeof bulkClassesSchema>;

/** 'A, B, c' → ['A', 'B', 'c'] (the bulk class form's arms box). */
export function splitArms(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((arm) => arm.trim())
    .filter((arm) => arm.length > 0);
}

/** A subject to every arm of a level in the request's session; the teacher may be chosen later. */
export const assignSubjectToLevelSchema = z.object({
  level: oneOf(CLASS_LEVELS, 'Choose a class level'),
  teacherId: optionalIdField('Choose a teacher from the list'),
});
export type AssignSubjectToLevelInput = z.input<typeof assignSubjectToLevelSchema>;
