import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as SerialCode } from '../routes/serial-code';

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

function setup(routes: Parameters<typeof mockApi>[0] = {}) {
  const requests = mockApi({ 'GET /api/auth/csrf': { status: 200, body: { token: 't' } }, ...routes });
  renderWithProviders(
    <Routes>
      <Route path="/auth/serial-code" element={<SerialCode />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route: '/auth/serial-code' },
  );
  const user = userEvent.setup();
  return {
    requests,
    user,
    type: (text: string) => user.type(screen.getByLabelText('Serial code'), text),
    submit: () => user.click(screen.getByRole('button', { name: 'Continue' })),
  };
}

describe('serial code page', () => {
  it("says 'Serial code is required' for an empty code, and sends nothing", async () => {
    const page = setup();
    await page.submit();
    expect(await screen.findByText('Serial code is required')).toBeTruthy();
    expect(screen.getByLabelText('Serial code').getAttribute('aria-invalid')).toBe('true');
    expect(page.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it("says 'Serial code must be a number' for letters", async () => {
    const page = setup();
    await page.type('12ab34');
    await page.submit();
    expect(await screen.findByText('Serial code must be a number')).toBeTruthy();
    expect(page.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('shows the server’s one message for a code that is not valid', async () => {
    const page = setup({
      'POST /api/admissions/serial-codes/check': {
        status: 400,
        body: { message: 'This serial code is not valid', errors: { serialCode: 'This serial code is not valid' } },
      },
    });
    await page.type('123456789012');
    await page.submit();
    expect(await screen.findByText('This serial code is not valid')).toBeTruthy();
    expect(page.requests.find((r) => r.method === 'POST')?.body).toEqual({ serialCode: '123456789012' });
  });

  it('shows the 429 message when there were too many attempts', async () => {
    const page = setup({
      'POST /api/admissions/serial-codes/check': { status: 429, body: { message: 'Too many attempts. Please try again in 14 minutes.' } },
    });
    await page.type('123456789012');
    await page.submit();
    expect((await screen.findByRole('alert')).textContent).toContain('Too many attempts. Please try again in 14 minutes.');
  });

  it('opens the application form with the token of a valid code', async () => {
    const answer = { token: 'school-id.secret-token-value', schoolName: 'Greenfield Academy', expiresAt: new Date(Date.now() + 3_600_000).toISOString() };
    const page = setup({ 'POST /api/admissions/serial-codes/check': { status: 200, body: answer } });
    await page.type(' 482913650271 ');
    await page.submit();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/auth/application'));
    expect(JSON.parse(window.sessionStorage.getItem('school.admissionApplication')!)).toEqual(answer);
    expect(page.requests.find((r) => r.method === 'POST')?.body).toEqual({ serialCode: '482913650271' });
  });
});
