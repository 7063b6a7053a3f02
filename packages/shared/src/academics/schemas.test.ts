import { describe, expect, it } from 'vitest';
import { validate } from '../validation';
import {
  assignSubjectSchema,
  changeSubjectTeacherSchema,
  classSchema,
  createSessionSchema,
  defaultTermDates,
  sessionYears,
  setCurrentTermSchema,
  subjectSchema,
  termDatesOutsideSession,
  updateSessionSchema,
  updateTermsSchema,
} from './schemas';

const ID = '6f1c2f0e-1111-4a4a-9b9b-000000000001';
const ID2 = '6f1c2f0e-1111-4a4a-9b9b-000000000002';

const terms = (overrides: Array<Partial<{ name: string; startDate: string; endDate: string }>> = []) =>
  defaultTermDates('2024/25').map((term, index) => ({ ...term, ...overrides[index] }));

describe('session names', () => {
  it('accepts consecutive years written YYYY/YY', () => {
    expect(validate(createSessionSchema, { name: ' 2024/25 ' })).toEqual({ success: true, data: { name: '2024/25' } });
    expect(sessionYears('1999/00')).toEqual({ first: 1999, second: 2000 });
  });

  it('requires a name', () => {
    expect(validate(createSessionSchema, { name: '  ' })).toEqual({ success: false, errors: { name: 'Session is required' } });
    expect(validate(createSessionSchema, {})).toEqual({ success: false, errors: { name: 'Session is required' } });
  });

  it.each(['2024/26', '2024-25', '24/25', '2024/2025', '2024/24', 'next year'])('refuses %s', (name) => {
    expect(validate(createSessionSchema, { name })).toEqual({ success: false, errors: { name: 'Session must look like 2024/25' } });
  });

  it('takes a status from the list', () => {
    expect(validate(createSessionSchema, { name: '2024/25', status: 'Active' }).success).toBe(true);
    expect(validate(createSessionSchema, { name: '2024/25', status: 'Closed' })).toEqual({ success: false, errors: { status: 'Choose a status' } });
    expect(validate(updateSessionSchema, {})).toEqual({ success: false, errors: { status: 'Choose a status' } });
  });
});

describe('term dates', () => {
  it('accepts the default calendar', () => {
    expect(validate(updateTermsSchema, { terms: terms() }).success).toBe(true);
    expect(terms().map((t) => [t.startDate, t.endDate])).toEqual([
      ['2024-09-09', '2024-12-13'],
      ['2025-01-06', '2025-04-04'],
      ['2025-04-28', '2025-07-25'],
    ]);
  });

  it('requires each date', () => {
    expect(validate(updateTermsSchema, { terms: terms([{ startDate: '' }, {}, { endDate: '' }]) })).toEqual({
      success: false,
      errors: { 'terms.0.startDate': 'Start date is required', 'terms.2.endDate': 'End date is required' },
    });
    expect(validate(updateTermsSchema, { terms: terms([{ startDate: '2024-02-30' }]) })).toEqual({
      success: false,
      errors: { 'terms.0.startDate': 'Invalid date' },
    });
  });

  it('wants an end after the start', () => {
    expect(validate(updateTermsSchema, { terms: terms([{ endDate: '2024-09-09' }]) })).toEqual({
      success: false,
      errors: { 'terms.0.endDate': 'End date must be after the start date' },
    });
  });

  it('wants the terms in order, without overlap', () => {
    expect(validate(updateTermsSchema, { terms: terms([{}, { startDate: '2024-12-13' }]) })).toEqual({
      success: false,
      errors: { 'terms.1.startDate': 'Second term must start after First term ends' },
    });
    expect(validate(updateTermsSchema, { terms: terms([{}, {}, { startDate: '2025-03-01' }]) })).toEqual({
      success: false,
      errors: { 'terms.2.startDate': 'Third term must start after Second term ends' },
    });
  });

  it('wants exactly First, Second and Third', () => {
    expect(validate(updateTermsSchema, { terms: terms().slice(0, 2) })).toEqual({
      success: false,
      errors: { terms: 'Give the dates of the First, Second and Third terms' },
    });
    const swapped = terms([{ name: 'Second' }, { name: 'First' }]);
    expect(validate(updateTermsSchema, { terms: swapped })).toEqual({
      success: false,
      errors: {
        'terms.0.name': 'Terms must be First, Second and Third, in that order',
        'terms.1.name': 'Terms must be First, Second and Third, in that order',
      },
    });
  });

  it('finds dates outside the session’s two years', () => {
    expect(termDatesOutsideSession('2024/25', terms())).toEqual({});
    expect(termDatesOutsideSession('2024/25', terms([{ startDate: '2023-12-31' }, {}, { endDate: '2026-01-01' }]))).toEqual({
      'terms.0.startDate': 'Dates must fall within the 2024/25 session (2024 to 2025)',
      'terms.2.endDate': 'Dates must fall within the 2024/25 session (2024 to 2025)',
    });
  });

  it('chooses the current term by id', () => {
    expect(validate(setCurrentTermSchema, { termId: 'x' })).toEqual({ success: false, errors: { termId: 'Choose a term' } });
    expect(validate(setCurrentTermSchema, { termId: ID }).success).toBe(true);
  });
});

