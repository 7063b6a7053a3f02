/**
 * The subjects of a Nigerian school, which of them each class level takes, and the main school's
 * subject specialists. In nursery and primary the class teacher teaches almost everything; in JSS
 * and SSS each subject has its specialist.
 */
import { CLASS_LEVEL_GROUPS, type ClassLevel } from '@school/shared/constants';
import type { Ethnicity, Gender } from './names';

export const SUBJECTS = [
  { code: 'ENG', name: 'English Language' },
  { code: 'MTH', name: 'Mathematics' },
  { code: 'BSC', name: 'Basic Science' },
  { code: 'BTE', name: 'Basic Technology' },
  { code: 'SOS', name: 'Social Studies' },
  { code: 'CVE', name: 'Civic Education' },
  { code: 'CRS', name: 'Christian Religious Studies' },
  { code: 'IRS', name: 'Islamic Religious Studies' },
  { code: 'AGR', name: 'Agricultural Science' },
  { code: 'CST', name: 'Computer Studies' },
  { code: 'PHY', name: 'Physics' },
  { code: 'CHE', name: 'Chemistry' },
  { code: 'BIO', name: 'Biology' },
  { code: 'ECO', name: 'Economics' },
  { code: 'GOV', name: 'Government' },
  { code: 'LIT', name: 'Literature in English' },
  { code: 'GEO', name: 'Geography' },
  { code: 'FMA', name: 'Further Mathematics' },
  { code: 'YOR', name: 'Yoruba' },
  { code: 'IGB', name: 'Igbo' },
  { code: 'HAU', name: 'Hausa' },
  { code: 'FRE', name: 'French' },
  { code: 'BUS', name: 'Business Studies' },
  { code: 'HEC', name: 'Home Economics' },
  { code: 'PHE', name: 'Physical and Health Education' },
  { code: 'CCA', name: 'Creative Arts' },
  { code: 'QR', name: 'Quantitative Reasoning' },
  { code: 'VR', name: 'Verbal Reasoning' },
  { code: 'PHO', name: 'Phonics' },
  { code: 'RHY', name: 'Rhymes' },
  { code: 'NUM', name: 'Number Work' },
  { code: 'LTW', name: 'Letter Work' },
  { code: 'HHB', name: 'Health Habits' },
  { code: 'SHB', name: 'Social Habits' },
] as const;
export type SubjectCode = (typeof SUBJECTS)[number]['code'];

export const NURSERY: readonly ClassLevel[] = CLASS_LEVEL_GROUPS.Nursery;
export const LOWER_PRIMARY: readonly ClassLevel[] = ['Primary 1', 'Primary 2', 'Primary 3'];
export const UPPER_PRIMARY: readonly ClassLevel[] = ['Primary 4', 'Primary 5', 'Primary 6'];
export const JSS: readonly ClassLevel[] = CLASS_LEVEL_GROUPS.JSS;
export const SSS: readonly ClassLevel[] = CLASS_LEVEL_GROUPS.SSS;

const NURSERY_SUBJECTS: SubjectCode[] = ['NUM', 'LTW', 'PHO', 'RHY', 'BSC', 'HHB', 'SHB', 'CCA'];
const LOWER_PRIMARY_SUBJECTS: SubjectCode[] = ['ENG', 'MTH', 'BSC', 'SOS', 'CVE', 'CRS', 'IRS', 'YOR', 'CST', 'PHE', 'CCA', 'QR', 'VR', 'PHO'];
const UPPER_PRIMARY_SUBJECTS: SubjectCode[] = [
  'ENG',
  'MTH',
  'BSC',
  'BTE',
  'SOS',
  'CVE',
  'CRS',
  'IRS',
  'AGR',
  'HEC',
  'CST',
  'YOR',
  'FRE',
  'PHE',
  'CCA',
  'QR',
  'VR',
];
const JSS_SUBJECTS: SubjectCode[] = [
  'ENG',
  'LIT',
  'MTH',
  'BSC',
  'BTE',
  'SOS',
  'CVE',
  'CRS',
  'IRS',
  'AGR',
  'HEC',
  'CST',
  'BUS',
  'FRE',
  'YOR',
  'IGB',
  'HAU',
  'PHE',
  'CCA',
];
const SSS_CORE: SubjectCode[] = ['ENG', 'MTH', 'CVE', 'BIO', 'ECO', 'CST', 'AGR', 'GEO'];
/** Arm A is the science class, arm B the arts and commercial class. */
const SSS_SCIENCE: SubjectCode[] = [...SSS_CORE, 'PHY', 'CHE', 'FMA'];
const SSS_ARTS: SubjectCode[] = [...SSS_CORE, 'LIT', 'GOV', 'CRS', 'IRS'];

