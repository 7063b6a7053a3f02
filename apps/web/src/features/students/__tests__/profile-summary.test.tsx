import type { StudentDetail } from '@school/shared/students/responses';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { StudentProfileView } from '../components/student-profile-view';

const STUDENT: StudentDetail = {
  id: '6f1c2f0e-1111-4a4a-9b9b-000000000123',
  registrationNo: 'GFA/2026/0001',
  firstName: 'Chidera',
  middleName: null,
  lastName: 'Okonkwo',
  name: 'Chidera Okonkwo',
  gender: 'female',
  dateOfBirth: '2013-02-01',
  stateOfOrigin: 'Anambra',
  address: '4 Allen Avenue, Ikeja',
  status: 'active',
  admittedOn: '2023-09-11',
  currentClass: { id: 'c', name: 'JSS 1 A' },
  guardians: [],
  photoUrl: null,
  classHistory: [],
  summary: {
    attendance: { termName: 'Second', present: 38, daysOpen: 40, rate: 95 },
    results: { termName: 'First', sessionName: '2023/24', average: 71.456, position: 3, studentCount: 30 },
    fees: { dueKobo: 8_550_000, paidKobo: 5_000_000, outstandingKobo: 3_550_000, creditKobo: 0 },
  },
};

describe('the profile’s summaries', () => {
  it('shows this term’s attendance, the newest published results and the fee balance, each leading on', () => {
    renderWithProviders(
      <StudentProfileView student={STUDENT} summaryLinks={{ attendance: '/student/attendance/x', results: '/student/results/x', fees: '/student/fees/x' }} />,
    );
    const summary = screen.getByRole('heading', { level: 2, name: 'Summary' }).closest('section')!;
    expect(within(summary).getByText('Second term: present 38 of 40 days (95%)')).toBeTruthy();
    expect(within(summary).getByText('First term 2023/24: average 71.46, position 3 of 30')).toBeTruthy();
    expect(within(summary).getByText('₦35,500.00 outstanding of ₦85,500.00')).toBeTruthy();
    expect(within(summary).getByRole('link', { name: 'School fees: details' }).getAttribute('href')).toBe('/student/fees/x');
    expect(within(summary).getByRole('link', { name: 'Results: details' }).getAttribute('href')).toBe('/student/results/x');
  });

  it('says plainly when there is nothing yet, without links it was not given', () => {
    renderWithProviders(<StudentProfileView student={{ ...STUDENT, summary: { attendance: null, results: null, fees: null } }} />);
    const summary = screen.getByRole('heading', { level: 2, name: 'Summary' }).closest('section')!;
    expect(within(summary).getByText('No current term')).toBeTruthy();
    expect(within(summary).getByText('No published results yet')).toBeTruthy();
    expect(within(summary).getByText('No invoices yet')).toBeTruthy();
    expect(within(summary).queryAllByRole('link')).toHaveLength(0);
  });
});
