import { describe, expect, it } from 'vitest';
import { validate } from '../validation';
import { BREAK_HOUR, dayName, formatHour, hourOfSlotLabel, setTimetableSlotSchema, slotRangeLabel, TEACHING_HOURS, TIMETABLE_HOURS } from './schemas';

const SUBJECT = '6f1c2f0e-1111-4a4a-9b9b-000000000001';

describe('timetable slots', () => {
  it('runs hourly from 8:00 AM to 5:00 PM: nine slots, the 12:00 PM one the BREAK', () => {
    expect(TIMETABLE_HOURS).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(BREAK_HOUR).toBe(12);
    expect(TEACHING_HOURS).toEqual([8, 9, 10, 11, 13, 14, 15, 16]);
  });

  it('names hours and days as the spec writes them', () => {
    expect(formatHour(8)).toBe('8:00 AM');
    expect(formatHour(12)).toBe('12:00 PM');
    expect(formatHour(16)).toBe('4:00 PM');
    expect(slotRangeLabel(16)).toBe('4:00 PM – 5:00 PM');
    expect(hourOfSlotLabel('1:00 PM')).toBe(13);
    expect(hourOfSlotLabel('12:00 PM')).toBe(12);
    expect(dayName(1)).toBe('Monday');
    expect(dayName(5)).toBe('Friday');
    expect(() => dayName(6)).toThrow(RangeError);
  });
});

describe('setTimetableSlotSchema', () => {
  it('accepts a subject or null (clear) at a teaching hour of a school day', () => {
    expect(validate(setTimetableSlotSchema, { day: 1, hour: 9, classSubjectId: SUBJECT })).toEqual({
      success: true,
      data: { day: 1, hour: 9, classSubjectId: SUBJECT },
    });
    expect(validate(setTimetableSlotSchema, { day: 5, hour: 16, classSubjectId: null })).toMatchObject({ success: true });
  });

  it('refuses the BREAK, days outside Monday to Friday, hours outside the day and a missing subject', () => {
    expect(validate(setTimetableSlotSchema, { day: 1, hour: 12, classSubjectId: SUBJECT })).toEqual({
      success: false,
      errors: { hour: 'No subject can be set at BREAK' },
    });
    expect(validate(setTimetableSlotSchema, { day: 6, hour: 7, classSubjectId: 'x' })).toEqual({
      success: false,
      errors: { day: 'Please Select a Day', hour: 'Please Select a Time', classSubjectId: 'Please Select a subject' },
    });
    expect(validate(setTimetableSlotSchema, {})).toEqual({
      success: false,
      errors: { day: 'Please Select a Day', hour: 'Please Select a Time', classSubjectId: 'Please Select a subject' },
    });
    expect(validate(setTimetableSlotSchema, { day: 1, hour: 17, classSubjectId: null })).toMatchObject({ errors: { hour: 'Please Select a Time' } });
  });
});
