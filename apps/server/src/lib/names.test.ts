import { describe, expect, it } from 'vitest';
import { personName } from './names';

describe('personName', () => {
  const ada = { firstName: 'Ada', middleName: 'Grace', lastName: 'Obi' };
  it('writes the given name first by default, surname first when asked', () => {
    expect(personName(ada)).toBe('Ada Grace Obi');
    expect(personName(ada, { order: 'surname-first' })).toBe('Obi Ada Grace');
    expect(personName({ firstName: 'Ada', lastName: 'Obi' })).toBe('Ada Obi');
  });
  it('leaves out missing or empty parts', () => {
    expect(personName({ firstName: 'Ada', middleName: null, lastName: '' })).toBe('Ada');
    expect(personName({ firstName: 'Ada', middleName: '', lastName: 'Obi' }, { order: 'surname-first' })).toBe('Obi Ada');
  });
});
