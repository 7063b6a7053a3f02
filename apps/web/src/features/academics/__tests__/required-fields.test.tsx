import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { ClassForm } from '../components/class-form';
import { SubjectForm } from '../components/subject-form';
import { teachers } from './fixtures';

const isRequired = (label: string) => screen.getByLabelText(label).getAttribute('aria-required') === 'true';

describe('required fields of the class and subject forms', () => {
  it('marks the class level and arm, not the optional class teacher', async () => {
    mockApi({ 'GET /api/academics/teachers': { status: 200, body: teachers } });
    renderWithProviders(<ClassForm submitLabel="Add class" onSubmit={vi.fn()} />);
    await screen.findByLabelText('Class level');
    expect(screen.getByText('Fields marked with an asterisk (*) are required.')).toBeTruthy();
    expect(isRequired('Class level')).toBe(true);
    expect(isRequired('Arm')).toBe(true);
    expect(isRequired('Class teacher')).toBe(false);
  });

  it('marks the subject name and code', () => {
    renderWithProviders(<SubjectForm submitLabel="Add subject" onSubmit={vi.fn()} />);
    expect(isRequired('Subject name')).toBe(true);
    expect(isRequired('Subject code')).toBe(true);
  });
});
