import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { AdminFigures } from '../components/admin-figures';
import { ParentFigures } from '../components/parent-figures';
import { StudentFiguresPanel } from '../components/student-figures';
import { TeacherFigures } from '../components/teacher-figures';
import { adminDashboard, parentDashboard, studentDashboard, teacherDashboard } from './fixtures';

const card = (label: string) => screen.getByText(label, { selector: 'dt' }).closest('dl') as HTMLElement;

describe('AdminFigures', () => {
  it('shows the school’s figures as cards and the students per class as a chart', async () => {
    mockApi({ 'GET /api/dashboard/admin': { status: 200, body: adminDashboard } });
    renderWithProviders(<AdminFigures />);
    expect(await screen.findByText('Students', { selector: 'dt' })).toBeTruthy();
    expect(within(card('Students')).getByText('3')).toBeTruthy();
    expect(within(card('Students')).getByText('1 male · 2 female · 2023/24')).toBeTruthy();
    expect(within(card('Staff')).getByText('1 Gateman · 2 Teacher')).toBeTruthy();
    expect(within(card('Attendance today')).getByText('50%')).toBeTruthy();
    expect(within(card('Attendance today')).getByText('1 of 2 registers taken · 1 of 2 present')).toBeTruthy();
    expect(within(card('Fees collected · Second term')).getByText('₦60,000.00')).toBeTruthy();
    expect(within(card('Fees collected · Second term')).getByText('of ₦130,000.00 expected (46%)')).toBeTruthy();
    expect(screen.getByRole('img', { name: /Students per class by gender JSS 1 A: 2 \(1 male, 1 female\); JSS 2 A: 1/ })).toBeTruthy();
    expect(screen.getByText('2 applications pending')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Recent applications' })).getByText('Applicant 6')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View all applications' }).getAttribute('href')).toBe('/admin/admissions/application');
    expect(screen.getByText('awaiting review')).toBeTruthy();
  });

  it('says so when no register was taken today and nothing else is set up', async () => {
    mockApi({
      'GET /api/dashboard/admin': {
        status: 200,
        body: {
          ...adminDashboard,
          students: { total: 0, male: 0, female: 0, byClass: [] },
          attendance: { ...adminDashboard.attendance, registersTaken: 0, present: 0, absent: 0, rate: null },
          fees: null,
          term: null,
          applications: { pending: 0, recent: [] },
          lessonNotes: { awaitingReview: 0 },
        },
      },
    });
    renderWithProviders(<AdminFigures />);
    expect(await screen.findByText('No register taken today')).toBeTruthy();
    expect(screen.getByText('No classes in this session yet.')).toBeTruthy();
    expect(screen.getByText('No applications yet.')).toBeTruthy();
    expect(screen.getByText('No lesson notes awaiting review.')).toBeTruthy();
    expect(screen.getByText('No term set up')).toBeTruthy();
  });

  it('shows a skeleton while loading and a retry after an error', async () => {
    mockApi({ 'GET /api/dashboard/admin': { status: 500, body: { message: 'Boom' } } });
    renderWithProviders(<AdminFigures />);
    expect(screen.getByRole('status').textContent).toContain('Loading your school’s figures');
    expect(await screen.findByText(/The figures could not be loaded/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('TeacherFigures', () => {
  it('lists the registers to take with a link to mark them, the notes to finish and the day’s lessons', async () => {
    mockApi({ 'GET /api/dashboard/teacher': { status: 200, body: teacherDashboard } });
    renderWithProviders(<TeacherFigures />);
    const registers = await screen.findByRole('list', { name: 'Registers not yet taken' });
    expect(within(registers).getByRole('link', { name: 'Mark attendance for JSS 1 A' }).getAttribute('href')).toBe('/teachers/mark-attendance?classId=c1');
    expect(within(card('Lesson notes to finish')).getByText('3')).toBeTruthy();
    expect(within(card('Lesson notes to finish')).getByText('2 draft · 1 rejected · 1 awaiting review')).toBeTruthy();
    const lessons = screen.getByRole('list', { name: 'Lessons on Wednesday' });
    expect(within(lessons).getByText('Mathematics')).toBeTruthy();
    expect(within(lessons).getByText('9:00 AM – 10:00 AM · JSS 1 A')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Your classes' })).getByText('2 students')).toBeTruthy();
  });

  it('says there are no lessons at the weekend and no register waiting', async () => {
    mockApi({ 'GET /api/dashboard/teacher': { status: 200, body: { ...teacherDashboard, day: null, today: [], registersNotMarked: [], classes: [] } } });
    renderWithProviders(<TeacherFigures />);
    expect(await screen.findByText('No lessons today: it is the weekend.')).toBeTruthy();
    expect(screen.getByText(/No register waiting/)).toBeTruthy();
    expect(screen.getByText('No classes assigned to you in this session yet.')).toBeTruthy();
  });
});

describe('StudentFiguresPanel', () => {
  it('shows attendance this term, the latest published results, the fee balance and today’s timetable, with links', async () => {
    mockApi({ 'GET /api/dashboard/students/st-1': { status: 200, body: studentDashboard } });
    renderWithProviders(<StudentFiguresPanel studentId="st-1" />);
    expect(await screen.findByText('100%')).toBeTruthy();
    expect(within(card('Attendance · Second term')).getByText('Present 2 of 2 days open (1 late)')).toBeTruthy();
    expect(within(card('Latest results')).getByText('80.0%')).toBeTruthy();
    expect(within(card('Latest results')).getByText('Second term 2023/24 · 1st of 2')).toBeTruthy();
    expect(within(card('Fee balance')).getByText('₦30,000.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Results of Ada Obi' }).getAttribute('href')).toBe('/student/results/st-1');
    expect(screen.getByRole('link', { name: 'Fees of Ada Obi' }).getAttribute('href')).toBe('/student/fees/st-1');
    expect(within(screen.getByRole('list', { name: 'Lessons on Monday' })).getByText('9:00 AM – 10:00 AM · Mrs. Adeyemi')).toBeTruthy();
  });

  it('asks for a PIN when the newest results are locked', async () => {
    mockApi({ 'GET /api/dashboard/students/st-1': { status: 200, body: { ...studentDashboard, results: { status: 'locked', termId: 't-2' } } } });
    renderWithProviders(<StudentFiguresPanel studentId="st-1" />);
    expect(await screen.findByText('PIN needed')).toBeTruthy();
  });
});

describe('ParentFigures', () => {
  it('shows each child’s figures with links to the child’s pages', async () => {
    mockApi({ 'GET /api/dashboard/parent': { status: 200, body: parentDashboard } });
    renderWithProviders(<ParentFigures />);
    const chika = (await screen.findByRole('heading', { name: /Chika Eze/ })).closest('section') as HTMLElement;
    expect(within(chika).getByText('No register yet')).toBeTruthy();
    expect(within(chika).getByText('None yet')).toBeTruthy();
    expect(within(chika).getByText('No fees yet')).toBeTruthy();
    expect(within(chika).getByRole('link', { name: 'Results of Chika Eze' }).getAttribute('href')).toBe('/parent/children/st-2/results');
    const ada = screen.getByRole('heading', { name: /Ada Obi/ }).closest('section') as HTMLElement;
    expect(within(ada).getByText('₦30,000.00')).toBeTruthy();
    expect(within(ada).getByRole('link', { name: 'Attendance of Ada Obi' }).getAttribute('href')).toBe('/parent/children/st-1/attendance');
  });
});
