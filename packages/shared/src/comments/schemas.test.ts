import { describe, expect, it } from 'vitest';
import { validate } from '../validation';
import { addCommentsDialogSchema, commentSchema, splitComments } from './schemas';

describe('splitComments', () => {
  it('gives the trimmed, non-empty comments between commas', () => {
    expect(splitComments(' Neat work, , Attentive in class ,Punctual,')).toEqual(['Neat work', 'Attentive in class', 'Punctual']);
    expect(splitComments(' , ,')).toEqual([]);
    expect(splitComments('')).toEqual([]);
  });
});

describe('commentSchema', () => {
  const valid = { comment: 'Good effort', name: 'Aisha Bello', term: 'First', class: 'JSS 1A', subject: 'English' };

  it("answers 'Enter a comment' and the other required messages", () => {
    const expected = {
      success: false,
      errors: {
        comment: 'Enter a comment',
        name: 'Name is required',
        term: 'Term is required',
        class: 'Class is required',
        subject: 'Subject is required',
      },
    };
    expect(validate(commentSchema, { comment: '', name: '', term: '', class: '', subject: '' })).toEqual(expected);
    expect(validate(commentSchema, { comment: '  ', name: ' ', term: ' ', class: ' ', subject: ' ' })).toEqual(expected);
  });

  it('accepts a trimmed comment with an optional score from 0 to 10', () => {
    const padded = Object.fromEntries(Object.entries(valid).map(([key, value]) => [key, ` ${value} `]));
    expect(validate(commentSchema, padded)).toEqual({ success: true, data: valid });
    expect(validate(commentSchema, { ...valid, score: 0 })).toMatchObject({ success: true, data: { score: 0 } });
    expect(validate(commentSchema, { ...valid, score: 10 })).toMatchObject({ success: true, data: { score: 10 } });
  });

  it.each([-1, 11, 5.5, '7'])('rejects the score %j', (score) => {
    expect(validate(commentSchema, { ...valid, score })).toEqual({
      success: false,
      errors: { score: 'Score must be a whole number from 0 to 10' },
    });
  });
});

describe('addCommentsDialogSchema', () => {
  it('requires a comment, the class and the name', () => {
    const expected = {
      success: false,
      errors: { comment: 'Enter a comment', class: 'Class is required', name: 'Name is required' },
    };
    expect(validate(addCommentsDialogSchema, { comment: '', class: '', name: '' })).toEqual(expected);
    expect(validate(addCommentsDialogSchema, { comment: '   ', class: '  ', name: ' ' })).toEqual(expected);
    expect(validate(addCommentsDialogSchema, {})).toEqual(expected);
  });

  it("answers 'Enter a comment' when only commas are typed", () => {
    expect(validate(addCommentsDialogSchema, { comment: ' , ,', class: 'JSS 1A', name: 'Aisha Bello' })).toEqual({
      success: false,
      errors: { comment: 'Enter a comment' },
    });
  });

  it('accepts comma-separated comments, trimmed', () => {
    expect(validate(addCommentsDialogSchema, { comment: ' Neat, Punctual ', class: ' JSS 1A', name: 'Aisha ' })).toEqual({
      success: true,
      data: { comment: 'Neat, Punctual', class: 'JSS 1A', name: 'Aisha' },
    });
  });
});
