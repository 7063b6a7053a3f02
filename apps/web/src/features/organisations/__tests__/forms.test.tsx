import { DEFAULT_PERMISSION_MATRIX } from '@school/shared/auth/permissions';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { AddSchoolForm } from '../components/add-school-form';
import { AppointAdministratorDialog } from '../components/appoint-administrator-dialog';
import { CreateUserForm } from '../components/create-user-form';
import { CustomRoles } from '../components/custom-roles';
import { PermissionMatrixEditor } from '../components/permission-matrix-editor';
import { ProfileForm } from '../components/profile-form';
import { SecuritySettingsForm } from '../components/security-settings-form';

const SCHOOL = {
  id: '6f1c2f0e-1111-4a4a-9b9b-0000000000bb',
  name: 'Greenfield Academy',
  code: 'GFA',
  status: 'active' as const,
  activeSession: '2023/24',
  students: 10,
  staff: 3,
  classes: 2,
  feesCollectedKobo: 0,
  address: '1 Road',
  city: 'Ikeja',
  state: 'Lagos',
  email: 'info@gfa.test',
  phone: '08031234567',
  schoolType: 'Secondary',
  administrators: [{ id: '6f1c2f0e-1111-4a4a-9b9b-0000000000a1', name: 'Bisola Adewale', email: 'admin@gfa.test', status: 'active' as const }],
};

describe('AddSchoolForm', () => {
  it('gives the spec’s messages', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <AddSchoolForm id="add" onAdded={vi.fn()} />
        <button type="submit" form="add">
          Add
        </button>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Add' }));
    for (const message of [
      'School name is required',
      'School address is required',
      'City is required',
      'State is required',
      'Email is required',
      'Phone number is required',
      'School type is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
  });
});

describe('AppointAdministratorDialog', () => {
  it('asks for the new administrator’s name and a valid email', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/organisation/users': { status: 200, body: { items: [], total: 0, page: 1, pageSize: 30 } } });
    renderWithProviders(<AppointAdministratorDialog school={SCHOOL} onClose={vi.fn()} />);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Appoint and invite' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.getByLabelText('Replace an administrator (optional)')).toBeTruthy();
  });

  it('asks which teacher to appoint, and sends the one chosen', async () => {
    const user = userEvent.setup();
    const teacher = {
      id: '6f1c2f0e-1111-4a4a-9b9b-0000000000c1',
      name: 'Tunde Bello',
      email: 'tunde@gfa.test',
      role: 'teacher',
      status: 'active',
      schoolId: SCHOOL.id,
      schoolName: SCHOOL.name,
      phone: null,
      lastLoginAt: null,
      createdAt: '2024-01-01T00:00:00.000Z',
    };
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'GET /api/organisation/users': { status: 200, body: { items: [teacher], total: 1, page: 1, pageSize: 30 } },
      [`PUT /api/organisation/schools/${SCHOOL.id}/administrators/${teacher.id}`]: {
        status: 200,
        body: { id: teacher.id, name: teacher.name, email: teacher.email, status: 'active' },
      },
    });
    const onClose = vi.fn();
    renderWithProviders(<AppointAdministratorDialog school={SCHOOL} onClose={onClose} />);
    await user.click(screen.getByLabelText(/One of its teachers/));
    await user.click(screen.getByRole('button', { name: 'Appoint' }));
    expect(await screen.findByText('Choose a teacher of this school')).toBeTruthy();
    await screen.findByRole('option', { name: 'Tunde Bello (tunde@gfa.test)' });
    await user.selectOptions(screen.getByLabelText('Teacher'), teacher.id);
    await user.click(screen.getByRole('button', { name: 'Appoint' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.some((r) => r.method === 'PUT' && r.url.endsWith(`/administrators/${teacher.id}`))).toBe(true);
    expect(requests.find((r) => r.url.startsWith('/api/organisation/users'))?.url).toContain('role=teacher');
  });
});

describe('CreateUserForm', () => {
  function setup() {
    mockApi({ 'GET /api/organisation/schools': { status: 200, body: { items: [SCHOOL] } } });
    const user = userEvent.setup();
    renderWithProviders(<CreateUserForm onCreated={vi.fn()} onCancel={vi.fn()} />);
    return { user, submit: () => user.click(screen.getByRole('button', { name: 'Create user' })) };
  }

  it('gives every create-user message, the school’s included', async () => {
    const form = setup();
    await form.submit();
    for (const message of [
      'Name is required',
      'Email is required',
      'Phone number is required',
      'User type is required',
      'School is required',
      'Gender is required',
      'Date of Birth is required',
      'Address is required',
      'Contact person is required',
      'Relationship is required',
      'Institution is required',
      'Institution address is required',
      'Class attended is required',
      'Last attended education is required',
      'Class is required',
      'State of origin is required',
      'School type is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
  });

  it('says a code must be a number, and asks no school of a super admin', async () => {
    const form = setup();
    await form.user.type(screen.getByLabelText('Code (optional)'), 'A12');
    await form.user.selectOptions(screen.getByLabelText('User Type'), 'super_admin');
    await form.submit();
    expect(await screen.findByText('Code must be a number')).toBeTruthy();
    expect(screen.queryByLabelText('School')).toBeNull();
    expect(screen.queryByText('School is required')).toBeNull();
    expect(screen.getByText(/works across all your schools/)).toBeTruthy();
  });

  it('lists the five roles as user types and the active schools', async () => {
    setup();
    const types = Array.from((screen.getByLabelText('User Type') as HTMLSelectElement).options).map((o) => o.textContent);
    expect(types).toEqual(['Select a role', 'Super Admin', 'Admin', 'Teacher', 'Parent', 'Student']);
    expect(await screen.findByRole('option', { name: 'Greenfield Academy' })).toBeTruthy();
  });
});

describe('CustomRoles', () => {
  it('says the role name is required', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CustomRoles roles={[]} />);
    await user.click(screen.getByRole('button', { name: 'Add role' }));
    expect(await screen.findByText('Role name is required')).toBeTruthy();
  });
});

