/**
 * Demo admissions (issue 19): a handful of applications waiting in New Enrollment of the demo school,
 * sent during the current term by families applying for the usual entry classes, so that the
 * administrator's list, drawer and decisions have rows. Numbered <code>/<year of the term>/<sequence>
 * with the school's counter moved past them, so that the next real application takes the next number.
 * They carry no serial code or birth certificate (the drawer says so). One school (ADR 0026).
 */
import type { ClassLevel, NigerianState, Relationship } from '@school/shared/constants';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { admissionApplications, admissionCounters, schools, terms } from '../schema';

interface DemoApplication {
  name: string;
  gender: 'male' | 'female';
  dateOfBirth: string;
  classLevel: ClassLevel;
  stateOfOrigin: NigerianState;
  guardianName: string;
  relationship: Relationship;
  guardianEmail: string;
  guardianPhone: string;
  guardianAddress: string;
  institution: string;
  institutionAddress: string;
  attendedClasses: string;
  prevEducation: string;
  institutionContactName: string;
  institutionContactPhone: string;
  /** Days after the term began. */
  day: number;
  paid: boolean;
}

/** Exported for the demo's test: how many applications wait. */
export const DEMO_APPLICATIONS: DemoApplication[] = [
  {
    name: 'Tolulope Adebayo Ogunleye',
    gender: 'female',
    dateOfBirth: '2012-03-14',
    classLevel: 'JSS 1',
    stateOfOrigin: 'Ogun',
    guardianName: 'Mr. Babatunde Ogunleye',
    relationship: 'father',
    guardianEmail: 'babatunde.ogunleye@example.com',
    guardianPhone: '0803 218 4471',
    guardianAddress: '12 Allen Avenue, Ikeja, Lagos',
    institution: 'Bright Stars Primary School',
    institutionAddress: '4 Opebi Road, Ikeja, Lagos',
    attendedClasses: 'Primary 1 - Primary 6',
    prevEducation: 'First School Leaving Certificate',
    institutionContactName: 'Mrs. Ayo Falana',
    institutionContactPhone: '0802 331 9087',
    day: 3,
    paid: true,
  },
  {
    name: 'Chukwuemeka Obinna Eze',
    gender: 'male',
    dateOfBirth: '2012-07-02',
    classLevel: 'JSS 1',
    stateOfOrigin: 'Enugu',
    guardianName: 'Mrs. Ngozi Eze',
    relationship: 'mother',
    guardianEmail: 'ngozi.eze@example.org',
    guardianPhone: '0806 557 1203',
    guardianAddress: '7 Adeniyi Jones Avenue, Ikeja, Lagos',
    institution: 'Holy Child Nursery and Primary School',
    institutionAddress: '19 Obafemi Awolowo Way, Ikeja, Lagos',
    attendedClasses: 'Primary 6',
    prevEducation: 'First School Leaving Certificate',
    institutionContactName: 'Rev. Sr. Mary Okafor',
    institutionContactPhone: '0805 114 6620',
    day: 9,
    paid: false,
  },
  {
    name: 'Aisha Halima Bello',
    gender: 'female',
    dateOfBirth: '2020-05-21',
    classLevel: 'Nursery 1',
    stateOfOrigin: 'Kwara',
    guardianName: 'Alhaji Musa Bello',
    relationship: 'father',
    guardianEmail: 'musa.bello@example.net',
    guardianPhone: '0809 442 7815',
    guardianAddress: '3 Toyin Street, Ikeja, Lagos',
    institution: 'Little Angels Creche',
    institutionAddress: '25 Isaac John Street, GRA Ikeja, Lagos',
    attendedClasses: 'Creche',
    prevEducation: 'Creche',
    institutionContactName: 'Mrs. Funke Ajayi',
    institutionContactPhone: '0813 660 2291',
    day: 16,
    paid: false,
  },
  {
    name: 'Oluwaseun David Adeleke',
    gender: 'male',
    dateOfBirth: '2008-11-09',
    classLevel: 'SSS 1',
    stateOfOrigin: 'Osun',
    guardianName: 'Mr. Kunle Adeleke',
    relationship: 'uncle',
    guardianEmail: 'kunle.adeleke@example.com',
    guardianPhone: '0802 905 3316',
    guardianAddress: '41 Ogba Road, Ogba, Lagos',
    institution: 'Lagos State Model College, Meiran',
    institutionAddress: 'Meiran Road, Alimosho, Lagos',
    attendedClasses: 'JSS 1 - JSS 3',
    prevEducation: 'Basic Education Certificate (BECE)',
    institutionContactName: 'Mr. Tunde Oyelaran',
    institutionContactPhone: '0708 223 4519',
    day: 24,
    paid: true,
  },
  {
    name: 'Zainab Ifeoma Yusuf',
    gender: 'female',
    dateOfBirth: '2017-01-30',
    classLevel: 'Primary 1',
    stateOfOrigin: 'Kogi',
    guardianName: 'Mrs. Hauwa Yusuf',
    relationship: 'mother',
    guardianEmail: 'hauwa.yusuf@example.org',
    guardianPhone: '0814 778 0342',
    guardianAddress: '8 Oduduwa Crescent, GRA Ikeja, Lagos',
    institution: 'Sunshine Nursery School',
    institutionAddress: '2 Oba Akinjobi Way, Ikeja, Lagos',
    attendedClasses: 'Nursery 1 - Nursery 3',
    prevEducation: 'Nursery',
    institutionContactName: 'Miss Grace Udoh',
    institutionContactPhone: '0816 902 5531',
    day: 31,
    paid: false,
  },
  {
    name: 'Ebere Chinonso Nwachukwu',
    gender: 'male',
    dateOfBirth: '2011-04-17',
    classLevel: 'JSS 2',
    stateOfOrigin: 'Imo',
    guardianName: 'Mrs. Uchenna Nwachukwu',
    relationship: 'aunty',
    guardianEmail: 'uchenna.nwachukwu@example.net',
    guardianPhone: '0703 418 6652',
    guardianAddress: '16 Kudirat Abiola Way, Oregun, Lagos',
    institution: 'Federal Government College, Ijanikin',
    institutionAddress: 'Lagos-Badagry Expressway, Ijanikin, Lagos',
    attendedClasses: 'JSS 1',
    prevEducation: 'First School Leaving Certificate',
    institutionContactName: 'Mr. Emmanuel Okoro',
    institutionContactPhone: '0803 550 1948',
    day: 38,
    paid: false,
  },
];

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Inserts the pending applications; returns their ids, in the order above (the referral credits name some). */
export async function seedApplications(db: DbOrTx, schoolId: string): Promise<string[]> {
  const [school] = await db.select({ code: schools.code }).from(schools).where(eq(schools.id, schoolId));
  const [term] = await db
    .select({ startDate: terms.startDate, endDate: terms.endDate })
    .from(terms)
    .where(and(eq(terms.schoolId, schoolId), eq(terms.isCurrent, true)));
  if (!school || !term) return [];
  const year = Number(term.startDate.slice(0, 4));
  const rows = DEMO_APPLICATIONS.map((a, index) => {
    const day = addDays(term.startDate, a.day) < term.endDate ? addDays(term.startDate, a.day) : term.endDate;
    const at = new Date(`${day}T10:${String(10 + index * 7).padStart(2, '0')}:00Z`);
    const { day: _day, paid, ...ward } = a;
    return {
      ...ward,
      schoolId,
      registrationNo: `${school.code}/${year}/${String(index + 1).padStart(4, '0')}`,
      status: 'Pending',
      paymentStatus: paid ? 'Complete' : 'InComplete',
      phone: a.guardianPhone,
      createdAt: at,
      updatedAt: at,
    };
  });
  const inserted = await db.insert(admissionApplications).values(rows).returning({ id: admissionApplications.id });
  await db
    .insert(admissionCounters)
    .values({ schoolId, year, lastSeq: rows.length })
    .onConflictDoUpdate({ target: [admissionCounters.schoolId, admissionCounters.year], set: { lastSeq: rows.length } });
  return inserted.map((r) => r.id);
}
