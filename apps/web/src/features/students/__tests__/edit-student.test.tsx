import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ToastHost } from '@/components/ui/toast-host';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as EditStudent } from '../routes/admin-edit-student';

const ID = '6f1c2f0e-1111-4a4a-9b9b-000000000123';
const STUDENT = {
  id: ID,
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
  summary: { attendance: null, results: null, fees: null },
};

function setup(put: Parameters<typeof mockApi>[0][string]) {
  const requests = mockApi({
    'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
    [`GET /api/students/${ID}`]: { status: 200, body: { student: STUDENT } },
    [`PUT /api/students/${ID}`]: put,
  });
  renderWithProviders(
    <Routes>
      <Route
        path="/admin/records/edit-student/:id"
        element={
          <>
            <ToastHost />
            <EditStudent />
          </>
        }
      />
      <Route path="/admin/records/student-profile/:id" element={<p>Profile page</p>} />
    </Routes>,
    { route: `/admin/records/edit-student/${ID}` },
  );
  return { requests, user: userEvent.setup() };
}

describe('admin/records/edit-student/{id}', () => {
  it('shows the shared schema’s messages and sends nothing', async () => {
    const { user, requests } = setup({ status: 500 });
    const form = await screen.findByRole('form', { name: 'Student details' });
    await user.clear(within(form).getByLabelText('First name'));
    await user.clear(within(form).getByLabelText('Last name'));
    await user.clear(within(form).getByLabelText('Address'));
    await user.selectOptions(within(form).getByLabelText('State of origin'), '');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    for (const message of ['First name is required', 'Last name is required', 'Address is required', 'State of origin is required']) {
      expect(await within(form).findByText(message)).toBeTruthy();
    }
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('saves the details, toasts after the server answered and returns to the profile', async () => {
    const { user, requests } = setup(({ body }) => ({ status: 200, body: { student: { ...STUDENT, ...(body as object), name: 'Chidera Ada Okonkwo' } } }));
    const form = await screen.findByRole('form', { name: 'Student details' });
    await user.type(within(form).getByLabelText('Middle name (optional)'), 'Ada');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile page')).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({
      registrationNo: 'GFA/2026/0001',
      firstName: 'Chidera',
      middleName: 'Ada',
      lastName: 'Okonkwo',
      gender: 'female',
      dateOfBirth: '2013-02-01',
      stateOfOrigin: 'Anambra',
      address: '4 Allen Avenue, Ikeja',
    });
  });

  it('edits the admission number, trimmed, and shows the server’s duplicate message under it', async () => {
    const taken = 'Admission number KGS/12 is already another student’s (Musa Bello)';
    const { user, requests } = setup({ status: 400, body: { statusCode: 400, message: taken, errors: { registrationNo: taken } } });
    const form = await screen.findByRole('form', { name: 'Student details' });
    const field = within(form).getByLabelText(/Admission number/);
    expect((field as HTMLInputElement).value).toBe('GFA/2026/0001');
    await user.clear(field);
    await user.type(field, ' KGS/12 ');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText(taken)).toBeTruthy();
    expect((requests.find((r) => r.method === 'PUT')!.body as { registrationNo: string }).registrationNo).toBe('KGS/12');
  });

  it('refuses an empty admission number before sending', async () => {
    const { user, requests } = setup({ status: 500 });
    const form = await screen.findByRole('form', { name: 'Student details' });
    await user.clear(within(form).getByLabelText(/Admission number/));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Admission number is required')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('shows a server message under its field', async () => {
    const { user } = setup({ status: 400, body: { statusCode: 400, message: 'Invalid DOB', errors: { dateOfBirth: 'Invalid DOB' } } });
    const form = await screen.findByRole('form', { name: 'Student details' });
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Invalid DOB')).toBeTruthy();
  });
});
