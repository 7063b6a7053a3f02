/**
 * The school's staff: its directory (administrators and teachers), and the records and accounts its
 * administrators keep. Students and parents hold academics `view` for their own subjects and
 * timetable; the directory and the school's accounts are not theirs, whatever the matrix says.
 */
import { SCHOOL_ADMINS, SCHOOL_STAFF } from './actors';
import { matrixRoute, record } from './policy';
import { inActorsSchool } from './records';

/** A staff member of the actor's school. */
const staffMember = record('staff', (db, ctx, id) => inActorsSchool(db, ctx, 'staff', id), 'Staff member not found');

const admins = { actors: SCHOOL_ADMINS };

export const staffPolicy = {
  list: matrixRoute('staff.list', 'academics', 'view', { actors: SCHOOL_STAFF }),
  read: matrixRoute('staff.read', 'academics', 'view', { actors: SCHOOL_STAFF, params: { id: staffMember } }),
  add: matrixRoute('staff.add', 'academics', 'add', admins),
  edit: matrixRoute('staff.edit', 'academics', 'edit', { ...admins, params: { id: staffMember } }),
  remove: matrixRoute('staff.remove', 'academics', 'delete', { ...admins, params: { id: staffMember } }),
  reactivate: matrixRoute('staff.reactivate', 'academics', 'edit', { ...admins, params: { id: staffMember } }),
  resendInvitation: matrixRoute('staff.resendInvitation', 'academics', 'edit', { ...admins, params: { id: staffMember } }),
  /** New invitation codes for every staff account not yet signed up, to print as slips (ADR 0036). */
  issueInvitationSlips: matrixRoute('staff.issueInvitationSlips', 'academics', 'add', admins),
  /** The school's accounts show parents' and students' emails: its administrators only. */
  listAccounts: matrixRoute('staff.listAccounts', 'academics', 'view', admins),
};
