import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as AddStaff } from '../routes/add-staff';

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

function setup() {
  // the browser filters by the accept attribute; a person can still pick "All files"
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <AddStaff />
            <Where />
          </>
        }
      />
    </Routes>,
    { route: '/admin/academics/add-staff' },
  );
  return {
    user,
    submit: () => user.click(screen.getByRole('button', { name: 'Add staff' })),
    async fillValid(overrides: { staffType?: string; email?: string } = {}) {
      await user.type(screen.getByLabelText('Full name'), 'Funmilayo Adeyemi');
      await user.selectOptions(screen.getByLabelText('Staff type'), overrides.staffType ?? 'Teacher');
      await user.selectOptions(screen.getByLabelText('Gender'), 'female');
      await user.type(screen.getByLabelText('Date employed'), '2019-09-02');
      if (overrides.email !== '') await user.type(screen.getByLabelText(/^Email/), overrides.email ?? 'funmi@school.test');
      await user.type(screen.getByLabelText('Phone number'), '0803 123 4567');
      await user.type(screen.getByLabelText('Address'), '12 Allen Avenue, Ikeja');
    },
  };
}

const SAVED = {
  id: '0b6f4c1e-9a8b-4c3d-8e7f-123456789abc',
  name: 'Funmilayo Adeyemi',
  staffType: 'Teacher',
  email: 'funmi@school.test',
  phone: '08031234567',
  photoUrl: null,
  employedOn: '2019-09-02',
  status: 'active',
  account: { userId: 'u1', role: 'teacher', status: 'invited', lastLoginAt: null },
  hasRecords: false,
  gender: 'female',
  address: '12 Allen Avenue, Ikeja',
  classes: [],
  subjects: [],
};

describe('add-staff form', () => {
  it('shows every required message for an empty form, and sends nothing', async () => {
    const requests = mockApi({});
    const form = setup();
    await form.submit();
    for (const message of [
      'Name is required',
      'Staff type is required',
      'Phone number is required',
      'Gender is required',
      'Address is required',
      'Date employed is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(requests).toEqual([]);
  });

  it('asks teachers, principals and admins for an email, but not a gateman', async () => {
    mockApi({});
    const form = setup();
    await form.fillValid({ email: '' });
    await form.submit();
    expect(await screen.findByText('Email is required for staff who sign in')).toBeTruthy();

    await form.user.selectOptions(
      screen
        .getByLabelText(/^Email/)
        .closest('form')!
        .querySelector('select')!,
      'Gateman',
    );
    expect(screen.getByLabelText('Email (optional)')).toBeTruthy();
    await form.submit();
    await waitFor(() => expect(screen.queryByText('Email is required for staff who sign in')).toBeNull());
  });

  it('checks the email address and the phone number', async () => {
    mockApi({});
    const form = setup();
    await form.user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await form.user.type(screen.getByLabelText('Phone number'), '123');
    await form.submit();
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('Invalid phone number')).toBeTruthy();
  });

  it('refuses a photo that is not a JPEG or PNG, or larger than 2 MB', async () => {
    mockApi({});
    const form = setup();
    const input = screen.getByLabelText(/photo/i, { selector: 'input[type="file"]' });
    await form.user.upload(input, new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Photo must be a PNG or JPEG file')).toBeTruthy();
    await form.user.upload(input, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('Photo must be at most 2 MB')).toBeTruthy();
  });

  it('shows the server’s 409 under the email field', async () => {
    mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'POST /api/staff': {
        status: 409,
        body: { message: 'An account with this email already exists', errors: { email: 'An account with this email already exists' } },
      },
    });
    const form = setup();
    await form.fillValid();
    await form.submit();
    expect(await screen.findByText('An account with this email already exists')).toBeTruthy();
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the fields and the photo as one multipart request, then opens the new profile', async () => {
    mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'POST /api/staff': { status: 201, body: { staff: SAVED } },
    });
    const form = setup();
    await form.fillValid();
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await form.user.upload(screen.getByLabelText(/photo/i, { selector: 'input[type="file"]' }), photo);
    await form.submit();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/admin/academics/staff-profile/${SAVED.id}`));
    const call = vi.mocked(fetch).mock.calls.find(([url]) => String(url) === '/api/staff')!;
    const body = call[1]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...body.entries()].filter(([key]) => key !== 'photo'))).toEqual({
      name: 'Funmilayo Adeyemi',
      staffType: 'Teacher',
      email: 'funmi@school.test',
      phone: '08031234567',
      gender: 'female',
      address: '12 Allen Avenue, Ikeja',
      employedOn: '2019-09-02',
    });
    expect((body.get('photo') as File).name).toBe('me.png');
  });
});
