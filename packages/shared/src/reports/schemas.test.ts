import { describe, expect, it } from 'vitest';
import { validate } from '../validation';
import { CHOOSE_A_SESSION, CHOOSE_A_TERM, organisationReportQuerySchema, schoolTermReportQuerySchema } from './schemas';

describe('organisation report query', () => {
  it('takes a session name like 2023/24 and a term name', () => {
    expect(organisationReportQuerySchema.parse({ sessionName: ' 2023/24 ', term: 'Second', schoolId: '' })).toEqual({
      sessionName: '2023/24',
      term: 'Second',
      schoolId: undefined,
    });
    expect(organisationReportQuerySchema.parse({})).toEqual({ sessionName: undefined, term: undefined, schoolId: undefined });
  });

  it('names what is wrong', () => {
    expect(validate(organisationReportQuerySchema, { sessionName: '2023' })).toMatchObject({ success: false, errors: { sessionName: CHOOSE_A_SESSION } });
    expect(validate(organisationReportQuerySchema, { term: 'Fourth' })).toMatchObject({ success: false, errors: { term: CHOOSE_A_TERM } });
  });
});

describe('school report query', () => {
  it('treats empty ids as not given', () => {
    expect(schoolTermReportQuerySchema.parse({ sessionId: '', termId: '', schoolId: '' })).toEqual({
      sessionId: undefined,
      termId: undefined,
      schoolId: undefined,
    });
  });
});
