import type { Register, StudentAttendance } from '@school/shared/attendance/responses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { AttendanceSettingsSection } from '../components/attendance-settings-section';
import { RegisterEditor } from '../components/register-editor';
import { StudentAttendanceView } from '../components/student-attendance-view';

const ADA = '6f1c2f0e-1111-4a4a-9b9b-000000000a01';
const BOLA = '6f1c2f0e-1111-4a4a-9b9b-000000000a02';
const CHIKA = '6f1c2f0e-1111-4a4a-9b9b-000000000a03';

const register = (over: Partial<Register> = {}): Register => ({
  classId: '6f1c2f0e-1111-4a4a-9b9b-0000000000c1',
  className: 'JSS 1 A',
  date: '2024-05-08',
  term: { id: 't3', name: 'Third' },
  saved: false,
  takenBy: null,
  updatedAt: null,
  version: null,
  rows: [
    { studentId: ADA, name: 'Obi Ada', registrationNo: 'GFA/2023/0001', status: 'Present' },
    { studentId: BOLA, name: 'Test Bola', registrationNo: 'GFA/2023/0002', status: 'Present' },
    { studentId: CHIKA, name: 'Test Chika', registrationNo: 'GFA/2023/0003', status: 'Present' },
  ],
  counts: { Present: 3, Absent: 0, Late: 0, Excused: 0 },
  ...over,
});

describe('RegisterEditor', () => {
  it('starts everyone Present and saves the whole register with the exceptions', async () => {
    const onSave = vi.fn();
    renderWithProviders(<RegisterEditor register={register()} onSave={onSave} />);
    expect(screen.getByText('Not taken yet: everyone is shown Present')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Mark Obi Ada Present' }).getAttribute('aria-checked')).toBe('true');
    await userEvent.click(screen.getByRole('radio', { name: 'Mark Obi Ada Absent' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Mark Test Chika Late' }));
    expect(screen.getByText('Present 1 · Absent 1 · Late 1 · Excused 0')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save register' }));
    expect(onSave).toHaveBeenCalledWith([
      { studentId: ADA, status: 'Absent' },
      { studentId: BOLA, status: 'Present' },
      { studentId: CHIKA, status: 'Late' },
    ]);
  });

  it('shows a saved register as saved, and enables saving only after a change', async () => {
    const saved = register({
      saved: true,
      takenBy: 'Mrs. Funmilayo Adeyemi',
      updatedAt: '2024-05-08T08:30:00.000Z',
      rows: register().rows.map((r) => (r.studentId === BOLA ? { ...r, status: 'Excused' } : r)),
    });
    renderWithProviders(<RegisterEditor register={saved} onSave={() => {}} />);
    expect(screen.getByText(/by Mrs. Funmilayo Adeyemi/)).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Mark Test Bola Excused' }).getAttribute('aria-checked')).toBe('true');
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Mark all present' }));
    expect(screen.getByRole('radio', { name: 'Mark Test Bola Present' }).getAttribute('aria-checked')).toBe('true');
    expect((save as HTMLButtonElement).disabled).toBe(false);
  });

  it("makes each student one Tab stop, and arrow keys change that student's mark", async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterEditor register={register()} onSave={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Mark all present' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Mark Obi Ada Present' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Mark Test Bola Present' }));
    await user.keyboard('{ArrowRight}');
    const bolaAbsent = screen.getByRole('radio', { name: 'Mark Test Bola Absent' });
    expect(bolaAbsent.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(bolaAbsent);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Mark Test Bola Excused' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('Present 2 · Absent 0 · Late 0 · Excused 1')).toBeTruthy();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Mark Test Chika Present' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Mark Test Bola Excused' }));
    expect(screen.getByRole('radiogroup', { name: 'Test Bola: attendance' })).toBeTruthy();
  });

  it('says so when the class has no students', () => {
    renderWithProviders(<RegisterEditor register={register({ rows: [] })} onSave={() => {}} />);
    expect(screen.getByText('No students are enrolled in JSS 1 A yet.')).toBeTruthy();
  });
});

describe('StudentAttendanceView', () => {
  const answer: StudentAttendance = {
    student: { id: ADA, name: 'Ada Obi', className: 'JSS 1 A' },
    month: '2024-05',
    events: [
      { day: 7, month: 5, year: 2024, title: 'Present' },
      { day: 8, month: 5, year: 2024, title: 'Absent' },
      { day: 9, month: 5, year: 2024, title: 'Late' },
    ],
    term: { id: 't3', name: 'Third', startDate: '2024-04-22', endDate: '2024-07-26', isCurrent: false },
    totals: { present: 1, absent: 1, late: 1, excused: 0, daysOpen: 3, rate: 66.7 },
  };

  it("shows the month's dots (green Present, amber Absent, red other) and the term's totals", async () => {
    const requests = mockApi({ [`GET /api/students/${ADA}/attendance`]: { status: 200, body: answer } });
    const { container } = renderWithProviders(<StudentAttendanceView studentId={ADA} heading="My attendance" />);
    expect(await screen.findByText('My attendance · May 2024')).toBeTruthy();
    expect(container.querySelectorAll('[data-dot="green"]')).toHaveLength(1);
    expect(container.querySelectorAll('[data-dot="amber"]')).toHaveLength(1);
    expect(container.querySelectorAll('[data-dot="red"]')).toHaveLength(1);
    expect(screen.getByText('66.7%')).toBeTruthy();
    expect(screen.getByText('Present on 2 of 3 days the school was open')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Third term' })).toBeTruthy();
    expect(requests[0].url).toBe(`/api/students/${ADA}/attendance`);
  });

  it('asks for the next month when the calendar moves on', async () => {
    const requests = mockApi({ [`GET /api/students/${ADA}/attendance`]: { status: 200, body: answer } });
    const { container } = renderWithProviders(<StudentAttendanceView studentId={ADA} />);
    await screen.findByText('Attendance · May 2024');
    await userEvent.click(container.querySelector<HTMLButtonElement>('.react-calendar__navigation__next-button')!);
    await waitFor(() => expect(requests.some((r) => r.url.endsWith('?month=2024-06'))).toBe(true));
  });

  it('shows an error with a way to try again', async () => {
    mockApi({ [`GET /api/students/${ADA}/attendance`]: { status: 404, body: { message: 'Student not found' } } });
    renderWithProviders(<StudentAttendanceView studentId={ADA} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/Student not found/)).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('AttendanceSettingsSection', () => {
  it('turns absence notices off on the server', async () => {
    const requests = mockApi({
      'GET /api/auth/csrf': { status: 200, body: { token: 'csrf' } },
      'GET /api/settings/attendance': { status: 200, body: { absenceNotices: true } },
      'PUT /api/settings/attendance': ({ body }) => ({ status: 200, body }),
    });
    renderWithProviders(<AttendanceSettingsSection />);
    const toggle = await screen.findByRole('switch', { name: /Send absence notices to guardians/ });
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ absenceNotices: false });
  });
});
