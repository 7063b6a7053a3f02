import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as Dashboard } from '../routes/dashboard';

const overview = {
  organisationName: 'Greenfield Educational Services',
  schools: [
    {
      id: 'a',
      name: 'Greenfield Academy',
      code: 'GFA',
      status: 'active',
      activeSession: '2023/24',
      students: 1240,
      staff: 61,
      classes: 36,
      feesCollectedKobo: 123_450_050,
      attendanceRate: 93.4,
    },
    {
      id: 'b',
      name: 'Greenfield Nursery and Primary',
      code: 'GNP',
      status: 'inactive',
      activeSession: null,
      students: 310,
      staff: 19,
      classes: 12,
      feesCollectedKobo: 0,
      attendanceRate: null,
    },
  ],
  totals: { schools: 2, activeSchools: 1, students: 1550, staff: 80, classes: 48, feesCollectedKobo: 123_450_050, attendanceRate: 93.4 },
};

describe('super admin dashboard', () => {
  it('shows the totals, a bar per school and the same numbers in a table', async () => {
    mockApi({ 'GET /api/organisation/overview': { status: 200, body: overview } });
    const user = userEvent.setup();
    renderWithProviders(<Dashboard />);
    expect(await screen.findByRole('heading', { name: 'Greenfield Educational Services' })).toBeTruthy();
    expect(screen.getAllByText('1,550')).toHaveLength(2);
    const chart = screen.getByRole('img', { name: /Students per school/ });
    expect(chart.textContent).toContain('Greenfield Academy');
    expect(chart.querySelector('desc')?.textContent).toBe('Greenfield Academy: 1,240; Greenfield Nursery and Primary: 310');

    await user.click(screen.getByRole('button', { name: 'Staff' }));
    expect(screen.getByRole('img', { name: /Staff per school/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Staff' }).getAttribute('aria-pressed')).toBe('true');

    const table = screen.getByRole('table', { name: /each school/ });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'SchoolStatusStudentsStaffClasses',
      'Greenfield AcademyGFA · Session 2023/24Active1,2406136',
      'Greenfield Nursery and PrimaryGNP · No active sessionInactiveInactive3101912',
      'All schools1,5508048',
    ]);
    const fees = within(screen.getByRole('region', { name: 'Fees collected' }));
    expect(fees.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Greenfield Academy₦1,234,500.50',
      'Greenfield Nursery and Primary₦0.00',
      'All schools₦1,234,500.50',
    ]);
    const attendance = within(screen.getByRole('region', { name: 'Attendance this term' }));
    expect(attendance.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Greenfield Academy93.4%',
      'Greenfield Nursery and PrimaryNo registers yet',
      'All schools93.4%',
    ]);
  });

  it('says when the figures cannot be loaded', async () => {
    mockApi({ 'GET /api/organisation/overview': { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } } });
    renderWithProviders(<Dashboard />);
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the figures');
  });
});
