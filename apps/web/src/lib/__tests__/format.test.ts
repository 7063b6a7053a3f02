import { describe, expect, it } from 'vitest';
import { capitalise, firstName, formatDate, formatDateTime, humanise, initials } from '../format';

describe('format', () => {
  it('humanises path segments', () => {
    expect(humanise('super-admin')).toBe('Super Admin');
    expect(humanise('teachers')).toBe('Teachers');
    expect(humanise('lesson-notes')).toBe('Lesson Notes');
  });

  it('takes initials and the greeting name without a title', () => {
    expect(initials('Ada Obi')).toBe('AO');
    expect(initials('Mrs. Bisola Adewale')).toBe('BA');
    expect(initials('Chidera')).toBe('C');
    expect(firstName('Mrs. Funmilayo Adeyemi')).toBe('Funmilayo');
    expect(firstName('Ada Obi')).toBe('Ada');
  });
});

describe('date and text formatters shared by the features', () => {
  it('shows a calendar date without a time-zone shift, and nothing for none', () => {
    expect(formatDate('2014-09-12')).toMatch(/^12 Sept? 2014$/);
    expect(formatDate('2014-09-12T23:30:00Z')).toMatch(/^12 Sept? 2014$/);
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('shows a moment in Lagos time', () => {
    // 23:30 UTC is 00:30 the next day in Lagos (UTC+1)
    expect(formatDateTime('2024-01-14T23:30:00Z')).toMatch(/15 Jan 2024/);
    expect(formatDateTime(undefined)).toBe('');
  });

  it('capitalises a stored lower-case word', () => {
    expect(capitalise('mother')).toBe('Mother');
    expect(capitalise(null)).toBe('');
  });
});
