import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as AdminFinance } from '../routes/admin-finance';

const FORBIDDEN = { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'You do not have permission to do this' } };

describe('finance without the Finance permission', () => {
  it('shows the no-access state instead of a load error when the server refuses (403)', async () => {
    mockApi({ 'GET /api/finance/terms': FORBIDDEN });
    renderWithProviders(<AdminFinance />, { route: '/admin/finance' });
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeTruthy();
    expect(screen.getByText(/Your role does not include Finance/)).toBeTruthy();
    expect(screen.queryByText('Terms could not be loaded.')).toBeNull();
  });

  it('still says the terms could not be loaded when the server fails', async () => {
    mockApi({ 'GET /api/finance/terms': { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'Bad' } } });
    renderWithProviders(<AdminFinance />, { route: '/admin/finance' });
    expect(await screen.findByText('Terms could not be loaded.')).toBeTruthy();
    expect(screen.queryByText('You do not have access to this page')).toBeNull();
  });
});
