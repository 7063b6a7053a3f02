/** The dashboards' constants; what they answer is in responses.ts. */

/** `?date=` of a dashboard: the day it is about (the school's today when absent). */
export const DASHBOARD_DATE_MESSAGE = 'Please enter a valid date';
export const DASHBOARD_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** How many recent applications the admin dashboard lists. */
export const RECENT_APPLICATIONS = 5;

/**
 * The set-up checklist of a school (GET /api/dashboard/setup), in the order a new school does them.
 * Each step ticks itself from the school's own records (the server decides; see dashboards.repository).
 */
export const SETUP_STEPS = ['sessions', 'classes', 'subjects', 'staff', 'subjectTeachers', 'students', 'fees', 'grading', 'reportCard'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export const SETUP_STEP_LABELS: Record<SetupStep, string> = {
  sessions: 'Session and terms',
  classes: 'Classes',
  subjects: 'Subjects',
  subjectTeachers: 'Subject teachers',
  staff: 'Staff',
  students: 'Students',
  fees: 'Fees',
  grading: 'Grading',
  reportCard: 'Report card',
};
