import { z } from 'zod';
import { CLASS_LEVELS, GENDERS, NIGERIAN_STATES, RELATIONSHIPS } from '../constants';
import { dateOfBirthField, emailField, oneOf, phoneField, requiredString, whenMissing } from '../fields';

const SERIAL_CODE_REQUIRED = 'Serial code is required';
const SERIAL_CODE_NOT_A_NUMBER = 'Serial code must be a number';

/**
 * The admission "scratch card" code (/auth/serial-code). A positive whole number, kept as its
 * string of digits: codes may be longer than a JavaScript number holds exactly.
 */
export const serialCodeSchema = z.object({
  serialCode: z
    .union([z.string(), z.number()], { error: whenMissing(SERIAL_CODE_REQUIRED, SERIAL_CODE_NOT_A_NUMBER) })
    .transform((value, ctx) => {
      if (typeof value === 'number') {
        if (Number.isSafeInteger(value) && value > 0) return String(value);
        ctx.addIssue({ code: 'custom', message: SERIAL_CODE_NOT_A_NUMBER, input: value });
        return z.NEVER;
      }
      const code = value.trim();
      if (code === '') {
        ctx.addIssue({ code: 'custom', message: SERIAL_CODE_REQUIRED, input: value });
        return z.NEVER;
      }
      if (!/^\d+$/.test(code) || /^0+$/.test(code)) {
        ctx.addIssue({ code: 'custom', message: SERIAL_CODE_NOT_A_NUMBER, input: value });
        return z.NEVER;
      }
      return code;
    }),
});
export type SerialCodeInput = z.infer<typeof serialCodeSchema>;

/**
 * The application form (/auth/application, or entered by an admin): guardian, ward, education
 * history and the birth certificate, which is the id of a file uploaded beforehand.
 */
export const studentAdmissionSchema = z.object({
  // guardian
  email: emailField('Guardian email is required'),
  guardianPhone: phoneField('Guardian phone number is required'),
  address: requiredString('Guardian address is required'),
  relationship: oneOf(RELATIONSHIPS, 'Relationship is required', { lowerCase: true }),
  // ward
  name: requiredString('Name is required'),
  gender: oneOf(GENDERS, 'Gender is required', { lowerCase: true }),
  dob: dateOfBirthField(),
  originState: oneOf(NIGERIAN_STATES, 'State of origin is required'),
  phone: phoneField(),
  // education history
  prevEducation: requiredString('Previous education is required'),
  institution: requiredString('Last school attended is required'),
  institutionAddress: requiredString('Address of institution is required'),
  class: oneOf(CLASS_LEVELS, 'Class is required'),
  attendedClasses: requiredString('Class attended is required'),
  institutionContactName: requiredString('Contact person is required'),
  institutionContactPhone: phoneField('Contact number is required'),
  // uploaded documents
  birthCertificate: requiredString('Birth certificate is required'),
});
export type StudentAdmissionInput = z.infer<typeof studentAdmissionSchema>;
