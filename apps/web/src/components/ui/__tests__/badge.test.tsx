import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge } from '../badge';

describe('Badge', () => {
  it.each([
    ['Active', 'green', '#027A48'],
    ['Success', 'green', '#027A48'],
    ['Accepted', 'green', '#027A48'],
    ['Pending', 'yellow', '#93370D'],
    ['Inactive', 'pink', '#C11574'],
    ['InComplete', 'pink', '#C11574'],
    ['Failed', 'pink', '#C11574'],
    ['Rejected', 'pink', '#C11574'],
    ['Complete', 'lemon', '#3F6212'],
    ['Dedication', 'dedication', '#B91C1C'],
    ['Suspended', 'lightRed', '#B42318'],
  ])('paints %s as %s', (status, tone, textColor) => {
    render(<Badge status={status} />);
    const badge = screen.getByText(status);
    expect(badge.getAttribute('data-tone')).toBe(tone);
    expect(asHex(badge.style.color)).toBe(textColor.toLowerCase());
  });

  it('shows Dedication as red text on light green', () => {
    render(<Badge status="Dedication" />);
    const badge = screen.getByText('Dedication');
    expect(asHex(badge.style.backgroundColor)).toBe('#dcfce7');
    expect(asHex(badge.style.color)).toBe('#b91c1c');
  });
});

/** A CSS colour as lower-case #rrggbb, whether the DOM keeps hex or gives rgb(). */
function asHex(color: string): string {
  const rgb = /^rgb\((\d+),\s*(\d+),\s*(\d+)\)$/.exec(color);
  if (!rgb) return color.toLowerCase();
  return `#${rgb
    .slice(1)
    .map((part) => Number(part).toString(16).padStart(2, '0'))
    .join('')}`;
}
