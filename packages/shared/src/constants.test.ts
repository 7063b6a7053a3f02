import { describe, expect, it } from 'vitest';
import {
  BADGE_COLORS,
  CLASS_LEVELS,
  DEFAULT_GRADING_SCALE,
  DEFAULT_SCORE_MAXIMUMS,
  NIGERIAN_STATES,
  TIMETABLE,
  badgeTone,
  formatNaira,
  formatSelectedCount,
  formatTableRange,
  gradeFor,
  isClassLevel,
  nairaToKobo,
  nextClassLevel,
  sortByClass,
  type ClassLevel,
} from './constants';

describe('badgeTone', () => {
  it.each([
    ['Active', 'green'],
    ['Success', 'green'],
    ['Accepted', 'green'],
    ['Pending', 'yellow'],
    ['Inactive', 'pink'],
    ['InComplete', 'pink'],
    ['Failed', 'pink'],
    ['Rejected', 'pink'],
    ['Complete', 'lemon'],
    ['Dedication', 'dedication'],
    ['Archived', 'lightRed'],
    ['', 'lightRed'],
  ])('gives %j the %s badge', (status, tone) => {
    expect(badgeTone(status)).toBe(tone);
  });

  it('ignores case and surrounding spaces', () => {
    expect(badgeTone(' incomplete ')).toBe('pink');
    expect(badgeTone('Incomplete')).toBe('pink');
    expect(badgeTone('success')).toBe('green');
    expect(badgeTone('COMPLETE')).toBe('lemon');
  });

  it('has a colour pair for every tone, dedication being red text on light green', () => {
    expect(Object.keys(BADGE_COLORS).sort()).toEqual(['dedication', 'green', 'lemon', 'lightRed', 'pink', 'yellow']);
    expect(BADGE_COLORS.dedication).toEqual({ background: '#DCFCE7', text: '#B91C1C' });
  });

  it('keeps every badge readable: a text contrast of at least 4.5:1', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    for (const { background, text } of Object.values(BADGE_COLORS)) {
      const [light, dark] = [luminance(background), luminance(text)].sort((a, b) => b - a);
      expect((light + 0.05) / (dark + 0.05), `${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('formatNaira', () => {
  it.each([
    [123450, '₦1,234.50'],
    [0, '₦0.00'],
    [5, '₦0.05'],
    [100, '₦1.00'],
    [99999, '₦999.99'],
    [123456789012, '₦1,234,567,890.12'],
    [-250075, '-₦2,500.75'],
  ])('shows %i kobo as %s', (kobo, text) => {
    expect(formatNaira(kobo)).toBe(text);
  });

  it('rounds a fractional kobo amount', () => {
    expect(formatNaira(1999.6)).toBe('₦20.00');
  });

  it('converts typed naira to kobo without floating-point drift', () => {
    expect(nairaToKobo(12.5)).toBe(1250);
    expect(nairaToKobo(0.29)).toBe(29);
    expect(nairaToKobo(1234.56)).toBe(123456);
  });
});

describe('class levels', () => {
  it('lists Nursery 1-3, Primary 1-6, JSS 1-3 and SSS 1-3 in order', () => {
    expect(CLASS_LEVELS).toEqual([
      'Nursery 1',
      'Nursery 2',
      'Nursery 3',
      'Primary 1',
      'Primary 2',
      'Primary 3',
      'Primary 4',
      'Primary 5',
      'Primary 6',
      'JSS 1',
      'JSS 2',
      'JSS 3',
      'SSS 1',
      'SSS 2',
      'SSS 3',
    ]);
  });

  it('promotes to the next level across groups, and SSS 3 graduates (null)', () => {
    expect(nextClassLevel('Nursery 1')).toBe('Nursery 2');
    expect(nextClassLevel('Nursery 3')).toBe('Primary 1');
    expect(nextClassLevel('Primary 6')).toBe('JSS 1');
    expect(nextClassLevel('JSS 3')).toBe('SSS 1');
    expect(nextClassLevel('SSS 2')).toBe('SSS 3');
    expect(nextClassLevel('SSS 3')).toBeNull();
  });

  it('refuses an unknown level instead of graduating the student', () => {
    expect(() => nextClassLevel('Year 7' as ClassLevel)).toThrow('Unknown class level: Year 7');
  });

  it('tells class levels from other strings', () => {
    expect(isClassLevel('JSS 2')).toBe(true);
    expect(isClassLevel('JSS 4')).toBe(false);
  });
});

describe('NIGERIAN_STATES', () => {
  it('holds the 36 states and the FCT, once each, alphabetically', () => {
    expect(NIGERIAN_STATES).toHaveLength(37);
    expect(new Set(NIGERIAN_STATES).size).toBe(37);
    expect([...NIGERIAN_STATES].sort((a, b) => a.localeCompare(b))).toEqual([...NIGERIAN_STATES]);
    expect(NIGERIAN_STATES).toContain('FCT');
    expect(NIGERIAN_STATES).toContain('Lagos');
    expect(NIGERIAN_STATES).toContain('Akwa Ibom');
  });
});

describe('timetable', () => {
  it('has hourly slots from 8:00 AM to 5:00 PM with the break at 12:00 PM', () => {
    expect(TIMETABLE.slots).toHaveLength(10);
    expect(TIMETABLE.slots[0]).toBe('8:00 AM');
    expect(TIMETABLE.slots[TIMETABLE.slots.length - 1]).toBe('5:00 PM');
    expect(TIMETABLE.slots).toContain(TIMETABLE.breakSlot);
    expect(TIMETABLE.days).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
  });
});

describe('results defaults', () => {
  it('has score maximums adding up to 100', () => {
    const total = Object.values(DEFAULT_SCORE_MAXIMUMS).reduce((sum, max) => sum + max, 0);
    expect(total).toBe(100);
  });

  it('covers every whole total from 0 to 100 with exactly one band', () => {
    for (let total = 0; total <= 100; total += 1) {
      expect(DEFAULT_GRADING_SCALE.filter((band) => total >= band.min && total <= band.max)).toHaveLength(1);
    }
  });

  it.each([
    [100, 'A+', 5],
    [90, 'A+', 5],
    [89.5, 'A', 4],
    [70, 'A', 4],
    [69, 'B', 3],
    [50, 'C', 2],
    [45, 'D', 1],
    [44, 'E', 0.5],
    [40, 'E', 0.5],
    [39.9, 'F', 0],
    [0, 'F', 0],
  ])('grades a total of %d as %s (%d points)', (total, grade, point) => {
    expect(gradeFor(total)).toMatchObject({ grade, point });
  });

  it('gives no grade below the lowest band of a custom scale', () => {
    expect(gradeFor(10, [{ grade: 'P', min: 50, max: 100, point: 1, remark: 'Pass' }])).toBeNull();
  });
});

describe('table texts', () => {
  it("reads 'a-b of n' and '{n} item(s) selected'", () => {
    expect(formatTableRange(11, 20, 42)).toBe('11-20 of 42');
    expect(formatSelectedCount(3)).toBe('3 item(s) selected');
  });
});

describe('sortByClass', () => {
  it('puts classes in school order, then arms in natural order, unknown levels last', () => {
    const rows = [
      { level: 'SSS 1', arm: 'A' },
      { level: 'JSS 1', arm: 'B' },
      { level: 'Basic 7', arm: 'A' },
      { level: 'Primary 1', arm: '10' },
      { level: 'Primary 1', arm: '2' },
      { level: 'Nursery 2', arm: 'A' },
      { level: 'JSS 1', arm: 'A' },
    ];
    expect(sortByClass(rows).map((r) => `${r.level} ${r.arm}`)).toEqual([
      'Nursery 2 A',
      'Primary 1 2',
      'Primary 1 10',
      'JSS 1 A',
      'JSS 1 B',
      'SSS 1 A',
      'Basic 7 A',
    ]);
    expect(rows[0].level).toBe('SSS 1'); // the input is left as it was
  });
});
