import { describe, expect, it } from 'vitest';
import { validate } from '../validation';
import { auditQuerySchema } from './schemas';

describe('auditQuerySchema', () => {
  it('defaults to the first page of 10 and drops empty filters', () => {
    expect(validate(auditQuerySchema, { entity: '', action: ' ', from: '' })).toEqual({ success: true, data: { page: 1, pageSize: 10 } });
  });

  it('keeps the filters, trimmed', () => {
    const schoolId = '0b6f4c1e-9a8b-4c3d-8e7f-123456789abc';
    expect(validate(auditQuerySchema, { page: '2', schoolId, entity: ' staff ', action: 'staff.', from: '2024-01-01', to: '2024-01-31' })).toEqual({
      success: true,
      data: { page: 2, pageSize: 10, schoolId, entity: 'staff', action: 'staff.', from: '2024-01-01', to: '2024-01-31' },
    });
  });

  it('refuses a bad date, an id that is not one, and a reversed range', () => {
    expect(validate(auditQuerySchema, { from: '2024-02-30', schoolId: 'nope', userId: '42' })).toEqual({
      success: false,
      errors: { from: 'Invalid date', schoolId: 'Unknown school', userId: 'Unknown user' },
    });
    expect(validate(auditQuerySchema, { from: '2024-03-01', to: '2024-02-01' })).toEqual({
      success: false,
      errors: { to: 'The start date must not be after the end date' },
    });
  });
});
