import { describe, expect, it } from 'vitest';
import { validate } from '../validation';
import { lessonNoteListQuerySchema, lessonNoteSchema, reviewLessonNoteSchema } from './schemas';

const ID = '6f1c2f0e-1111-4a4a-9b9b-000000000001';
const valid = { classId: ID, subjectId: ID, termId: ID, week: '2', title: ' Fractions ', body: '<p>Halves and <b>quarters</b></p>' };

describe('lessonNoteSchema', () => {
  it('gives every required message when the form is empty', () => {
    expect(validate(lessonNoteSchema, { classId: '', subjectId: '', termId: '', week: '', title: ' ', body: '' })).toEqual({
      success: false,
      errors: {
        classId: 'Please Select a Class',
        subjectId: 'Please Select a subject',
        termId: 'Please Select a Term',
        week: 'Week is required',
        title: 'Title is Required',
        body: 'description is required',
      },
    });
    expect(validate(lessonNoteSchema, {})).toMatchObject({ success: false, errors: { week: 'Week is required', body: 'description is required' } });
  });

  it('accepts a note, trims it, reads the week as a number and cleans the body', () => {
    expect(validate(lessonNoteSchema, valid)).toEqual({
      success: true,
      data: { ...valid, week: 2, title: 'Fractions', body: '<p>Halves and <strong>quarters</strong></p>' },
    });
  });

  it('treats a body with no text once cleaned as empty, and refuses weeks outside 1 to 5', () => {
    expect(validate(lessonNoteSchema, { ...valid, body: '<p><br></p><script>alert(1)</script>' })).toEqual({
      success: false,
      errors: { body: 'description is required' },
    });
    expect(validate(lessonNoteSchema, { ...valid, week: 6 })).toEqual({ success: false, errors: { week: 'Week must be from 1 to 5' } });
    expect(validate(lessonNoteSchema, { ...valid, week: 'two' })).toEqual({ success: false, errors: { week: 'Week must be from 1 to 5' } });
    expect(validate(lessonNoteSchema, { ...valid, classId: 'JSS 1' })).toEqual({ success: false, errors: { classId: 'Please Select a Class' } });
    expect(validate(lessonNoteSchema, { ...valid, title: 'x'.repeat(151) })).toEqual({
      success: false,
      errors: { title: 'Title must be at most 150 characters' },
    });
  });
});

describe('reviewLessonNoteSchema', () => {
  it('needs a comment to reject, not to approve', () => {
    expect(validate(reviewLessonNoteSchema, { decision: 'Rejected', comment: '  ' })).toEqual({
      success: false,
      errors: { comment: 'Comment is required when rejecting' },
    });
    expect(validate(reviewLessonNoteSchema, { decision: 'Approved' })).toEqual({ success: true, data: { decision: 'Approved' } });
    expect(validate(reviewLessonNoteSchema, { decision: 'Rejected', comment: ' Add the objectives ' })).toEqual({
      success: true,
      data: { decision: 'Rejected', comment: 'Add the objectives' },
    });
    expect(validate(reviewLessonNoteSchema, { decision: 'Maybe' })).toEqual({ success: false, errors: { decision: 'Please choose Approve or Reject' } });
  });
});

describe('lessonNoteListQuerySchema', () => {
  it('reads optional filters and the page from a query string', () => {
    expect(validate(lessonNoteListQuerySchema, { classId: '', week: '3', status: 'Submitted', page: '2', pageSize: '20' })).toEqual({
      success: true,
      data: { classId: undefined, subjectId: undefined, termId: undefined, teacherId: undefined, week: 3, status: 'Submitted', page: 2, pageSize: 20 },
    });
    expect(validate(lessonNoteListQuerySchema, {})).toMatchObject({ success: true, data: { page: 1, pageSize: 10 } });
    expect(validate(lessonNoteListQuerySchema, { classId: 'x', status: 'Lost', pageSize: '11' })).toEqual({
      success: false,
      errors: { classId: 'Please Select a Class', status: 'Please Select a Status', pageSize: 'Invalid page size' },
    });
  });
});
