import { z } from 'zod';
import { optionalDateField, requiredString } from '../fields';

/** Which results to show or enter: term, class and subject (ids or names, as the screen gives them). */
export const resultFilterSchema = z.object({
  term: requiredString('Please Select a Term'),
  class: requiredString('Please Select a Class'),
  subject: requiredString('Please Select a subject'),
});
export type ResultFilterInput = z.infer<typeof resultFilterSchema>;

export const assignmentSchema = z.object({
  title: requiredString('Title is Required'),
  description: requiredString('description is required'),
  dueDate: optionalDateField('Invalid due date'),
});
export type AssignmentInput = z.infer<typeof assignmentSchema>;
