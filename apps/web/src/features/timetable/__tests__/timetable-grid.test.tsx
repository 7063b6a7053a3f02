import type { ClassTimetable } from '@school/shared/timetable/responses';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { ClassTimetableEditor } from '../components/class-timetable-editor';
import { moveFocus } from '../components/timetable-grid';

const CLASS_ID = '6f1c2f0e-1111-4a4a-9b9b-0000000000c1';
const MATHS = '6f1c2f0e-1111-4a4a-9b9b-0000000000d1';
const ENGLISH = '6f1c2f0e-1111-4a4a-9b9b-0000000000d2';

const timetable: ClassTimetable = {
  class: { id: CLASS_ID, name: 'JSS 1 A', level: 'JSS 1', arm: 'A', academicSessionId: 'session' },
  slots: [
    {
      day: 1,
      hour: 8,
      classSubjectId: MATHS,
      subjectId: 's1',
      subjectName: 'Mathematics',
      subjectCode: 'MTH',
      teacherId: 't1',
      teacherName: 'Mrs. Funmilayo Adeyemi',
    },
  ],
  subjects: [
    { classSubjectId: ENGLISH, subjectId: 's2', subjectName: 'English Language', teacherId: 't2', teacherName: 'Mr. Chinedu Okafor' },
    { classSubjectId: MATHS, subjectId: 's1', subjectName: 'Mathematics', teacherId: 't1', teacherName: 'Mrs. Funmilayo Adeyemi' },
  ],
  canEdit: true,
};

function setup(put: { status: number; body?: unknown } = { status: 200, body: timetable }) {
  const requests = mockApi({
    'GET /api/auth/csrf': { status: 200, body: { token: 't' } },
    [`GET /api/classes/${CLASS_ID}/timetable`]: { status: 200, body: timetable },
    [`PUT /api/classes/${CLASS_ID}/timetable/slots`]: put,
  });
  const user = userEvent.setup();
  renderWithProviders(<ClassTimetableEditor classId={CLASS_ID} />);
  return { user, requests };
}

describe('moveFocus', () => {
  it('moves across days and down the teaching hours, skipping the BREAK', () => {
    expect(moveFocus({ day: 1, hour: 8 }, 'ArrowRight')).toEqual({ day: 2, hour: 8 });
    expect(moveFocus({ day: 5, hour: 8 }, 'ArrowRight')).toEqual({ day: 5, hour: 8 });
    expect(moveFocus({ day: 1, hour: 11 }, 'ArrowDown')).toEqual({ day: 1, hour: 13 });
    expect(moveFocus({ day: 1, hour: 13 }, 'ArrowUp')).toEqual({ day: 1, hour: 11 });
    expect(moveFocus({ day: 3, hour: 16 }, 'ArrowDown')).toEqual({ day: 3, hour: 16 });
    expect(moveFocus({ day: 3, hour: 10 }, 'Home')).toEqual({ day: 1, hour: 10 });
    expect(moveFocus({ day: 3, hour: 10 }, 'End', true)).toEqual({ day: 5, hour: 16 });
    expect(moveFocus({ day: 3, hour: 10 }, 'a')).toBeNull();
  });
});

describe('ClassTimetableEditor', () => {
  it('shows the week with the BREAK row, one slot reachable by Tab, and moves with the arrow keys', async () => {
    const { user } = setup();
    const grid = await screen.findByRole('grid', { name: 'JSS 1 A timetable' });
    expect(within(grid).getByText('BREAK')).toBeTruthy();
    expect(within(grid).getByRole('button', { name: 'Monday 8:00 AM: Mathematics, Mrs. Funmilayo Adeyemi' })).toBeTruthy();
    // 8 teaching hours × 5 days, and only one of them in the tab order
    const cells = within(grid).getAllByRole('button');
    expect(cells).toHaveLength(40);
    expect(cells.filter((cell) => cell.tabIndex === 0)).toHaveLength(1);

    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Monday 8:00 AM: Mathematics, Mrs. Funmilayo Adeyemi');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Tuesday 8:00 AM: Free. Add a subject');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Tuesday 1:00 PM: Free. Add a subject');
    expect((document.activeElement as HTMLElement).tabIndex).toBe(0);
  });

  it('opens the slot dialog with Enter and saves the chosen subject', async () => {
    const { user, requests } = setup();
    const cell = await screen.findByRole('button', { name: 'Tuesday 9:00 AM: Free. Add a subject' });
    cell.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Tuesday, 9:00 AM – 10:00 AM' });
    expect(within(dialog).getByText('JSS 1 A')).toBeTruthy();
    expect((within(dialog).getByRole('radio', { name: /Free period/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: /English Language/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ day: 2, hour: 9, classSubjectId: ENGLISH });
  });

  it('shows a clash in the dialog and keeps it open', async () => {
    const { user } = setup({ status: 409, body: { message: 'Mrs. Funmilayo Adeyemi already teaches JSS 1 B at Wednesday 10:00 AM' } });
    await user.click(await screen.findByRole('button', { name: 'Wednesday 10:00 AM: Free. Add a subject' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: /Mathematics/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Mrs. Funmilayo Adeyemi already teaches JSS 1 B at Wednesday 10:00 AM');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('clears a filled slot by choosing Free period', async () => {
    const { user, requests } = setup();
    await user.click(await screen.findByRole('button', { name: 'Monday 8:00 AM: Mathematics, Mrs. Funmilayo Adeyemi' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('radio', { name: /Mathematics/ }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: /Free period/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ day: 1, hour: 8, classSubjectId: null });
  });
});
