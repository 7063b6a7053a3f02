import { describe, expect, it } from 'vitest';
import { DEFAULT_PERMISSION_MATRIX, effectiveMatrix } from './permissions';

describe('effectiveMatrix', () => {
  it('keeps what an organisation saved and gives defaults to areas it never saw', () => {
    const saved = { teacher: { students: { add: false, edit: false, delete: false, view: false } } };
    const matrix = effectiveMatrix(saved);
    expect(matrix.teacher.students.view).toBe(false);
    expect(matrix.teacher.attendance).toEqual(DEFAULT_PERMISSION_MATRIX.teacher.attendance);
    expect(matrix.admin).toEqual(DEFAULT_PERMISSION_MATRIX.admin);
  });

  it('reads a missing matrix as the defaults', () => {
    expect(effectiveMatrix(null)).toEqual(DEFAULT_PERMISSION_MATRIX);
  });
});