describe('SecuritySettingsForm', () => {
  it('gives the range messages', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SecuritySettingsForm settings={{ passwordMinLength: 8, sessionIdleMinutes: 240, maxLoginAttempts: 5 }} />);
    const length = screen.getByLabelText('Password minimum length');
    await user.clear(length);
    await user.type(length, '7');
    const idle = screen.getByLabelText('Session idle timeout (minutes)');
    await user.clear(idle);
    await user.type(idle, '2000');
    await user.clear(screen.getByLabelText('Sign-in attempts before lock-out'));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Password minimum length must be a whole number from 8 to 64')).toBeTruthy();
    expect(screen.getByText('Session idle timeout must be a whole number from 5 to 1440')).toBeTruthy();
    expect(screen.getByText('Sign-in attempts is required')).toBeTruthy();
  });

  it('saves numbers', async () => {
    const user = userEvent.setup();
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'PUT /api/organisation/security-settings': { status: 200, body: { passwordMinLength: 12, sessionIdleMinutes: 240, maxLoginAttempts: 5 } },
    });
    renderWithProviders(<SecuritySettingsForm settings={{ passwordMinLength: 8, sessionIdleMinutes: 240, maxLoginAttempts: 5 }} />);
    const length = screen.getByLabelText('Password minimum length');
    await user.clear(length);
    await user.type(length, '12');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await vi.waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ passwordMinLength: 12, sessionIdleMinutes: 240, maxLoginAttempts: 5 }),
    );
  });
});

describe('ProfileForm', () => {
  const profile = { name: 'Emeka Obi', email: 'owner@gfa.test', phone: null };

  it('asks for the current password only when the email changes, and shows the server’s answer', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'PUT /api/me/profile': { status: 400, body: { message: 'Current password is incorrect', errors: { currentPassword: 'Current password is incorrect' } } },
    });
    renderWithProviders(<ProfileForm profile={profile} />);
    expect(screen.queryByLabelText('Current password')).toBeNull();
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'new@gfa.test');
    await user.type(screen.getByLabelText('Current password'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
  });

  it('gives the name, email and phone messages', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProfileForm profile={profile} />);
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Phone number'), '12');
    await user.clear(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Invalid phone number')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
  });
});

describe('PermissionMatrixEditor', () => {
  it('keeps Super Admin’s Permissions view and edit, and saves the whole matrix', async () => {
    const user = userEvent.setup();
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'PUT /api/organisation/permissions': ({ body }) => ({ status: 200, body: { ...(body as object), customRoles: [], lockedGrants: [] } }),
    });
    renderWithProviders(<PermissionMatrixEditor matrix={DEFAULT_PERMISSION_MATRIX} />);
    await user.click(screen.getByRole('tab', { name: 'Super Admin' }));
    expect((screen.getByLabelText('Super Admin: View Permissions') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Super Admin: Edit Permissions') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Super Admin: Delete Permissions') as HTMLInputElement).disabled).toBe(false);

    await user.click(screen.getByRole('tab', { name: 'Teacher' }));
    const table = screen.getByRole('table', { name: 'Permissions of Teacher' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 18);
    await user.click(screen.getByLabelText('Teacher: View Students'));
    expect(screen.getByRole('tab', { name: /Teacher/ }).textContent).toContain('•');
    await user.click(screen.getByRole('button', { name: 'Save permissions' }));
    await vi.waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toBeTruthy());
    const sent = requests.find((r) => r.method === 'PUT')!.body as { matrix: typeof DEFAULT_PERMISSION_MATRIX };
    expect(sent.matrix.teacher.students.view).toBe(false);
    expect(sent.matrix.admin).toEqual(DEFAULT_PERMISSION_MATRIX.admin);
  });

  it('shows the server’s refusal', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
      'PUT /api/organisation/permissions': { status: 403, body: { message: 'You do not have permission to do this' } },
    });
    renderWithProviders(<PermissionMatrixEditor matrix={DEFAULT_PERMISSION_MATRIX} />);
    await user.click(screen.getByLabelText('Admin: Add Reports'));
    await user.click(screen.getByRole('button', { name: 'Save permissions' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You do not have permission to do this');
  });
});
