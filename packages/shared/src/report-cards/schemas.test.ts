import { describe, expect, it } from 'vitest';
import { assignmentFormSchema } from '../assignments/schemas';
import { addCommentsSchema, isGoodScore } from '../teacher-comments/schemas';
import { validate } from '../validation';
import { formatMark, formatPin, generatePinsSchema, ordinal, principalCommentSchema, unlockResultsSchema } from './schemas';

// ids as the forms send them (a value that is not an id is looked up as NO_RECORD)
const [TERM, CLASS, SUBJECT, STUDENT] = ['e1', 'c1', '51', 'a1'].map((n) => `6f1c2f0e-1111-4a4a-9b9b-0000000000${n}`);

describe('assignmentFormSchema', () => {
  const valid = { termId: TERM, classId: CLASS, subjectId: SUBJECT, title: 'Fractions', description: 'Exercise 4B', dueDate: '2024-02-02' };

  it("answers the spec's messages: 'Title is Required', 'description is required'", () => {
    expect(validate(assignmentFormSchema, { ...valid, title: '  ', description: '' })).toEqual({
      success: false,
      errors: { title: 'Title is Required', description: 'description is required' },
    });
  });

  it('asks for the term, class, subject and a real due date', () => {
    expect(validate(assignmentFormSchema, {})).toMatchObject({
      success: false,
      errors: { termId: 'Please Select a Term', classId: 'Please Select a Class', subjectId: 'Please Select a subject', dueDate: 'Due date is required' },
    });
    expect(validate(assignmentFormSchema, { ...valid, dueDate: '2024-13-01' })).toEqual({ success: false, errors: { dueDate: 'Invalid due date' } });
  });

  it('trims', () => {
    expect(validate(assignmentFormSchema, { ...valid, title: ' Fractions ' })).toEqual({ success: true, data: valid });
  });
});

describe('addCommentsSchema', () => {
  const valid = { comment: 'Neat, Punctual', classId: CLASS, studentId: STUDENT, termId: TERM, score: 7 };

  it("answers 'Enter a comment', 'Class is required', 'Name is required'", () => {
    expect(validate(addCommentsSchema, { comment: ' , ', classId: '', studentId: ' ', termId: TERM, score: 5 })).toEqual({
      success: false,
      errors: { comment: 'Enter a comment', classId: 'Class is required', studentId: 'Name is required' },
    });
  });

  it.each([11, -1, 2.5, '', 'x'])('refuses the score %j', (score) => {
    expect(validate(addCommentsSchema, { ...valid, score })).toEqual({ success: false, errors: { score: 'Score must be a whole number from 0 to 10' } });
  });

  it('takes a score from a select and an empty subject as none', () => {
    expect(validate(addCommentsSchema, { ...valid, score: '0', subjectId: '' })).toEqual({ success: true, data: { ...valid, score: 0, subjectId: null } });
  });

  it('colours 5 and above green', () => {
    expect([0, 4, 5, 10].map(isGoodScore)).toEqual([false, false, true, true]);
  });
});

describe('result-checker PINs', () => {
  it('generates 1-500 PINs of 1-50 views', () => {
    expect(validate(generatePinsSchema, { quantity: '20', maxViews: '5', note: ' ' })).toEqual({
      success: true,
      data: { quantity: 20, maxViews: 5, note: null },
    });
    expect(validate(generatePinsSchema, { quantity: 0, maxViews: 51 })).toEqual({
      success: false,
      errors: { quantity: 'Quantity must be a whole number from 1 to 500', maxViews: 'Views must be a whole number from 1 to 50' },
    });
  });

  it('reads a PIN typed with dashes or spaces', () => {
    expect(validate(unlockResultsSchema, { pin: '1234-5678 9012', studentId: STUDENT, termId: TERM })).toEqual({
      success: true,
      data: { pin: '123456789012', studentId: STUDENT, termId: TERM },
    });
    expect(validate(unlockResultsSchema, { pin: '', studentId: STUDENT, termId: TERM })).toEqual({ success: false, errors: { pin: 'PIN is required' } });
    expect(validate(unlockResultsSchema, { pin: '12345', studentId: STUDENT, termId: TERM })).toEqual({
      success: false,
      errors: { pin: 'PIN must be 12 digits' },
    });
    expect(formatPin('123456789012')).toBe('1234-5678-9012');
  });
});

describe('report card', () => {
  it("requires the principal's comment", () => {
    expect(validate(principalCommentSchema, { principalComment: ' ' })).toEqual({
      success: false,
      errors: { principalComment: 'Principal comment is required' },
    });
  });

  it('prints marks and positions the same way on the page and in the PDF', () => {
    expect([formatMark(74), formatMark(74.5), formatMark(75.333), formatMark(null)]).toEqual(['74', '74.50', '75.33', '-']);
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
    ]);
    expect(ordinal(null)).toBe('-');
  });
});
