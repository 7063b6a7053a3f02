import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { StaffForm } from '../components/staff-form';

const isRequired = (label: string | RegExp) => screen.getByLabelText(label).getAttribute('aria-required') === 'true';

describe('StaffForm required fields', () => {
  it('marks every field the server requires, the address included', () => {
    renderWithProviders(<StaffForm submitLabel="Add staff" pendingLabel="Adding…" onSave={vi.fn()} onSaved={vi.fn()} />);
    expect(screen.getByText('Fields marked with an asterisk (*) are required.')).toBeTruthy();
    for (const label of ['Full name', 'Staff type', 'Gender', 'Date employed', 'Phone number', 'Address']) {
      expect(isRequired(label), label).toBe(true);
      expect(screen.getByText(label, { selector: 'label' }).classList.contains('field-required')).toBe(true);
    }
    expect(isRequired(/Upload photo/)).toBe(false);
  });

  it('marks the email required for staff who sign in and optional only for the others', async () => {
    const user = userEvent.setup();
    renderWithProviders(<StaffForm submitLabel="Add staff" pendingLabel="Adding…" onSave={vi.fn()} onSaved={vi.fn()} />);
    // before a staff type is chosen the email is not called optional
    expect(screen.getByLabelText('Email')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Staff type'), 'Teacher');
    expect(isRequired('Email')).toBe(true);
    await user.selectOptions(screen.getByLabelText('Staff type'), 'Gateman');
    expect(isRequired('Email (optional)')).toBe(false);
    await user.selectOptions(screen.getByLabelText('Staff type'), 'Principal');
    expect(isRequired('Email')).toBe(true);
  });
});
