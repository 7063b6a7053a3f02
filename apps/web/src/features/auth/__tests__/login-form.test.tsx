import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, sampleUser } from '@/test/render';
import { LoginForm } from '../components/login-form';

function setup() {
  const onSuccess = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<LoginForm onSuccess={onSuccess} />, { route: '/auth/login' });
  return {
    user,
    onSuccess,
    email: () => screen.getByLabelText('Email address'),
    password: () => screen.getByLabelText('Password'),
    submit: () => user.click(screen.getByRole('button', { name: 'Sign in' })),
  };
}

describe('LoginForm', () => {
  it('asks for the email and the password when both are empty', async () => {
    const form = setup();
    await form.submit();
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
  });

  it('rejects an email address without a domain', async () => {
    const form = setup();
    await form.user.type(form.email(), 'ada');
    await form.user.type(form.password(), 'secret');
    await form.submit();
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(screen.queryByText('Password is required')).toBeNull();
  });

  it('ties labels to typed inputs and links to forgot password', () => {
    const form = setup();
    expect(form.email().getAttribute('type')).toBe('email');
    expect(form.email().getAttribute('name')).toBe('email');
    expect(form.password().getAttribute('type')).toBe('password');
    expect(form.password().getAttribute('name')).toBe('password');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/auth/forgot-password');
  });

  it('signs in with the CSRF header and hands over the user', async () => {
    document.cookie = 'csrf_token=token-123; path=/';
    const requests = mockApi({ 'POST /api/auth/login': { status: 200, body: { user: sampleUser } } });
    const form = setup();
    await form.user.type(form.email(), 'ada@school.test');
    await form.user.type(form.password(), 'correct horse');
    await form.submit();
    await vi.waitFor(() => expect(form.onSuccess).toHaveBeenCalledWith(sampleUser));
    const login = requests.find((request) => request.url === '/api/auth/login');
    expect(login?.headers.get('x-csrf-token')).toBe('token-123');
    expect(login?.body).toEqual({ email: 'ada@school.test', password: 'correct horse' });
  });

  it('shows a wrong password as an alert', async () => {
    mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 'fresh' } },
      'POST /api/auth/login': { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password' } },
    });
    const form = setup();
    await form.user.type(form.email(), 'ada@school.test');
    await form.user.type(form.password(), 'wrong');
    await form.submit();
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid email or password');
    expect(form.onSuccess).not.toHaveBeenCalled();
  });

  it('shows the rate-limit message as an alert', async () => {
    mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 'fresh' } },
      'POST /api/auth/login': { status: 429, body: { message: 'Too many sign-in attempts. Please try again in 15 minutes.' } },
    });
    const form = setup();
    await form.user.type(form.email(), 'ada@school.test');
    await form.user.type(form.password(), 'wrong');
    await form.submit();
    expect((await screen.findByRole('alert')).textContent).toContain('Too many sign-in attempts. Please try again in 15 minutes.');
  });

  it('shows the server’s field messages under the fields', async () => {
    mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 'fresh' } },
      'POST /api/auth/login': {
        status: 400,
        body: { message: 'Invalid email address', errors: { email: 'Invalid email address' } },
      },
    });
    const form = setup();
    await form.user.type(form.email(), 'ada@school.test');
    await form.user.type(form.password(), 'secret');
    await form.submit();
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