/** The subjects a class takes. */
export function subjectsFor(level: ClassLevel, arm: string): SubjectCode[] {
  if (NURSERY.includes(level)) return NURSERY_SUBJECTS;
  if (LOWER_PRIMARY.includes(level)) return LOWER_PRIMARY_SUBJECTS;
  if (UPPER_PRIMARY.includes(level)) return UPPER_PRIMARY_SUBJECTS;
  if (JSS.includes(level)) return JSS_SUBJECTS;
  return arm === 'A' ? SSS_SCIENCE : SSS_ARTS;
}

/** What a specialist teaches: a subject at some levels, optionally only in some arms. */
export interface Teaching {
  subject: SubjectCode;
  levels: readonly ClassLevel[];
  arms?: readonly string[];
}

export interface Specialist {
  /** Fixed people of the demo; the others get generated names. */
  name?: { title: string; firstName: string; lastName: string; gender: Gender };
  ethnicity?: Ethnicity;
  teaches: Teaching[];
  /** The demo teacher: class teacher of JSS 1 A. */
  demo?: boolean;
}

/**
 * The main school's subject specialists (JSS, SSS, and French and Yoruba in upper primary); each
 * teaches six to twelve classes, a believable load.
 */
export const MAIN_SCHOOL_SPECIALISTS: Specialist[] = [
  {
    name: { title: 'Mrs.', firstName: 'Funmilayo', lastName: 'Adeyemi', gender: 'female' },
    demo: true,
    teaches: [
      { subject: 'ENG', levels: JSS },
      { subject: 'LIT', levels: JSS },
    ],
  },
  {
    teaches: [
      { subject: 'ENG', levels: SSS },
      { subject: 'LIT', levels: SSS, arms: ['B'] },
    ],
  },
  { teaches: [{ subject: 'MTH', levels: JSS }] },
  {
    teaches: [
      { subject: 'MTH', levels: SSS },
      { subject: 'FMA', levels: SSS, arms: ['A'] },
    ],
  },
  {
    teaches: [
      { subject: 'BSC', levels: JSS },
      { subject: 'CHE', levels: SSS, arms: ['A'] },
    ],
  },
  {
    teaches: [
      { subject: 'BTE', levels: JSS },
      { subject: 'PHY', levels: SSS, arms: ['A'] },
    ],
  },
  {
    teaches: [
      { subject: 'BIO', levels: SSS },
      { subject: 'AGR', levels: SSS },
    ],
  },
  {
    teaches: [
      { subject: 'AGR', levels: JSS },
      { subject: 'HEC', levels: JSS },
    ],
  },
  {
    name: { title: 'Mrs.', firstName: 'Chiamaka', lastName: 'Eze', gender: 'female' },
    teaches: [
      { subject: 'SOS', levels: JSS },
      { subject: 'IGB', levels: JSS },
    ],
  },
  {
    teaches: [
      { subject: 'CVE', levels: JSS },
      { subject: 'CVE', levels: SSS },
    ],
  },
  {
    teaches: [
      { subject: 'CRS', levels: JSS },
      { subject: 'CRS', levels: SSS, arms: ['B'] },
    ],
  },
  {
    name: { title: 'Mr.', firstName: 'Musa', lastName: 'Ibrahim', gender: 'male' },
    teaches: [
      { subject: 'IRS', levels: JSS },
      { subject: 'IRS', levels: SSS, arms: ['B'] },
    ],
  },
  {
    teaches: [
      { subject: 'CST', levels: JSS },
      { subject: 'CST', levels: SSS },
    ],
  },
  {
    teaches: [
      { subject: 'BUS', levels: JSS },
      { subject: 'ECO', levels: SSS },
    ],
  },
  {
    teaches: [
      { subject: 'GEO', levels: SSS },
      { subject: 'GOV', levels: SSS, arms: ['B'] },
    ],
  },
  {
    teaches: [
      { subject: 'FRE', levels: JSS },
      { subject: 'FRE', levels: UPPER_PRIMARY },
    ],
  },
  {
    name: { title: 'Mr.', firstName: 'Adebayo', lastName: 'Ogunleye', gender: 'male' },
    teaches: [
      { subject: 'YOR', levels: JSS },
      { subject: 'YOR', levels: UPPER_PRIMARY },
    ],
  },
  { ethnicity: 'hausa', teaches: [{ subject: 'HAU', levels: JSS }] },
  {
    teaches: [
      { subject: 'PHE', levels: JSS },
      { subject: 'CCA', levels: JSS },
    ],
  },
];

export function teachesIn(specialist: Specialist, subject: SubjectCode, level: ClassLevel, arm: string): boolean {
  return specialist.teaches.some((t) => t.subject === subject && t.levels.includes(level) && (t.arms === undefined || t.arms.includes(arm)));
}
