/**
 * Academic sessions and terms. Everyone looks at one session (the top bar's choice, kept per user);
 * a school's sessions and terms are set up by its administrators, or by an owner for a school of
 * their organisation.
 */
import { ADMINISTRATORS, STAFF } from './actors';
import { matrixRoute, ownAccount } from './policy';
import { schoolRecord } from './records';

const settings = { actors: ADMINISTRATORS };
/** A session of a school the actor runs (an owner: of any school of their organisation). */
const academicSession = schoolRecord('academic-session', 'academic_sessions');
/** A holiday of the school calendar (issue 18), reached like the session. */
const holiday = schoolRecord('holiday', 'school_holidays');

export const academicSessionsPolicy = {
  /** The sessions of the actor's school and the one they look at (the top bar). */
  list: matrixRoute('academicSessions.list', 'dashboard', 'view'),
  /** Keeping the session one looks at is one's own business. */
  choose: ownAccount('academicSessions.choose'),
  readSettings: matrixRoute('academicSessions.readSettings', 'settings', 'view', settings),
  add: matrixRoute('academicSessions.add', 'settings', 'add', settings),
  setStatus: matrixRoute('academicSessions.setStatus', 'settings', 'edit', { ...settings, params: { id: academicSession } }),
  setTerms: matrixRoute('academicSessions.setTerms', 'settings', 'edit', { ...settings, params: { id: academicSession } }),
  setCurrentTerm: matrixRoute('academicSessions.setCurrentTerm', 'settings', 'edit', { ...settings, params: { id: academicSession } }),
  /** A session's holidays: the school's staff (the register and the report cards count school days). */
  listHolidays: matrixRoute('academicSessions.listHolidays', 'dashboard', 'view', { actors: STAFF, params: { id: academicSession } }),
  addHoliday: matrixRoute('academicSessions.addHoliday', 'settings', 'add', { ...settings, params: { id: academicSession } }),
  editHoliday: matrixRoute('academicSessions.editHoliday', 'settings', 'edit', { ...settings, params: { holidayId: holiday } }),
  /** Removing a holiday edits the calendar (administrators have no settings delete). */
  removeHoliday: matrixRoute('academicSessions.removeHoliday', 'settings', 'edit', { ...settings, params: { holidayId: holiday } }),
};
