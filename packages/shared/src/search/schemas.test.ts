import { describe, expect, it } from 'vitest';
import { validate } from '../validation';
import { searchQuerySchema, SEARCH_TOO_SHORT } from './schemas';

describe('searchQuerySchema', () => {
  it.each([undefined, '', ' ', 'a', ' a '])("answers 'Type at least 2 characters' for %j", (q) => {
    expect(validate(searchQuerySchema, { q })).toEqual({ success: false, errors: { q: SEARCH_TOO_SHORT } });
  });

  it('trims the query', () => {
    expect(validate(searchQuerySchema, { q: '  jss 1 ' })).toEqual({ success: true, data: { q: 'jss 1' } });
  });

  it('refuses a query over 100 characters', () => {
    expect(validate(searchQuerySchema, { q: 'x'.repeat(101) })).toEqual({ success: false, errors: { q: 'Type at most 100 characters' } });
  });
});
