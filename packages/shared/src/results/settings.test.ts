import { describe, expect, it } from 'vitest';
import { validate } from '../validation';
import { parseScoreInput, scoreBatchSchema, scoreProblem } from './scores';
import { DEFAULT_GRADING_SCALE, DEFAULT_RESULT_SETTINGS, gradingScaleProblem, resultSettingsSchema, WAEC_GRADING_SCALE } from './settings';

const band = (min: number, max: number, grade: string) => ({ min, max, grade, point: 1, remark: 'R' });

describe('default result settings', () => {
  it('are 15/15/10/60, pass mark 40, A+ to F covering 0–100', () => {
    expect(DEFAULT_RESULT_SETTINGS.maxima).toEqual({ test1: 15, test2: 15, assignment: 10, exam: 60 });
    expect(DEFAULT_RESULT_SETTINGS.passMark).toBe(40);
    expect(gradingScaleProblem(DEFAULT_GRADING_SCALE)).toBeNull();
    expect(validate(resultSettingsSchema, DEFAULT_RESULT_SETTINGS).success).toBe(true);
  });

  it('offer the WAEC scale: A1 from 75, C6 from 50, F9 below 40, covering 0–100 once', () => {
    expect(gradingScaleProblem(WAEC_GRADING_SCALE)).toBeNull();
    expect(WAEC_GRADING_SCALE.map((b) => `${b.grade} ${b.min}-${b.max}`)).toEqual([
      'A1 75-100',
      'B2 70-74',
      'B3 65-69',
      'C4 60-64',
      'C5 55-59',
      'C6 50-54',
      'D7 45-49',
      'E8 40-44',
      'F9 0-39',
    ]);
    expect(validate(resultSettingsSchema, { ...DEFAULT_RESULT_SETTINGS, gradingScale: WAEC_GRADING_SCALE }).success).toBe(true);
  });
});

describe('gradingScaleProblem', () => {
  it('accepts bands in any order that cover 0–100 exactly once', () => {
    expect(gradingScaleProblem([band(50, 100, 'P'), band(0, 49, 'F')])).toBeNull();
    expect(gradingScaleProblem([band(0, 100, 'X')])).toBeNull();
  });
  it('names gaps, overlaps, the ends and repeated grades', () => {
    expect(gradingScaleProblem([band(51, 100, 'P'), band(0, 49, 'F')])).toBe('The grading scale has a gap between 49 (F) and 51 (P)');
    expect(gradingScaleProblem([band(49, 100, 'P'), band(0, 49, 'F')])).toBe('The grading scale overlaps: P (49–100) and F (0–49)');
    expect(gradingScaleProblem([band(1, 100, 'P')])).toBe('The grading scale must start at 0');
    expect(gradingScaleProblem([band(0, 99, 'P')])).toBe('The grading scale must end at 100');
    expect(gradingScaleProblem([band(50, 100, 'P'), band(0, 49, 'p')])).toBe('The grade p appears more than once');
    expect(gradingScaleProblem([])).toBe('Add at least one grade to the grading scale');
  });
});

describe('resultSettingsSchema', () => {
  it('requires the maxima to add up to 100', () => {
    expect(validate(resultSettingsSchema, { ...DEFAULT_RESULT_SETTINGS, maxima: { test1: 20, test2: 15, assignment: 10, exam: 60 } })).toEqual({
      success: false,
      errors: { maxima: 'The maximum scores must add up to 100' },
    });
  });
  it('checks each band', () => {
    const result = validate(resultSettingsSchema, { ...DEFAULT_RESULT_SETTINGS, gradingScale: [{ min: 0, max: 100.5, grade: ' ', point: -1, remark: '' }] });
    expect(result).toEqual({
      success: false,
      errors: {
        'gradingScale.0.max': 'Maximum must be a whole number',
        'gradingScale.0.grade': 'Grade is required',
        'gradingScale.0.point': 'Point must be at least 0',
        'gradingScale.0.remark': 'Remark is required',
      },
    });
    expect(validate(resultSettingsSchema, { ...DEFAULT_RESULT_SETTINGS, passMark: 101 })).toEqual({
      success: false,
      errors: { passMark: 'Pass mark must be at most 100' },
    });
  });
});

describe('scores', () => {
  const maxima = DEFAULT_RESULT_SETTINGS.maxima;
  it('takes empty cells and whole or half marks up to the maximum', () => {
    expect(scoreProblem('test1', null, maxima)).toBeNull();
    expect(scoreProblem('test1', 0, maxima)).toBeNull();
    expect(scoreProblem('test1', 12.5, maxima)).toBeNull();
    expect(scoreProblem('exam', 60, maxima)).toBeNull();
  });
  it('refuses above the maximum, below 0, other fractions and text', () => {
    expect(scoreProblem('test1', 15.5, maxima)).toBe('Test 1 cannot be above 15');
    expect(scoreProblem('exam', 61, maxima)).toBe('Exam cannot be above 60');
    expect(scoreProblem('assignment', -1, maxima)).toBe('Assignment cannot be below 0');
    expect(scoreProblem('test2', 7.25, maxima)).toBe('Test 2 must be a whole or half mark');
    expect(scoreProblem('test2', parseScoreInput('abc'), maxima)).toBe('Test 2 must be a number');
  });
  it('reads typed cells', () => {
    expect(parseScoreInput(' ')).toBeNull();
    expect(parseScoreInput('12.5')).toBe(12.5);
    expect(parseScoreInput('-3')).toBe(-3);
    expect(parseScoreInput('1e3')).toBeNaN();
  });
  it('asks for term, class and subject with the spec’s messages', () => {
    expect(validate(scoreBatchSchema, { termId: '', classId: '', subjectId: '', rows: [] })).toEqual({
      success: false,
      errors: { termId: 'Please Select a Term', classId: 'Please Select a Class', subjectId: 'Please Select a subject' },
    });
  });
});
