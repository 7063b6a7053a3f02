/**
 * Business constants and limits (spec section 9, DESIGN.md), shared by the web app and the server.
 * Lists are `as const` so that each has a matching union type.
 */

// ---------------------------------------------------------------- look and layout

export const COLORS = {
  main: '#3C1263',
  secondary: '#643B8A',
  tertiary: '#45A2E5',
} as const;

/** Responsive breakpoints in px. */
export const BREAKPOINTS = [320, 480, 768, 1024, 1200, 1440] as const;

/** Data-table breakpoints in px. */
export const TABLE_BREAKPOINTS = { sm: 599, md: 959, lg: 1280 } as const;

export const SIDEBAR_WIDTH = { open: '12rem', collapsed: '4rem' } as const;

export const TOAST = { autoClose: 5000, position: 'top-right', draggablePercent: 80 } as const;

export const POPOVER_DELAY_MS = 200;

export const TABLE = {
  pageSize: 10,
  pageSizeOptions: [10, 15, 20, 25, 30],
  rowsPerPageText: 'Rows per page:',
  noDataText: 'There are no records to display',
  loadingText: 'Loading...',
} as const;

/** The table footer's range text, 'a-b of n'. */
export function formatTableRange(from: number, to: number, total: number): string {
  return `${from}-${to} of ${total}`;
}

/** The table header's selection text, '{n} item(s) selected'. */
export function formatSelectedCount(count: number): string {
  return `${count} item(s) selected`;
}

export const CALENDAR = { views: ['century', 'decade', 'year', 'month'], earliestYear: 1 } as const;
export type CalendarView = (typeof CALENDAR.views)[number];

/** TanStack Query cache and its localStorage persistence. */
export const QUERY_CACHE = {
  maxAgeMs: 86_400_000,
  persistThrottleMs: 1000,
  retries: 3,
  retryBaseMs: 1000,
  retryMaxMs: 30_000,
  gcTimeMs: 300_000,
} as const;

// ---------------------------------------------------------------- badges

/** Badge colours; every pair keeps a text contrast of at least 4.5:1. */
export const BADGE_COLORS = {
  green: { background: '#D1FADF', text: '#027A48' },
  yellow: { background: '#FEF0C7', text: '#93370D' },
  pink: { background: '#FCE7F6', text: '#C11574' },
  lemon: { background: '#F4FFC4', text: '#3F6212' },
  dedication: { background: '#DCFCE7', text: '#B91C1C' },
  lightRed: { background: '#FEE4E2', text: '#B42318' },
} as const;
export type BadgeTone = keyof typeof BADGE_COLORS;

const BADGE_TONE_BY_STATUS: Record<string, BadgeTone> = {
  active: 'green',
  success: 'green',
  accepted: 'green',
  pending: 'yellow',
  inactive: 'pink',
  incomplete: 'pink',
  failed: 'pink',
  rejected: 'pink',
  complete: 'lemon',
  dedication: 'dedication',
};

/** The badge colour of a status (spec section 4); case does not matter, unknown values are light red. */
export function badgeTone(status: string): BadgeTone {
  return BADGE_TONE_BY_STATUS[status.trim().toLowerCase()] ?? 'lightRed';
}

// ---------------------------------------------------------------- academic structure

export const CLASS_LEVEL_GROUPS = {
  Nursery: ['Nursery 1', 'Nursery 2', 'Nursery 3'],
  Primary: ['Primary 1', 'Primary 2', 'Primary 3', 'Primary 4', 'Primary 5', 'Primary 6'],
  JSS: ['JSS 1', 'JSS 2', 'JSS 3'],
  SSS: ['SSS 1', 'SSS 2', 'SSS 3'],
} as const;
export type ClassLevelGroup = keyof typeof CLASS_LEVEL_GROUPS;

/** Every class level, lowest first. */
export const CLASS_LEVELS = [...CLASS_LEVEL_GROUPS.Nursery, ...CLASS_LEVEL_GROUPS.Primary, ...CLASS_LEVEL_GROUPS.JSS, ...CLASS_LEVEL_GROUPS.SSS] as const;
export type ClassLevel = (typeof CLASS_LEVELS)[number];

export function isClassLevel(value: string): value is ClassLevel {
  return (CLASS_LEVELS as readonly string[]).includes(value);
}

/** The level a student is promoted to; null after SSS 3 (the student graduates). */
export function nextClassLevel(level: ClassLevel): ClassLevel | null {
  const index = CLASS_LEVELS.indexOf(level);
  if (index < 0) throw new RangeError(`Unknown class level: ${level}`);
  return CLASS_LEVELS[index + 1] ?? null;
}

/** A class level's place in CLASS_LEVELS; an unknown level goes last. */
export function classLevelRank(level: string): number {
  const index = (CLASS_LEVELS as readonly string[]).indexOf(level);
  return index < 0 ? CLASS_LEVELS.length : index;
}

/** Classes in school order: Nursery 1 before Primary 1 before JSS 1 (not alphabetical), then by arm (A, B, … 10). */
export function sortByClass<T extends { level: string; arm: string }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => classLevelRank(a.level) - classLevelRank(b.level) || a.arm.localeCompare(b.arm, 'en', { numeric: true }));
}

export const TERMS = ['First', 'Second', 'Third'] as const;
export type Term = (typeof TERMS)[number];

/** Weeks shown in a term's lesson-note view. */
export const WEEKS = [1, 2, 3, 4, 5] as const;
export type Week = (typeof WEEKS)[number];

export const SAMPLE_SESSIONS = ['2019/20', '2020/21', '2021/22', '2022/23', '2023/24'] as const;

