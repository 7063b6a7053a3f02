import { z } from 'zod';
import { NIGERIAN_STATES, RELATIONSHIPS, SCHOOL_TYPES } from '../constants';
import { dateOfBirthField, emailField, genderField, oneOf, optionalPositiveIntegerField, phoneField, requiredString } from '../fields';

/** The create-user form (super-admin/user-roles/create-user). */
export const createUserSchema = z.object({
  name: requiredString('Name is required'),
  email: emailField(),
  phone: phoneField(),
  userType: requiredString('User type is required'),
  gender: genderField('Gender is required'),
  dob: dateOfBirthField(),
  address: requiredString('Address is required'),
  contactPerson: requiredString('Contact person is required'),
  relationship: oneOf(RELATIONSHIPS, 'Relationship is required', { lowerCase: true }),
  institution: requiredString('Institution is required'),
  institutionAddress: requiredString('Institution address is required'),
  attendedClasses: requiredString('Class attended is required'),
  lastAttendedEducation: requiredString('Last attended education is required'),
  class: requiredString('Class is required'),
  originState: oneOf(NIGERIAN_STATES, 'State of origin is required'),
  schoolType: oneOf(SCHOOL_TYPES, 'School type is required'),
  code: optionalPositiveIntegerField('Code must be a number'),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

export const roleNameSchema = z.object({
  name: requiredString('Role name is required'),
});
export type RoleNameInput = z.infer<typeof roleNameSchema>;
