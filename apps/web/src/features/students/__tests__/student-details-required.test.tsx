import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { StudentDetailsForm } from '../components/student-details-form';

const isRequired = (label: string) => screen.getByLabelText(label).getAttribute('aria-required') === 'true';

describe('StudentDetailsForm required fields', () => {
  it('marks every field the server requires and not the middle name', () => {
    renderWithProviders(
      <StudentDetailsForm
        defaultValues={{ firstName: 'Ada', middleName: '', lastName: 'Obi', gender: 'female', dateOfBirth: '', stateOfOrigin: '', address: '' }}
        onSave={vi.fn()}
        onSaved={vi.fn()}
      />,
    );
    expect(screen.getByText('Fields marked with an asterisk (*) are required.')).toBeTruthy();
    for (const label of ['First name', 'Last name', 'Gender', 'Date of birth', 'State of origin', 'Address']) {
      expect(isRequired(label), label).toBe(true);
    }
    expect(isRequired('Middle name (optional)')).toBe(false);
  });
});
