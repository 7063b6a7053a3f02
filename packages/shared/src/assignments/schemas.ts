import { z } from 'zod';
import { requiredDateField, requiredString } from '../fields';

export const ASSIGNMENT_LIMITS = { titleMax: 200, descriptionMax: 5000 } as const;
const TITLE_TOO_LONG = `Title must be at most ${ASSIGNMENT_LIMITS.titleMax} characters`;
const DESCRIPTION_TOO_LONG = `Description must be at most ${ASSIGNMENT_LIMITS.descriptionMax} characters`;

/** An assignment a teacher sets for a class and subject they teach, in a term (spec: 'Title is Required', 'description is required'). */
export const assignmentFormSchema = z.object({
  termId: requiredString('Please Select a Term'),
  classId: requiredString('Please Select a Class'),
  subjectId: requiredString('Please Select a subject'),
  title: requiredString('Title is Required').max(ASSIGNMENT_LIMITS.titleMax, { error: TITLE_TOO_LONG }),
  description: requiredString('description is required').max(ASSIGNMENT_LIMITS.descriptionMax, { error: DESCRIPTION_TOO_LONG }),
  dueDate: requiredDateField('Due date is required', 'Invalid due date'),
});
export type AssignmentFormValues = z.input<typeof assignmentFormSchema>;
export type AssignmentFormInput = z.output<typeof assignmentFormSchema>;

export const assignmentListQuerySchema = z.object({
  termId: z.string().trim().optional(),
  classId: z.string().trim().optional(),
  subjectId: z.string().trim().optional(),
});
export type AssignmentListQuery = z.infer<typeof assignmentListQuerySchema>;

const ref = z.object({ id: z.string(), name: z.string() });
export const assignmentSchemaOut = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  dueDate: z.string().nullable(),
  term: ref,
  class: ref,
  subject: ref,
  teacher: ref,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the signed-in user may edit and delete it (its teacher). */
  canEdit: z.boolean(),
});
export type Assignment = z.infer<typeof assignmentSchemaOut>;
export const assignmentListSchema = z.object({ items: z.array(assignmentSchemaOut) });
export type AssignmentList = z.infer<typeof assignmentListSchema>;

export const assignmentOptionsSchema = z.object({
  terms: z.array(ref.extend({ isCurrent: z.boolean() })),
  classes: z.array(ref),
  subjects: z.array(ref),
  classSubjects: z.array(z.object({ classId: z.string(), subjectId: z.string() })),
});
export type AssignmentOptions = z.infer<typeof assignmentOptionsSchema>;
