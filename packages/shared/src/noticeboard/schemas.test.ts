import { describe, expect, it } from 'vitest';
import { validate } from '../validation';
import { noticeFlagsSchema, noticeSchema } from './schemas';

const valid = { title: 'Sports day', description: 'Friday at the field', date: '2024-02-10', audience: 'everyone' };

describe('noticeSchema', () => {
  it("answers the spec's messages for a missing title and description", () => {
    const result = validate(noticeSchema, { ...valid, title: '   ', description: '' });
    expect(result).toEqual({ success: false, errors: { title: 'Title is Required', description: 'description is required' } });
    expect(validate(noticeSchema, {})).toMatchObject({
      success: false,
      errors: { title: 'Title is Required', description: 'description is required', date: 'Date is required', audience: 'Please choose who the notice is for' },
    });
  });

  it('trims, defaults pin and SMS to false and drops the class unless the audience is one class', () => {
    const result = validate(noticeSchema, { ...valid, title: '  Sports day ', classId: '3b241101-e2bb-4255-8caf-4136c566a962' });
    expect(result).toEqual({ success: true, data: { ...valid, title: 'Sports day', pinned: false, sendSms: false, classId: undefined, schoolId: undefined } });
    expect(validate(noticeSchema, { ...valid, sendSms: true })).toMatchObject({ success: true, data: { sendSms: true } });
    expect(validate(noticeSchema, { ...valid, sendSms: 'yes' })).toMatchObject({ success: false, errors: { sendSms: expect.any(String) } });
  });

  it('needs a class for one class, and one school for it', () => {
    expect(validate(noticeSchema, { ...valid, audience: 'class' })).toEqual({ success: false, errors: { classId: 'Please Select a Class' } });
    expect(validate(noticeSchema, { ...valid, audience: 'class', classId: 'x', schoolId: 'all' })).toEqual({
      success: false,
      errors: { classId: 'Choose one school to address a class' },
    });
    expect(validate(noticeSchema, { ...valid, schoolId: 'school-1' })).toEqual({ success: false, errors: { schoolId: 'Please choose a school' } });
  });

  it('refuses impossible dates, unknown audiences and overlong titles', () => {
    expect(validate(noticeSchema, { ...valid, date: '2024-02-30' })).toEqual({ success: false, errors: { date: 'Invalid date' } });
    expect(validate(noticeSchema, { ...valid, audience: 'teachers' })).toEqual({ success: false, errors: { audience: 'Please choose who the notice is for' } });
    expect(validate(noticeSchema, { ...valid, title: 'x'.repeat(151) })).toEqual({ success: false, errors: { title: 'Title must be at most 150 characters' } });
  });
});

describe('noticeFlagsSchema', () => {
  it('needs something to change', () => {
    expect(validate(noticeFlagsSchema, {}).success).toBe(false);
    expect(validate(noticeFlagsSchema, { pinned: true })).toEqual({ success: true, data: { pinned: true } });
  });
});
