import type { IconName } from './components/icon';

/**
 * Landing page copy. Both designs (/ and /web/home2) render these lists through the same section
 * components, so the wording lives here once. Every sentence describes what the product really
 * does (see DESIGN.md); nothing here is a customer quote.
 */

export interface ModuleItem {
  title: string;
  description: string;
  icon: IconName;
}

/** The eight marketing modules of spec section 1, in the spec's order. */
export const MODULES: readonly ModuleItem[] = [
  {
    title: 'Simplified dashboard',
    description:
      'Everyone signs in to a dashboard made for their role: proprietors see all their schools, administrators their school, teachers their classes, and students and parents their own records.',
    icon: 'dashboard',
  },
  {
    title: 'Admission management',
    description:
      'Sell serial codes for your admission form, receive applications online and accept, reject or archive them; accepting one creates the student, the parent account and the class place.',
    icon: 'admission',
  },
  {
    title: 'Attendance management',
    description:
      'Class teachers mark a daily register (present, absent, late or excused), administrators see attendance rates by student and class, and students see their month on a calendar.',
    icon: 'attendance',
  },
  {
    title: 'Records management',
    description:
      'Keep students, guardians, staff, classes, subjects, timetables and lesson notes for every session in one place, with bulk CSV import and CSV export of every table.',
    icon: 'records',
  },
  {
    title: 'Result processing',
    description:
      'Teachers enter tests, assignments and exam scores once; totals, grades, class positions and averages are worked out for you, and report cards and transcripts print or download as PDF.',
    icon: 'results',
  },
  {
    title: 'School fees and finance',
    description:
      'Set fee items per class and term, bill every student, and record payments by card through Paystack, bank transfer or cash, with receipts and balances in naira.',
    icon: 'fees',
  },
  {
    title: 'Report, security and safety',
    description:
      'Charts and CSV reports on enrolment, attendance, results and fees, your security camera channels on one screen, role-based access and an audit log of every change.',
    icon: 'security',
  },
  {
    title: 'Extra-curricular performance',
    description:
      'Teachers add termly comments with a 0–10 rating on each student, covering conduct, clubs or sports, and they appear on the report card beside the academic scores.',
    icon: 'star',
  },
];

export interface UserGroup {
  title: string;
  summary: string;
  abilities: readonly string[];
  icon: IconName;
}

/** The user groups named in marketing (spec section 1) and what each can do (DESIGN.md section 2). */
export const USER_GROUPS: readonly UserGroup[] = [
  {
    title: 'Super administrators',
    summary: 'Proprietors who own one school or a group of schools.',
    abilities: [
      'Register the organisation and add each school or branch',
      'Appoint school administrators and set what every role may do',
      'Compare reports across all their schools',
      'Watch security cameras and set payment and session defaults',
    ],
    icon: 'building',
  },
  {
    title: 'School administrators',
    summary: 'Principals, head teachers and admin staff who run one school.',
    abilities: [
      'Handle admissions, serial codes and admission letters',
      'Set up classes, subjects, staff, timetables and promotion',
      'Approve lesson notes and publish each term’s results',
      'Manage fees, the noticeboard, reports and settings',
    ],
    icon: 'briefcase',
  },
  {
    title: 'Teachers',
    summary: 'Class and subject teachers.',
    abilities: [
      'See the students in their classes and subjects',
      'Write or upload lesson notes for each week',
      'Enter scores and comment on each student',
      'Mark the daily register and read the noticeboard',
    ],
    icon: 'board',
  },
  {
    title: 'Students',
    summary: 'From Nursery 1 to SSS 3.',
    abilities: [
      'View their profile, subjects and class timetable',
      'Check attendance and published results',
      'See school fees, payments and balance',
      'Read notices from the school',
    ],
    icon: 'cap',
  },
  {
    title: 'Parents',
    summary: 'Guardians, with one login for all their children.',
    abilities: [
      'Follow each child’s published results and report cards',
      'See each child’s attendance',
      'Check fees, receipts and what is still owed',
      'Receive notices meant for parents',
    ],
    icon: 'family',
  },
];

/** How the product fits the way Nigerian schools already work (About section). */
export const SCHOOL_FIT: readonly { title: string; description: string }[] = [
  {
    title: 'Your classes, as they are',
    description: 'Nursery 1–3, Primary 1–6, JSS 1–3 and SSS 1–3, each with arms such as A, B or Gold.',
  },
  {
    title: 'Sessions and three terms',
    description: 'Work in sessions like 2023/24 with a First, Second and Third term, and promote students at session end.',
  },
  {
    title: 'Naira and Paystack',
    description: 'Fees are kept to the kobo and shown in naira, and can be paid by card through Paystack.',
  },
  {
    title: 'One owner, many branches',
    description: 'A proprietor can run a nursery-and-primary school and a college side by side, each with its own staff.',
  },
];

/** What a school can expect. Shown in the Testimonials section instead of invented quotes. */
export const EXPECTATIONS: readonly { title: string; description: string }[] = [
  {
    title: 'Result day without the spreadsheet',
    description: 'Scores are entered once. Totals, grades and positions are computed, and report cards are ready to print.',
  },
  {
    title: 'Fees you can account for',
    description: 'Every card, transfer or cash payment is tied to a student and a term, with a receipt and a running balance.',
  },
  {
    title: 'Parents who stay informed',
    description: 'Results, attendance and notices for every child, behind one parent login.',
  },
];

/** Hero copy shared by both designs. */
export const HERO = {
  eyebrow: 'For nursery, primary and secondary schools in Nigeria',
  titleLead: 'Run admissions, results and school fees',
  titleEmphasis: 'from one place',
  lead: 'Serial-code admissions, daily registers, computed results and report cards, and school fees in naira with Paystack — organised by session and term, for every class from Nursery 1 to SSS 3.',
  highlights: ['Three terms a session', 'Nursery 1 to SSS 3', 'Naira fees with Paystack'],
} as const;

/** Hero illustrations in apps/web/public/landing (small hand-written SVG files). */
export const ILLUSTRATIONS = {
  dashboard: {
    file: 'landing/dashboard-preview.svg',
    width: 560,
    height: 400,
    alt: 'Preview of the school administrator dashboard showing the number of students, today’s attendance rate, fees collected this term and recent results.',
  },
  reportCard: {
    file: 'landing/report-card.svg',
    width: 640,
    height: 380,
    alt: 'Preview of a second-term report card with scores, grades, class position and attendance, next to a confirmed school fees payment by card.',
  },
} as const;
