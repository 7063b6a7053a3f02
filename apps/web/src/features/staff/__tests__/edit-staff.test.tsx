import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, mockApi, renderWithProviders } from '@/test/render';
import { staffQueryOptions } from '../api/get-staff';
import { Component as EditProfile } from '../routes/edit-profile';

const STAFF = {
  id: 'st1',
  name: 'Kemi Balogun',
  staffType: 'Teacher',
  email: 'kemi@school.test',
  phone: '08031234567',
  photoUrl: null,
  employedOn: '2019-09-02',
  status: 'active',
  account: { userId: 'u1', role: 'teacher', status: 'active', lastLoginAt: null },
  hasRecords: true,
  gender: 'female',
  address: '12 New Road, Ibadan',
  classes: [],
  subjects: [],
};

describe('admin/academics/edit-profile/{id}', () => {
  it('starts from the record fetched on opening, never from a cached copy that a save would overwrite', async () => {
    // this browser still holds the profile from before another administrator changed the address
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(staffQueryOptions('st1').queryKey, { ...STAFF, address: '1 Stale Close' } as never);
    const sent: FormData[] = [];
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'GET /api/staff/st1': { status: 200, body: { staff: STAFF } },
      'PUT /api/staff/st1': { status: 200, body: { staff: STAFF } },
    });
    // the form is sent as multipart: keep the body the page handed to fetch
    const recording = vi.mocked(fetch);
    const original = recording.getMockImplementation()!;
    recording.mockImplementation(async (input, init) => {
      if (init?.body instanceof FormData) sent.push(init.body);
      return original(input, init);
    });
    renderWithProviders(
      <Routes>
        <Route path="/admin/academics/edit-profile/:id" element={<EditProfile />} />
        <Route path="/admin/academics/staff-profile/:id" element={<p>Profile page</p>} />
      </Routes>,
      { route: '/admin/academics/edit-profile/st1', queryClient },
    );
    const address = await screen.findByLabelText('Address');
    expect((address as HTMLInputElement).value).toBe('12 New Road, Ibadan');
    expect(screen.queryByDisplayValue('1 Stale Close')).toBeNull();
    const user = userEvent.setup();
    // happy-dom leaves a <select> blank when react-hook-form sets its default (Chromium shows it)
    await user.selectOptions(screen.getByLabelText('Staff type'), 'Teacher');
    await user.selectOptions(screen.getByLabelText('Gender'), 'female');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByText('Profile page')).toBeTruthy());
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
    expect(sent[0].get('address')).toBe('12 New Road, Ibadan');
  });
});
