import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lookupIdField, NO_RECORD, optionalLookupIdField } from './fields';
import { validate } from './validation';

const ID = '6f1c2f0e-1111-4a4a-9b9b-0000000000c1';

describe('lookup ids', () => {
  const schema = z.object({ classId: lookupIdField('Please Select a Class'), subjectId: optionalLookupIdField() });

  it('keeps an id (trimmed) and looks anything else up as NO_RECORD, which finds nothing', () => {
    expect(validate(schema, { classId: ` ${ID} `, subjectId: ID })).toEqual({ success: true, data: { classId: ID, subjectId: ID } });
    expect(validate(schema, { classId: 'not-an-id', subjectId: "1' or '1'='1" })).toEqual({
      success: true,
      data: { classId: NO_RECORD, subjectId: NO_RECORD },
    });
  });

  it('answers the required message when missing or empty; the optional one gives undefined', () => {
    expect(validate(schema, {})).toEqual({ success: false, errors: { classId: 'Please Select a Class' } });
    expect(validate(schema, { classId: ' ' })).toEqual({ success: false, errors: { classId: 'Please Select a Class' } });
    for (const subjectId of [undefined, null, '', '  ']) {
      expect(validate(schema, { classId: ID, subjectId })).toEqual({ success: true, data: { classId: ID, subjectId: undefined } });
    }
  });
});
