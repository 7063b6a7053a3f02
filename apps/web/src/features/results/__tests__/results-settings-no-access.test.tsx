import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as ResultsSettings } from '../routes/super-admin-results-settings';

// the server's answers (plugins/authorization.ts, plugins/errors.ts)
const FORBIDDEN = { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'You do not have permission to do this' } };
const FAILED = { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again.' } };
const SCHOOLS = { status: 200, body: { items: [{ id: '6f1c2f0e-1111-4a4a-9b9b-0000000000bb', name: 'Bright Future College' }] } };

describe('the results settings page of a role without Settings', () => {
  it('shows the no-access state once, for both refused sections (403)', async () => {
    const requests = mockApi({
      'GET /api/organisation/schools': SCHOOLS,
      'GET /api/results/settings': FORBIDDEN,
      'GET /api/results/approval-steps': FORBIDDEN,
    });
    renderWithProviders(<ResultsSettings />, { route: '/super-admin/settings/results' });
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeTruthy();
    // both sections asked and were refused, and the page says so once
    expect(requests.some((r) => r.url.startsWith('/api/results/approval-steps'))).toBe(true);
    expect(screen.getAllByRole('heading', { name: 'You do not have access to this page' })).toHaveLength(1);
    expect(screen.queryByText(/could not load/)).toBeNull();
  });

  it('still says each section could not be loaded when the server fails (500)', async () => {
    mockApi({
      'GET /api/organisation/schools': SCHOOLS,
      'GET /api/results/settings': FAILED,
      'GET /api/results/approval-steps': FAILED,
    });
    renderWithProviders(<ResultsSettings />, { route: '/super-admin/settings/results' });
    expect(await screen.findByText(/We could not load the result settings\. Something went wrong on our side/)).toBeTruthy();
    expect(await screen.findByText(/We could not load the approval steps\. Something went wrong on our side/)).toBeTruthy();
    expect(screen.queryByText('You do not have access to this page')).toBeNull();
  });
});
