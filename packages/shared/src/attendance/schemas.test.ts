import { describe, expect, it } from 'vitest';
import { validate } from '../validation';
import {
  attendanceRate,
  attendanceSettingsSchema,
  calendarQuerySchema,
  CLASS_REQUIRED,
  DATE_REQUIRED,
  DUPLICATE_STUDENT,
  ENTRIES_REQUIRED,
  MONTH_INVALID,
  RATE_RANGE,
  ratesQuerySchema,
  registerQuerySchema,
  saveRegisterSchema,
  STATUS_REQUIRED,
  STUDENT_REQUIRED,
  TERM_REQUIRED,
} from './schemas';

const ID = '6f1c2f0e-1111-4a4a-9b9b-000000000001';
const ID2 = '6f1c2f0e-1111-4a4a-9b9b-000000000002';

describe('saveRegisterSchema', () => {
  it('accepts a register and trims what it reads', () => {
    expect(validate(saveRegisterSchema, { classId: ` ${ID} `, date: '2024-05-08', entries: [{ studentId: ID2, status: ' Absent ' }] })).toEqual({
      success: true,
      data: { classId: ID, date: '2024-05-08', entries: [{ studentId: ID2, status: 'Absent' }] },
    });
  });

  it('gives every message of an empty form', () => {
    expect(validate(saveRegisterSchema, { classId: '', date: '', entries: [] })).toEqual({
      success: false,
      errors: { classId: CLASS_REQUIRED, date: DATE_REQUIRED, entries: ENTRIES_REQUIRED },
    });
  });

  it('refuses unknown statuses, bad student ids and a student twice', () => {
    const bad = validate(saveRegisterSchema, { classId: ID, date: '2024-05-08', entries: [{ studentId: 'x', status: 'Sick' }] });
    expect(bad).toEqual({ success: false, errors: { 'entries.0.studentId': STUDENT_REQUIRED, 'entries.0.status': STATUS_REQUIRED } });
    const twice = validate(saveRegisterSchema, {
      classId: ID,
      date: '2024-05-08',
      entries: [
        { studentId: ID2, status: 'Present' },
        { studentId: ID2.toUpperCase(), status: 'Absent' },
      ],
    });
    expect(twice).toEqual({ success: false, errors: { entries: DUPLICATE_STUDENT } });
  });
});

describe('queries', () => {
  it('needs a class and a date for a register', () => {
    expect(validate(registerQuerySchema, {})).toEqual({ success: false, errors: { classId: CLASS_REQUIRED, date: DATE_REQUIRED } });
    expect(validate(registerQuerySchema, { classId: ID, date: '2024-02-30' }).success).toBe(false);
  });

  it('needs a term for rates; the rate filter is 0 to 100', () => {
    expect(validate(ratesQuerySchema, {})).toMatchObject({ success: false, errors: { termId: TERM_REQUIRED } });
    expect(validate(ratesQuerySchema, { termId: ID, below: '101' })).toEqual({ success: false, errors: { below: RATE_RANGE } });
    expect(validate(ratesQuerySchema, { termId: ID, below: '' })).toEqual({ success: true, data: { termId: ID, page: 1, pageSize: 10 } });
    expect(validate(ratesQuerySchema, { termId: ID, classId: '', below: '75' })).toEqual({
      success: true,
      data: { termId: ID, below: 75, page: 1, pageSize: 10 },
    });
  });

  it('reads a month as YYYY-MM', () => {
    expect(validate(calendarQuerySchema, { month: '2024-13' })).toEqual({ success: false, errors: { month: MONTH_INVALID } });
    expect(validate(calendarQuerySchema, { month: '2024-05' })).toEqual({ success: true, data: { month: '2024-05' } });
  });

  it('takes the absence-notice setting as a boolean', () => {
    expect(validate(attendanceSettingsSchema, { absenceNotices: 'yes' }).success).toBe(false);
    expect(validate(attendanceSettingsSchema, { absenceNotices: false })).toEqual({ success: true, data: { absenceNotices: false } });
  });
});

describe('attendanceRate', () => {
  it('counts Present and Late as present, out of everyone marked, to one decimal', () => {
    expect(attendanceRate({ present: 7, absent: 3, late: 1, excused: 1 })).toBe(66.7);
    expect(attendanceRate({ present: 0, absent: 0, late: 0, excused: 0 })).toBeNull();
    expect(attendanceRate({ present: 2, absent: 0, late: 1, excused: 0 })).toBe(100);
  });
});
