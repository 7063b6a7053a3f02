/**
 * What the dashboards receive (GET /api/dashboard/*). Every figure is computed by the area that owns
 * it (attendance, results, finance, timetable…); the dashboards only gather them (ADR 0020).
 * Money in kobo; attendance rates as percentages with one decimal (null when nothing was marked).
 */

/** `?date=` of a dashboard: the day it is about (the school's today when absent). */
export const DASHBOARD_DATE_MESSAGE = 'Please enter a valid date';
export const DASHBOARD_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** How many recent applications the admin dashboard lists. */
export const RECENT_APPLICATIONS = 5;

export interface DashboardTerm {
  id: string;
  name: string;
}

export interface ClassCount {
  classId: string;
  className: string;
  male: number;
  female: number;
  total: number;
}

export interface DayAttendanceFigures {
  date: string;
  /** Registers taken on the day, of the classes that could have had one. */
  registersTaken: number;
  classes: number;
  present: number;
  absent: number;
  late: number;
  excused: number;
  /** (Present + Late) / everyone marked, percent with one decimal; null when nothing was marked. */
  rate: number | null;
}

export interface AdminDashboard {
  date: string;
  session: { id: string; name: string } | null;
  term: DashboardTerm | null;
  students: { total: number; male: number; female: number; byClass: ClassCount[] };
  staff: { total: number; byType: Array<{ type: string; count: number }> };
  attendance: DayAttendanceFigures;
  /** The term's invoices: null when there is no term. */
  fees: { expectedKobo: number; collectedKobo: number; outstandingKobo: number } | null;
  applications: {
    pending: number;
    recent: Array<{ id: string; name: string; registrationNo: string; classLevel: string; status: string; createdAt: string }>;
  };
  lessonNotes: { awaitingReview: number };
}

export interface TodayLesson {
  hour: number;
  subjectName: string;
  className: string;
  teacherName: string | null;
}

export interface TeacherDashboard {
  date: string;
  session: { id: string; name: string } | null;
  /** 1 Monday … 5 Friday; null at the weekend. */
  day: number | null;
  classes: Array<{ classId: string; className: string; students: number; classTeacher: boolean }>;
  registersNotMarked: Array<{ classId: string; className: string }>;
  lessonNotes: { drafts: number; rejected: number; submitted: number };
  today: TodayLesson[];
}

export type ResultsSummary =
  | {
      status: 'published';
      termId: string;
      termName: string;
      sessionName: string;
      className: string;
      average: number | null;
      position: number | null;
      studentCount: number;
    }
  /** The newest published term needs a result-checker PIN first. */
  | { status: 'locked'; termId: string }
  | { status: 'none' };

export interface StudentFigures {
  studentId: string;
  name: string;
  className: string | null;
  attendance: { present: number; absent: number; late: number; excused: number; daysOpen: number; rate: number | null };
  results: ResultsSummary;
  /** Over all the student's invoices; null when the student has none. */
  fees: { dueKobo: number; paidKobo: number; outstandingKobo: number; creditKobo: number } | null;
}

export interface StudentDashboard extends StudentFigures {
  date: string;
  term: DashboardTerm | null;
  day: number | null;
  today: TodayLesson[];
}

export interface ParentDashboard {
  term: DashboardTerm | null;
  children: StudentFigures[];
}
