import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AUTH_ME_QUERY_KEY } from '@/lib/query-client';
import { mockApi, renderWithProviders, sampleUser } from '@/test/render';
import { SchoolRegisterForm } from '../components/school-register-form';

function setup() {
  const onSuccess = vi.fn();
  const user = userEvent.setup();
  const rendered = renderWithProviders(<SchoolRegisterForm onSuccess={onSuccess} />, { route: '/auth/school-register' });
  const submit = () => user.click(screen.getByRole('button', { name: 'Register school' }));
  async function fill() {
    await user.type(screen.getByLabelText('School name'), 'Bright Future Academy');
    await user.type(screen.getByLabelText('School address'), '12 Allen Avenue');
    await user.type(screen.getByLabelText('City'), 'Ikeja');
    await user.selectOptions(screen.getByLabelText('State'), 'Lagos');
    await user.type(screen.getByLabelText('School email'), 'info@brightfuture.test');
    await user.type(screen.getByLabelText('Phone number'), '08031234567');
    await user.selectOptions(screen.getByLabelText('School type'), 'Secondary');
    await user.type(screen.getByLabelText('Super admin email'), 'owner@brightfuture.test');
    await user.type(screen.getByLabelText('Super admin password'), 'proprietor-1');
  }
  return { user, onSuccess, submit, fill, queryClient: rendered.queryClient };
}

describe('SchoolRegisterForm', () => {
  it('gives the spec’s message for every required field', async () => {
    const form = setup();
    await form.submit();
    for (const message of [
      'School name is required',
      'School address is required',
      'City is required',
      'State is required',
      'Email is required',
      'Phone number is required',
      'School type is required',
      'Super admin email is required',
      'Super admin password is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
  });

  it('offers the Nigerian states and the school types', () => {
    setup();
    const states = Array.from((screen.getByLabelText('State') as HTMLSelectElement).options).map((o) => o.value);
    expect(states).toContain('FCT');
    expect(states).toHaveLength(38);
    const types = Array.from((screen.getByLabelText('School type') as HTMLSelectElement).options).map((o) => o.textContent);
    expect(types).toEqual(['Select a type', 'Primary', 'Secondary', 'Tertiary', 'Others']);
  });

  it('registers, signs the owner in and hands over the user', async () => {
    const owner = { ...sampleUser, role: 'super_admin' as const, schoolId: null, schoolName: null };
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'POST /api/auth/school-register': { status: 201, body: { user: owner } },
    });
    const form = setup();
    await form.fill();
    await form.submit();
    await vi.waitFor(() => expect(form.onSuccess).toHaveBeenCalledWith(owner));
    expect(requests.find((r) => r.url === '/api/auth/school-register')?.body).toMatchObject({
      schoolName: 'Bright Future Academy',
      state: 'Lagos',
      schoolType: 'Secondary',
      adminEmail: 'owner@brightfuture.test',
      adminPassword: 'proprietor-1',
    });
    expect(form.queryClient.getQueryData(AUTH_ME_QUERY_KEY)).toEqual(owner);
  });

  it('shows a taken email under the super admin email field', async () => {
    mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'POST /api/auth/school-register': {
        status: 409,
        body: { message: 'An account with this email already exists', errors: { adminEmail: 'An account with this email already exists' } },
      },
    });
    const form = setup();
    await form.fill();
    await form.submit();
    expect(await screen.findByText('An account with this email already exists')).toBeTruthy();
    expect(screen.getByLabelText('Super admin email').getAttribute('aria-invalid')).toBe('true');
    expect(form.onSuccess).not.toHaveBeenCalled();
  });
});
