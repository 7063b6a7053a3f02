import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SelectField } from '../select-field';
import { TextField } from '../text-field';

describe('required fields', () => {
  it('marks the label with the asterisk class and the control with aria-required, without the browser’s own check', () => {
    render(
      <>
        <TextField label="Address" required />
        <SelectField label="Gender" required options={['male', 'female']} />
        <TextField label="Note (optional)" />
      </>,
    );
    const address = screen.getByLabelText('Address');
    expect(address.getAttribute('aria-required')).toBe('true');
    expect(address.hasAttribute('required')).toBe(false);
    expect(screen.getByText('Address').classList.contains('field-required')).toBe(true);
    expect(screen.getByLabelText('Gender').getAttribute('aria-required')).toBe('true');
    expect(screen.getByLabelText('Note (optional)').hasAttribute('aria-required')).toBe(false);
    expect(screen.getByText('Note (optional)').classList.contains('field-required')).toBe(false);
  });
});
