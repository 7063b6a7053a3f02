/** Messages of the results module (its routes, services and tests check them). */
import { NO_RECORD } from '@school/shared/fields';

export const CLASS_NOT_FOUND = 'Class not found';
export const TERM_NOT_FOUND = 'Term not found';
export const SUBJECT_NOT_FOUND = 'Subject not found';
export const STUDENT_NOT_FOUND = 'Student not found';
export const RESULTS_NOT_FOUND = 'Results not found';
/** The 404 of a class and term not found together: the one the request sent no id for (NO_RECORD), else RESULTS_NOT_FOUND. */
export const placeNotFound = (place: { classId: string; termId: string }) =>
  place.classId === NO_RECORD ? CLASS_NOT_FOUND : place.termId === NO_RECORD ? TERM_NOT_FOUND : RESULTS_NOT_FOUND;
export const LOCKED_AFTER_PUBLICATION = 'These results are published; only an administrator can change them';
export const termNotInClassSession = (term: string, cls: string) => `The ${term} term is not in the session of ${cls}`;
export const notTaught = (subject: string, cls: string) => `${subject} is not taught in ${cls}`;
export const youDoNotTeach = (subject: string, cls: string) => `You do not teach ${subject} in ${cls}`;
export const notInClass = (cls: string) => `A student in the list is not in ${cls}`;
export const duplicateStudent = (name: string) => `${name} appears more than once`;
