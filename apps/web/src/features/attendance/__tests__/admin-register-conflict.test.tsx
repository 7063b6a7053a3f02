import type { Register } from '@school/shared/attendance/responses';
import { REGISTER_CHANGED } from '@school/shared/attendance/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastHost } from '@/components/ui/toast-host';
import { mockApi, renderWithProviders } from '@/test/render';
import { Component as AdminAttendance } from '../routes/admin-attendance';

/*
 * Issue 21 follow-up: an administrator correcting a register names the version it was opened on, so
 * the class teacher's marks saved meanwhile are shown beside theirs instead of being overwritten.
 */

const CLASS = '6f1c2f0e-1111-4a4a-9b9b-0000000000c1';
const ADA = '6f1c2f0e-1111-4a4a-9b9b-000000000a01';
const BOLA = '6f1c2f0e-1111-4a4a-9b9b-000000000a02';
const DATE = '2024-05-08';

const options = {
  academicSessionId: 's',
  sessionName: '2023/2024',
  today: DATE,
  defaultDate: DATE,
  terms: [{ id: 't3', name: 'Third', startDate: '2024-04-29', endDate: '2024-07-19', isCurrent: true }],
  classes: [{ id: CLASS, name: 'JSS 1 A' }],
};

const register = (bola: Register['rows'][number]['status'], over: Partial<Register> = {}): Register => ({
  classId: CLASS,
  className: 'JSS 1 A',
  date: DATE,
  term: { id: 't3', name: 'Third' },
  saved: true,
  takenBy: 'Mrs. Eze',
  updatedAt: '2024-05-08T08:00:00.000Z',
  version: 'v1',
  rows: [
    { studentId: ADA, name: 'Obi Ada', registrationNo: 'GFA/2023/0001', status: 'Present' },
    { studentId: BOLA, name: 'Test Bola', registrationNo: 'GFA/2023/0002', status: bola },
  ],
  counts: { Present: 2, Absent: 0, Late: 0, Excused: 0 },
  ...over,
});

// what the class teacher saved after the administrator opened the register
const theirs = register('Late', { takenBy: 'Mr. Okafor', updatedAt: '2024-05-08T09:15:00.000Z', version: 'v2' });
const CONFLICT = { status: 409, body: { statusCode: 409, error: 'Conflict', message: REGISTER_CHANGED, current: theirs } };

type Put = { baseVersion?: string | null; entries: Array<{ studentId: string; status: string }> };

/** The server: answers 409 to a save not made on the current version, as attendance.service does. */
function server(opened: Register) {
  let current = opened;
  let saves = 0;
  const requests = mockApi({
    'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } },
    'GET /api/attendance/options': { status: 200, body: options },
    'GET /api/attendance/register': () => ({ status: 200, body: current }),
    'PUT /api/attendance/register': ({ body }) => {
      saves += 1;
      // the teacher saved just before the administrator's first save arrived
      if (saves === 1) current = theirs;
      const put = body as Put;
      if (put.baseVersion !== undefined && put.baseVersion !== current.version) return CONFLICT;
      const bola = put.entries.find((e) => e.studentId === BOLA)!.status as Register['rows'][number]['status'];
      current = register(bola, { takenBy: 'Ada Obi', updatedAt: '2024-05-08T09:20:00.000Z', version: 'v3' });
      return { status: 200, body: current };
    },
  });
  return { puts: () => requests.filter((r) => r.method === 'PUT').map((r) => r.body as Put) };
}

async function openRegister(user: ReturnType<typeof userEvent.setup>) {
  renderWithProviders(
    <>
      <AdminAttendance />
      <ToastHost />
    </>,
    { route: '/admin/records/attendance' },
  );
  await user.click(await screen.findByRole('tab', { name: 'Registers' }));
  await screen.findByRole('form', { name: 'Register of JSS 1 A on 8 May 2024' });
}

const mark = (name: string) =>
  screen.getAllByRole('radio', { name: new RegExp(`^Mark ${name} `) }).find((r) => r.getAttribute('aria-checked') === 'true')?.textContent;

describe("the administrator's register screen when the register was saved meanwhile", () => {
  it('sends the version it opened, shows both marks on a 409, and keeps mine on the new version', async () => {
    const user = userEvent.setup();
    const api = server(register('Present'));
    await openRegister(user);

    await user.click(screen.getByRole('radio', { name: 'Mark Test Bola Absent' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Saved meanwhile: Register of JSS 1 A, 8 May 2024' });
    expect(api.puts()[0]).toMatchObject({ classId: CLASS, date: DATE, baseVersion: 'v1' });
    expect(within(dialog).getByText(REGISTER_CHANGED)).toBeTruthy();
    expect(within(dialog).getByText(/The other version was saved by Mr\. Okafor/)).toBeTruthy();
    const row = within(dialog).getByRole('row', { name: /Test Bola/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Absent', 'Late']);
    // Obi Ada's mark is the same in both, so it is not asked about
    expect(within(dialog).queryByText('Obi Ada')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));

    expect(await screen.findByText('Register of JSS 1 A for 8 May 2024 saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.puts()).toHaveLength(2);
    expect(api.puts()[1]).toMatchObject({
      baseVersion: 'v2',
      entries: [
        { studentId: ADA, status: 'Present' },
        { studentId: BOLA, status: 'Absent' },
      ],
    });
    expect(mark('Test Bola')).toBe('Absent');
    expect(screen.getByText(/by Ada Obi/)).toBeTruthy();
  });

  it('shows the marks saved meanwhile in the form when I take theirs, and sends nothing more', async () => {
    const user = userEvent.setup();
    const api = server(register('Present'));
    await openRegister(user);

    await user.click(screen.getByRole('radio', { name: 'Mark Test Bola Absent' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Saved meanwhile/ });

    await user.click(within(dialog).getByRole('button', { name: 'Use theirs, drop mine' }));

    expect(await screen.findByText('The marks saved meanwhile are kept')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(mark('Test Bola')).toBe('Late');
    expect(screen.getByText(/by Mr\. Okafor/)).toBeTruthy();
    // nothing changed on the form since, so there is nothing to save
    expect((screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.puts()).toHaveLength(1);
  });

  it('names a register not taken yet as such, so a register taken meanwhile is not overwritten', async () => {
    const user = userEvent.setup();
    const api = server(register('Present', { saved: false, takenBy: null, updatedAt: null, version: null }));
    await openRegister(user);

    await user.click(screen.getByRole('button', { name: 'Save register' }));

    await screen.findByRole('alertdialog', { name: /Saved meanwhile/ });
    expect(api.puts()[0]).toMatchObject({ baseVersion: null });
  });
});
