import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient, mockApi, renderWithProviders } from '@/test/render';
import { ownStudentQueryOptions } from '../api/get-student';
import { Component as EditMyProfile } from '../routes/edit-my-profile';

const STUDENT = {
  id: 's1',
  registrationNo: 'GFA/2023/0001',
  firstName: 'Ada',
  middleName: null,
  lastName: 'Obi',
  name: 'Ada Obi',
  gender: 'female',
  dateOfBirth: '2012-05-01',
  stateOfOrigin: 'Anambra',
  address: '4 Old Road',
  status: 'active',
  admittedOn: null,
  currentClass: { id: 'c1', name: 'JSS 1 A' },
  guardians: [],
  photoUrl: null,
  classHistory: [],
  summary: { attendance: null, results: null, fees: null },
};

function setup(put: { status: number; body?: unknown }, queryClient = createTestQueryClient()) {
  const requests = mockApi({
    'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
    'GET /api/me/students/s1/profile': { status: 200, body: { student: STUDENT } },
    'PUT /api/me/students/s1/profile': put,
  });
  renderWithProviders(
    <Routes>
      <Route path="/student/profile/edit-profile/:id" element={<EditMyProfile />} />
      <Route path="/student/profile/:id" element={<p>Profile page</p>} />
    </Routes>,
    { route: '/student/profile/edit-profile/s1', queryClient },
  );
  return { requests, user: userEvent.setup() };
}

describe('student edit-profile form', () => {
  it('says the address is required and sends nothing', async () => {
    const { requests, user } = setup({ status: 200, body: { student: STUDENT } });
    const address = await screen.findByLabelText('Address');
    expect((address as HTMLTextAreaElement).value).toBe('4 Old Road');
    await user.clear(address);
    await user.type(address, '   ');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Address is required')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('shows the server’s field message', async () => {
    const { user } = setup({
      status: 400,
      body: { message: 'Address must be at most 300 characters', errors: { address: 'Address must be at most 300 characters' } },
    });
    await screen.findByLabelText('Address');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Address must be at most 300 characters')).toBeTruthy();
  });

  it('saves the trimmed address and returns to the profile', async () => {
    const { requests, user } = setup({ status: 200, body: { student: { ...STUDENT, address: '9 New Street' } } });
    const address = await screen.findByLabelText('Address');
    await user.clear(address);
    await user.type(address, ' 9 New Street ');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByText('Profile page')).toBeTruthy());
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ address: '9 New Street' });
  });

  it('starts from the profile fetched on opening, never from a cached copy that a save would overwrite', async () => {
    // this browser still holds the address from before another device changed it
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(ownStudentQueryOptions('s1').queryKey, { ...STUDENT, address: '1 Stale Close' } as never);
    const { requests, user } = setup({ status: 200, body: { student: STUDENT } }, queryClient);
    const address = await screen.findByLabelText('Address');
    expect((address as HTMLTextAreaElement).value).toBe('4 Old Road');
    expect(screen.queryByDisplayValue('1 Stale Close')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByText('Profile page')).toBeTruthy());
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ address: '4 Old Road' });
  });
});
