import { describe, expect, it } from 'vitest';
import { validate } from '../validation';
import { assignmentSchema, resultFilterSchema } from './schemas';

describe('resultFilterSchema', () => {
  const messages = {
    term: 'Please Select a Term',
    class: 'Please Select a Class',
    subject: 'Please Select a subject',
  };

  it('asks to select each of term, class and subject', () => {
    expect(validate(resultFilterSchema, { term: '', class: '', subject: '' })).toEqual({ success: false, errors: messages });
    expect(validate(resultFilterSchema, { term: ' ', class: '\t', subject: '  ' })).toEqual({
      success: false,
      errors: messages,
    });
    expect(validate(resultFilterSchema, {})).toEqual({ success: false, errors: messages });
  });

  it('accepts a full selection, trimmed', () => {
    expect(validate(resultFilterSchema, { term: ' First ', class: 'JSS 1A ', subject: ' Mathematics' })).toEqual({
      success: true,
      data: { term: 'First', class: 'JSS 1A', subject: 'Mathematics' },
    });
  });
});

describe('assignmentSchema', () => {
  it('requires a title and a description', () => {
    expect(validate(assignmentSchema, { title: '', description: '' })).toEqual({
      success: false,
      errors: { title: 'Title is Required', description: 'description is required' },
    });
    expect(validate(assignmentSchema, { title: '   ', description: ' \n' })).toEqual({
      success: false,
      errors: { title: 'Title is Required', description: 'description is required' },
    });
  });

  it('takes an optional due date, an empty one counting as none', () => {
    expect(validate(assignmentSchema, { title: ' Essay ', description: ' My holiday ' })).toStrictEqual({
      success: true,
      data: { title: 'Essay', description: 'My holiday' },
    });
    expect(validate(assignmentSchema, { title: 'Essay', description: 'x', dueDate: '' })).toStrictEqual({
      success: true,
      data: { title: 'Essay', description: 'x', dueDate: undefined },
    });
    expect(validate(assignmentSchema, { title: 'Essay', description: 'x', dueDate: ' 2030-03-01 ' })).toEqual({
      success: true,
      data: { title: 'Essay', description: 'x', dueDate: '2030-03-01' },
    });
  });

  it('rejects a due date that is not a date', () => {
    expect(validate(assignmentSchema, { title: 'Essay', description: 'x', dueDate: 'next week' })).toEqual({
      success: false,
      errors: { dueDate: 'Invalid due date' },
    });
  });
});
