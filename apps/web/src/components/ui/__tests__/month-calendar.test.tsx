import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventDotColor, MonthCalendar } from '../month-calendar';

describe('MonthCalendar', () => {
  it('colours Present green, Absent amber and anything else red', () => {
    expect(eventDotColor('Present')).toBe('green');
    expect(eventDotColor('Absent')).toBe('amber');
    expect(eventDotColor('Late')).toBe('red');
  });

  it('puts a dot on each day that has an event', () => {
    const { container } = render(
      <MonthCalendar
        value={new Date(2024, 2, 1)}
        events={[
          { day: 4, month: 3, year: 2024, title: 'Present' },
          { day: 5, month: 3, year: 2024, title: 'Absent' },
          { day: 6, month: 3, year: 2024, title: 'Holiday' },
          { day: 6, month: 4, year: 2024, title: 'Present' },
        ]}
      />,
    );
    const dots = Array.from(container.querySelectorAll('[data-dot]')).map((dot) => dot.getAttribute('data-dot'));
    expect(dots).toEqual(['green', 'amber', 'red']);
  });
});
