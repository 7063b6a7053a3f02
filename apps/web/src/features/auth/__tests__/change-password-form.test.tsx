import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { ChangePasswordForm } from '../components/change-password-form';

function setup() {
  const user = userEvent.setup();
  renderWithProviders(<ChangePasswordForm />);
  return {
    user,
    current: () => screen.getByLabelText('Current password'),
    next: () => screen.getByLabelText('New password'),
    confirm: () => screen.getByLabelText('Confirm password'),
    submit: () => user.click(screen.getByRole('button', { name: 'Change password' })),
  };
}

describe('ChangePasswordForm', () => {
  it('asks for every field when empty', async () => {
    const form = setup();
    await form.submit();
    expect(await screen.findByText('Current password is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Confirm password is required')).toBeTruthy();
  });

  it('says the passwords must match', async () => {
    const form = setup();
    await form.user.type(form.current(), 'old-password');
    await form.user.type(form.next(), 'new-password-1');
    await form.user.type(form.confirm(), 'new-password-2');
    await form.submit();
    expect(await screen.findByText('Passwords must match')).toBeTruthy();
  });

  it('shows a wrong current password under its field', async () => {
    mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'POST /api/auth/change-password': {
        status: 400,
        body: { message: 'Current password is incorrect', errors: { currentPassword: 'Current password is incorrect' } },
      },
    });
    const form = setup();
    await form.user.type(form.current(), 'not-it');
    await form.user.type(form.next(), 'new-password-1');
    await form.user.type(form.confirm(), 'new-password-1');
    await form.submit();
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
  });

  it('clears the form after the password has changed', async () => {
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'POST /api/auth/change-password': { status: 200, body: { message: 'Password changed' } },
    });
    const form = setup();
    await form.user.type(form.current(), 'old-password');
    await form.user.type(form.next(), 'new-password-1');
    await form.user.type(form.confirm(), 'new-password-1');
    await form.submit();
    await vi.waitFor(() => expect((form.current() as HTMLInputElement).value).toBe(''));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      currentPassword: 'old-password',
      password: 'new-password-1',
      confirmPassword: 'new-password-1',
    });
  });
});
