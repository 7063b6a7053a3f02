/**
 * Admissions: the school's admissions office (its staff with the matrix's admissions cells) sells
 * serial codes, reads and decides applications, admits and imports students; an applicant, signed
 * out, checks a code and applies. An owner has no school, so no admissions office.
 */
import { SCHOOL_ADMINS, SCHOOL_STAFF } from './actors';
import { matrixRoute, publicRoute, record } from './policy';
import { inActorsSchool, schoolRecord } from './records';

const office = { actors: SCHOOL_STAFF };

/** A batch of serial codes of the actor's school. */
const batch = record('serial-batch', (db, ctx, id) => inActorsSchool(db, ctx, 'serial_code_batches', id), 'Batch not found');
const application = schoolRecord('application', 'admission_applications');
const schoolClass = schoolRecord('class', 'classes');

export const admissionsPolicy = {
  generateSerialCodes: matrixRoute('admissions.generateSerialCodes', 'admissions', 'add', office),
  listSerialCodeBatches: matrixRoute('admissions.listSerialCodeBatches', 'admissions', 'view', office),
  printSerialCodes: matrixRoute('admissions.printSerialCodes', 'admissions', 'view', { ...office, params: { id: batch } }),
  /** The applicant's side: rate-limited per IP in the service. */
  checkSerialCode: publicRoute('admissions.checkSerialCode'),
  apply: publicRoute('admissions.apply'),
  listApplications: matrixRoute('admissions.listApplications', 'admissions', 'view', office),
  readApplication: matrixRoute('admissions.readApplication', 'admissions', 'view', { ...office, params: { id: application } }),
  /** Ids come in the body: each is looked up in the actor's school (404 for another school's). */
  decide: matrixRoute('admissions.decide', 'admissions', 'edit', office),
  readLetter: matrixRoute('admissions.readLetter', 'admissions', 'view', { ...office, params: { id: application } }),
  listClasses: matrixRoute('admissions.listClasses', 'admissions', 'view', office),
  admitDirectly: matrixRoute('admissions.admitDirectly', 'admissions', 'add', office),
  importStudents: matrixRoute('admissions.importStudents', 'admissions', 'add', office),
  /** New invitation codes for a class's accounts, shown once: the school's administrators only (ADR 0036). */
  issueInvitationSlips: matrixRoute('admissions.issueInvitationSlips', 'admissions', 'add', { actors: SCHOOL_ADMINS, params: { id: schoolClass } }),
};
