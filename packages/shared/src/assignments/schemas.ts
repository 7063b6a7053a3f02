import { z } from 'zod';
import { idFilterField, lookupIdField, requiredDateField, requiredString } from '../fields';

export const ASSIGNMENT_LIMITS = { titleMax: 200, descriptionMax: 5000 } as const;
const TITLE_TOO_LONG = `Title must be at most ${ASSIGNMENT_LIMITS.titleMax} characters`;
const DESCRIPTION_TOO_LONG = `Description must be at most ${ASSIGNMENT_LIMITS.descriptionMax} characters`;

/** An assignment a teacher sets for a class and subject they teach, in a term (spec: 'Title is Required', 'description is required'). */
export const assignmentFormSchema = z.object({
  termId: lookupIdField('Please Select a Term'),
  classId: lookupIdField('Please Select a Class'),
  subjectId: lookupIdField('Please Select a subject'),
  title: requiredString('Title is Required').max(ASSIGNMENT_LIMITS.titleMax, { error: TITLE_TOO_LONG }),
  description: requiredString('description is required').max(ASSIGNMENT_LIMITS.descriptionMax, { error: DESCRIPTION_TOO_LONG }),
  dueDate: requiredDateField('Due date is required', 'Invalid due date'),
});
export type AssignmentFormValues = z.input<typeof assignmentFormSchema>;
export type AssignmentFormInput = z.output<typeof assignmentFormSchema>;

export const assignmentListQuerySchema = z.object({
  termId: idFilterField(),
  classId: idFilterField(),
  subjectId: idFilterField(),
});
export type AssignmentListQuery = z.infer<typeof assignmentListQuerySchema>;
