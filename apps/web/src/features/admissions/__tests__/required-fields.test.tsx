import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { ApplicationForm } from '../components/application-form';
import { Component as AdmitStudent } from '../routes/admit-student';

const isRequired = (label: string) => screen.getByLabelText(label).getAttribute('aria-required') === 'true';

describe('required fields of the admission forms', () => {
  it('marks what a direct admission needs, and leaves the optional ones unmarked', async () => {
    mockApi({ 'GET /api/admissions/classes': { status: 200, body: { sessionName: '2026/27', items: [] } } });
    renderWithProviders(<AdmitStudent />, { route: '/admin/admissions/admit' });
    await screen.findByLabelText('Full name');
    for (const label of [
      'Full name',
      'Gender',
      'Date of birth',
      'State of origin',
      'Class level',
      'Guardian’s name',
      'Relationship to the student',
      'Guardian’s email',
      'Guardian’s phone number',
      'Home address',
    ]) {
      expect(isRequired(label), label).toBe(true);
    }
    expect(isRequired('Student’s email (optional)')).toBe(false);
    expect(isRequired('Arm')).toBe(false);
  });

  it('marks every field of the application form the server requires, the birth certificate included', () => {
    renderWithProviders(<ApplicationForm token="t" onSubmitted={vi.fn()} />);
    for (const label of [
      'Guardian’s email',
      'Guardian’s phone number',
      'Guardian’s address',
      'Relationship to the ward',
      'Ward’s full name',
      'Gender',
      'Date of birth',
      'Ward’s phone number',
      'State of origin',
      'Previous education',
      'Last school attended',
      'Address of institution',
      'Class attended',
      'Contact person',
      'Contact number',
      'Class',
      'Birth certificate',
    ]) {
      expect(isRequired(label), label).toBe(true);
    }
    expect(isRequired('Guardian’s name (optional)')).toBe(false);
    expect(isRequired('Ward’s email (optional)')).toBe(false);
    expect(isRequired('Referral code (optional)')).toBe(false);
  });
});
