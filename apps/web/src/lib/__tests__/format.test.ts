import { describe, expect, it } from 'vitest';
import { firstName, humanise, initials } from '../format';

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
