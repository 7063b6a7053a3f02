import { z } from 'zod';
import { NIGERIAN_STATES, SCHOOL_TYPES } from '../constants';
import { emailField, newPasswordField, oneOf, optionalString, phoneField, requiredString } from '../fields';

/** /auth/school-register: the organisation, its first school and the super administrator. */
export const schoolRegistrationSchema = z.object({
  schoolName: requiredString('School name is required'),
  address: requiredString('School address is required'),
  city: requiredString('City is required'),
  state: oneOf(NIGERIAN_STATES, 'State is required'),
  email: emailField(),
  phone: phoneField(),
  schoolType: oneOf(SCHOOL_TYPES, 'School type is required'),
  adminEmail: emailField('Super admin email is required'),
  adminPassword: newPasswordField('Super admin password is required'),
  /** The owner's name for greetings and mail; optional (the spec's form does not ask for it). */
  adminName: optionalString(),
});
export type SchoolRegistrationInput = z.infer<typeof schoolRegistrationSchema>;