export const SESSION_STATUSES = ['Active', 'Inactive', 'Pending'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const TIMETABLE = {
  days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  slots: ['8:00 AM', '9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM'],
  breakSlot: '12:00 PM',
} as const;
export type TimetableDay = (typeof TIMETABLE.days)[number];
export type TimetableSlot = (typeof TIMETABLE.slots)[number];

export const LESSON_NOTE_STATUSES = ['Draft', 'Submitted', 'Approved', 'Rejected'] as const;
export type LessonNoteStatus = (typeof LESSON_NOTE_STATUSES)[number];

export const ATTENDANCE_STATUSES = ['Present', 'Absent', 'Late', 'Excused'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

// ---------------------------------------------------------------- results

/** Default maximum of each score column (settings/results); together 100. */
export const DEFAULT_SCORE_MAXIMUMS = { test1: 15, test2: 15, assignment: 10, exam: 60 } as const;
export type ScoreColumn = keyof typeof DEFAULT_SCORE_MAXIMUMS;

export interface GradeBand {
  grade: string;
  min: number;
  max: number;
  point: number;
  remark: string;
}

/** Default grading scale, highest band first (DESIGN.md section 4). */
export const DEFAULT_GRADING_SCALE = [
  { grade: 'A+', min: 90, max: 100, point: 5.0, remark: 'Excellent' },
  { grade: 'A', min: 70, max: 89, point: 4.0, remark: 'Very good' },
  { grade: 'B', min: 60, max: 69, point: 3.0, remark: 'Good' },
  { grade: 'C', min: 50, max: 59, point: 2.0, remark: 'Credit' },
  { grade: 'D', min: 45, max: 49, point: 1.0, remark: 'Pass' },
  { grade: 'E', min: 40, max: 44, point: 0.5, remark: 'Weak pass' },
  { grade: 'F', min: 0, max: 39, point: 0.0, remark: 'Fail' },
] as const satisfies readonly GradeBand[];

/**
 * The band a total falls in: the highest band whose minimum it reaches, so fractional totals
 * between two integer bands (89.5) take the lower band. Null when below every band.
 */
export function gradeFor(total: number, scale: readonly GradeBand[] = DEFAULT_GRADING_SCALE): GradeBand | null {
  let best: GradeBand | null = null;
  for (const band of scale) {
    if (total >= band.min && (best === null || band.min > best.min)) best = band;
  }
  return best;
}

/** Default cumulative average needed for promotion. */
export const DEFAULT_PASS_MARK = 40;

/** Teacher-comment scores; a score of `goodFrom` or more shows green. */
export const COMMENT_SCORE = { min: 0, max: 10, goodFrom: 5 } as const;

// ---------------------------------------------------------------- people

export const SCHOOL_TYPES = ['Primary', 'Secondary', 'Tertiary', 'Others'] as const;
export type SchoolType = (typeof SCHOOL_TYPES)[number];

export const RELATIONSHIPS = ['father', 'mother', 'uncle', 'aunty', 'brother', 'sister'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export const STAFF_TYPES = ['Teacher', 'Principal', 'Non-academic staff', 'Gateman', 'Admin'] as const;
export type StaffType = (typeof STAFF_TYPES)[number];

export const PASSWORD_MIN_LENGTH = 8;

/** The 36 states and the Federal Capital Territory, alphabetical. */
export const NIGERIAN_STATES = [
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'FCT',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
] as const;
export type NigerianState = (typeof NIGERIAN_STATES)[number];

export const DEFAULT_TIME_ZONE = 'Africa/Lagos';

// ---------------------------------------------------------------- admissions

export const ADMISSION_STATUSES = ['Pending', 'Accepted', 'Rejected', 'Archived'] as const;
export type AdmissionStatus = (typeof ADMISSION_STATUSES)[number];

/** Uploaded birth certificates: PDF, JPEG or PNG (checked by content), at most 5 MB. */
export const BIRTH_CERTIFICATE_UPLOAD = {
  maxBytes: 5 * 1024 * 1024,
  mimeTypes: ['application/pdf', 'image/jpeg', 'image/png'],
} as const;

// ---------------------------------------------------------------- finance

export const CURRENCY = { code: 'NGN', symbol: '₦' } as const;

export const FEE_FILTER = ['all', 'complete', 'incomplete'] as const;
export type FeeFilter = (typeof FEE_FILTER)[number];

export const FEE_STATUSES = ['Complete', 'InComplete'] as const;
export type FeeStatus = (typeof FEE_STATUSES)[number];

/** Card: paid online through Paystack; POS: a card paid at the school's own terminal, recorded by the bursary. */
export const PAYMENT_MODES = ['Card', 'Bank Transfer', 'Cash', 'POS'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const PAYMENT_STATUSES = ['Success', 'Pending', 'Failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Money is integer kobo; this is its only display form, e.g. 123450 → '₦1,234.50'. */
export function formatNaira(kobo: number): string {
  const whole = Math.round(kobo);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  const naira = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = (abs % 100).toString().padStart(2, '0');
  return `${sign}${CURRENCY.symbol}${naira}.${rest}`;
}

/** Naira typed by a person (up to two decimals) as integer kobo. */
export function nairaToKobo(naira: number): number {
  return Math.round(naira * 100);
}

// ---------------------------------------------------------------- referrals and cameras

export const REFERRAL_STATUS_FILTER = ['all', 'success', 'pending', 'failed'] as const;
export type ReferralStatusFilter = (typeof REFERRAL_STATUS_FILTER)[number];

export const CAMERA_CHANNEL_TYPES = ['Live', 'Youtube', 'Vimeo', 'Zoom'] as const;
export type CameraChannelType = (typeof CAMERA_CHANNEL_TYPES)[number];
