import type { AdminDashboard, ParentDashboard, StudentDashboard, TeacherDashboard } from '@school/shared/dashboards/responses';

export const adminDashboard: AdminDashboard = {
  date: '2024-01-08',
  session: { id: 's-2023', name: '2023/24' },
  term: { id: 't-2', name: 'Second' },
  students: {
    total: 3,
    male: 1,
    female: 2,
    byClass: [
      { classId: 'c1', className: 'JSS 1 A', male: 1, female: 1, total: 2 },
      { classId: 'c2', className: 'JSS 2 A', male: 0, female: 1, total: 1 },
    ],
  },
  staff: {
    total: 3,
    byType: [
      { type: 'Gateman', count: 1 },
      { type: 'Teacher', count: 2 },
    ],
  },
  attendance: { date: '2024-01-08', registersTaken: 1, classes: 2, present: 1, absent: 1, late: 0, excused: 0, rate: 50 },
  fees: { expectedKobo: 13_000_000, collectedKobo: 6_000_000, outstandingKobo: 8_000_000 },
  applications: {
    pending: 2,
    recent: [{ id: 'a6', name: 'Applicant 6', registrationNo: 'APP-6', classLevel: 'JSS 1', status: 'Pending', createdAt: '2024-01-01T09:06:00.000Z' }],
  },
  lessonNotes: { awaitingReview: 2 },
};

export const teacherDashboard: TeacherDashboard = {
  date: '2024-01-10',
  session: { id: 's-2023', name: '2023/24' },
  day: 3,
  classes: [{ classId: 'c1', className: 'JSS 1 A', students: 2, classTeacher: true }],
  registersNotMarked: [{ classId: 'c1', className: 'JSS 1 A' }],
  lessonNotes: { drafts: 2, rejected: 1, submitted: 1 },
  today: [{ hour: 9, subjectName: 'Mathematics', className: 'JSS 1 A', teacherName: 'Mrs. Adeyemi' }],
};

export const studentDashboard: StudentDashboard = {
  studentId: 'st-1',
  name: 'Ada Obi',
  className: 'JSS 1 A',
  date: '2024-01-08',
  term: { id: 't-2', name: 'Second' },
  day: 1,
  today: [{ hour: 9, subjectName: 'Mathematics', className: 'JSS 1 A', teacherName: 'Mrs. Adeyemi' }],
  attendance: { present: 1, absent: 0, late: 1, excused: 0, daysOpen: 2, rate: 100 },
  results: { status: 'published', termId: 't-2', termName: 'Second', sessionName: '2023/24', className: 'JSS 1 A', average: 80, position: 1, studentCount: 2 },
  fees: { dueKobo: 5_000_000, paidKobo: 2_000_000, outstandingKobo: 3_000_000, creditKobo: 0 },
};

export const parentDashboard: ParentDashboard = {
  term: { id: 't-2', name: 'Second' },
  children: [
    { ...studentDashboard, studentId: 'st-1' },
    {
      studentId: 'st-2',
      name: 'Chika Eze',
      className: 'JSS 2 A',
      attendance: { present: 0, absent: 0, late: 0, excused: 0, daysOpen: 0, rate: null },
      results: { status: 'none' },
      fees: null,
    },
  ],
};
