import { describe, expect, it } from 'vitest';
import { subjectSchema } from './schemas';
import { CATALOGUE_GROUPS, SUBJECT_CATALOGUE } from './subject-catalogue';

describe('the subject catalogue', () => {
  const all = CATALOGUE_GROUPS.flatMap((group) => SUBJECT_CATALOGUE[group]);

  it('gives a subject the same code in every level group, and no two subjects one code', () => {
    const codeOf = new Map<string, string>();
    const nameOf = new Map<string, string>();
    for (const { name, code } of all) {
      expect(codeOf.get(name) ?? code).toBe(code);
      expect(nameOf.get(code) ?? name).toBe(name);
      codeOf.set(name, code);
      nameOf.set(code, name);
    }
  });

  it('lists each subject once per group, each one a valid subject', () => {
    for (const group of CATALOGUE_GROUPS) {
      const names = SUBJECT_CATALOGUE[group].map((s) => s.name);
      expect(new Set(names).size).toBe(names.length);
    }
    for (const subject of all) expect(subjectSchema.parse(subject)).toEqual(subject);
  });

  it('has the national curriculum’s usual JSS subjects', () => {
    expect(SUBJECT_CATALOGUE.JSS.map((s) => s.name)).toEqual(
      expect.arrayContaining(['English Language', 'Mathematics', 'Basic Science', 'Basic Technology', 'Civic Education', 'Business Studies', 'Yoruba']),
    );
    expect(SUBJECT_CATALOGUE.Nursery.map((s) => s.name)).toEqual(expect.arrayContaining(['Number Work', 'Letter Work']));
  });
});
