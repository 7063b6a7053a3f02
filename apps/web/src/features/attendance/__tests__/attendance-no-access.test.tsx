import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as AdminAttendance } from '../routes/admin-attendance';

// the server's answers (plugins/authorization.ts, plugins/errors.ts)
const FORBIDDEN = { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'You do not have permission to do this' } };
const FAILED = { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again.' } };

describe('the attendance page of a role without Attendance', () => {
  it('shows the no-access state when the server refuses (403)', async () => {
    mockApi({ 'GET /api/attendance/options': FORBIDDEN });
    renderWithProviders(<AdminAttendance />, { route: '/admin/records/attendance' });
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeTruthy();
    expect(screen.getByText(/Your role does not include this area/)).toBeTruthy();
    expect(screen.queryByText(/We could not load the terms and classes/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('still says the terms and classes could not be loaded, with a retry, when the server fails (500)', async () => {
    mockApi({ 'GET /api/attendance/options': FAILED });
    renderWithProviders(<AdminAttendance />, { route: '/admin/records/attendance' });
    expect(await screen.findByText('We could not load the terms and classes. Something went wrong on our side. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText('You do not have access to this page')).toBeNull();
  });
});