describe('classSchema', () => {
  it('requires a level and an arm', () => {
    expect(validate(classSchema, { level: '', arm: ' ' })).toEqual({
      success: false,
      errors: { level: 'Choose a class level', arm: 'Arm is required' },
    });
    expect(validate(classSchema, { level: 'JSS 4', arm: 'A' })).toEqual({ success: false, errors: { level: 'Choose a class level' } });
  });

  it('limits the arm to 20 characters of letters, numbers, spaces and hyphens', () => {
    expect(validate(classSchema, { level: 'JSS 1', arm: 'x'.repeat(21) })).toEqual({
      success: false,
      errors: { arm: 'Arm must be at most 20 characters' },
    });
    expect(validate(classSchema, { level: 'JSS 1', arm: 'A/B' })).toEqual({
      success: false,
      errors: { arm: 'Arm may only use letters, numbers, spaces and hyphens' },
    });
  });

  it('upper-cases a one-letter arm, keeps longer names, and makes an empty teacher null', () => {
    expect(validate(classSchema, { level: 'JSS 1', arm: ' b ', classTeacherId: '' })).toEqual({
      success: true,
      data: { level: 'JSS 1', arm: 'B', classTeacherId: null },
    });
    expect(validate(classSchema, { level: 'Primary 2', arm: 'Gold', classTeacherId: ID })).toEqual({
      success: true,
      data: { level: 'Primary 2', arm: 'Gold', classTeacherId: ID },
    });
    expect(validate(classSchema, { level: 'Primary 2', arm: 'Gold', classTeacherId: 'someone' })).toEqual({
      success: false,
      errors: { classTeacherId: 'Choose a teacher from the list' },
    });
  });
});

describe('subjectSchema', () => {
  it('requires a name and a code', () => {
    expect(validate(subjectSchema, {})).toEqual({
      success: false,
      errors: { name: 'Subject name is required', code: 'Subject code is required' },
    });
  });

  it('upper-cases the code and limits it', () => {
    expect(validate(subjectSchema, { name: ' Mathematics ', code: 'mth' })).toEqual({
      success: true,
      data: { name: 'Mathematics', code: 'MTH' },
    });
    expect(validate(subjectSchema, { name: 'Mathematics', code: 'MATHEMATICS' })).toEqual({
      success: false,
      errors: { code: 'Subject code must be at most 10 characters' },
    });
    expect(validate(subjectSchema, { name: 'Mathematics', code: 'M T' })).toEqual({
      success: false,
      errors: { code: 'Subject code may only use letters, numbers and hyphens' },
    });
    expect(validate(subjectSchema, { name: 'x'.repeat(81), code: 'X' })).toEqual({
      success: false,
      errors: { name: 'Subject name must be at most 80 characters' },
    });
  });
});

describe('subject assignments', () => {
  it('needs at least one class, each with a teacher', () => {
    expect(validate(assignSubjectSchema, { assignments: [] })).toEqual({ success: false, errors: { assignments: 'Choose at least one class' } });
    expect(validate(assignSubjectSchema, {})).toEqual({ success: false, errors: { assignments: 'Choose at least one class' } });
    expect(validate(assignSubjectSchema, { assignments: [{ classId: ID, teacherId: '' }] })).toEqual({
      success: false,
      errors: { 'assignments.0.teacherId': 'Choose a teacher' },
    });
  });

  it('refuses the same class twice', () => {
    expect(
      validate(assignSubjectSchema, {
        assignments: [
          { classId: ID, teacherId: ID2 },
          { classId: ID, teacherId: ID2 },
        ],
      }),
    ).toEqual({ success: false, errors: { 'assignments.1.classId': 'Each class can be chosen once' } });
  });

  it('changes a teacher by id', () => {
    expect(validate(changeSubjectTeacherSchema, { teacherId: '' })).toEqual({ success: false, errors: { teacherId: 'Choose a teacher' } });
  });
});
