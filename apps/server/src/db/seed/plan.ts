/**
 * Builds every row of the demo organisation in memory (no database access), from seeded random
 * generators, so that the same seed always gives the same school. `demo.ts` inserts the rows.
 */
import type { Role } from '@school/shared/auth/roles';
import { DEFAULT_PERMISSION_MATRIX } from '@school/shared/auth/permissions';
import { CLASS_LEVELS, RELATIONSHIPS, SAMPLE_SESSIONS, type ClassLevel, type NigerianState, type Relationship, type StaffType } from '@school/shared/constants';
import { DEFAULT_SECURITY_SETTINGS } from '@school/shared/settings/security-defaults';
import type * as schema from '../schema';
import { dateBetween, sessionStartYear, termDates } from './calendar';
import { MAIN_SCHOOL_SPECIALISTS, SUBJECTS, subjectsFor, teachesIn, type Specialist, type SubjectCode } from './curriculum';
import {
  emailLocalPart,
  lagosAddress,
  phoneNumber,
  pickEthnicity,
  pickFirstName,
  pickMiddleName,
  pickStateOfOrigin,
  pickSurname,
  type Ethnicity,
  type Gender,
} from './names';
import { hashSeed, Random } from './random';
import { planTimetable } from './timetable';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export interface SeedRows {
  organisations: Row<typeof schema.organisations>[];
  permissionMatrices: Row<typeof schema.permissionMatrices>[];
  organisationSettings: Row<typeof schema.organisationSettings>[];
  schools: Row<typeof schema.schools>[];
  users: Row<typeof schema.users>[];
  academicSessions: Row<typeof schema.academicSessions>[];
  terms: Row<typeof schema.terms>[];
  staff: Row<typeof schema.staff>[];
  subjects: Row<typeof schema.subjects>[];
  classes: Row<typeof schema.classes>[];
  classSubjects: Row<typeof schema.classSubjects>[];
  students: Row<typeof schema.students>[];
  guardians: Row<typeof schema.guardians>[];
  studentGuardians: Row<typeof schema.studentGuardians>[];
  enrolments: Row<typeof schema.enrolments>[];
  timetableSlots: Row<typeof schema.timetableSlots>[];
}

export interface DemoAccount {
  role: Role;
  email: string;
  description: string;
}

export const ORGANISATION_NAME = 'Greenfield Educational Services';
export const ACTIVE_SESSION = '2023/24';
export const PREVIOUS_SESSION = '2022/23';
/** 2023/24 starts in September 2023: ages, admission years and employment dates count from it. */
const CURRENT_YEAR = sessionStartYear(ACTIVE_SESSION);

interface PersonName {
  title: string;
  firstName: string;
  lastName: string;
  gender: Gender;
}

interface SchoolConfig {
  code: string;
  name: string;
  address: string;
  city: string;
  state: NigerianState;
  email: string;
  phone: string;
  schoolType: string;
  foundedYear: number;
  /** Levels taught, with their arms and the range of class sizes. */
  levels: Array<{ level: ClassLevel; arms: string[]; size: [number, number] }>;
  /** Sessions that have classes (older sessions keep their calendar, and only the demo family's history classes). */
  classSessions: string[];
  principal?: PersonName;
  admins: Array<{ email?: string; name?: PersonName }>;
  specialists: Specialist[];
  nonAcademic: number;
  gatemen: number;
  /** Whether the demo student, sibling and parent live here. */
  demoFamily: boolean;
}

const ARMS_AB = ['A', 'B'];
const ONE_ARM = ['A'];

const MAIN_SCHOOL: SchoolConfig = {
  code: 'GFA',
  name: 'Greenfield Academy',
  address: '24 Oba Akran Avenue, Ikeja, Lagos',
  city: 'Ikeja',
  state: 'Lagos',
  email: 'info@greenfield.test',
  phone: '0803 421 7765',
  schoolType: 'Secondary',
  foundedYear: 2006,
  levels: CLASS_LEVELS.map((level) => (level.startsWith('Nursery') ? { level, arms: ONE_ARM, size: [7, 9] } : { level, arms: ARMS_AB, size: [10, 13] })),
  classSessions: [PREVIOUS_SESSION, ACTIVE_SESSION],
  principal: { title: 'Mr.', firstName: 'Olusegun', lastName: 'Akinola', gender: 'male' },
  admins: [{ email: 'admin@demo.test', name: { title: 'Mrs.', firstName: 'Bisola', lastName: 'Adewale', gender: 'female' } }, {}],
  specialists: MAIN_SCHOOL_SPECIALISTS,
  nonAcademic: 4,
  gatemen: 2,
  demoFamily: true,
};

const SECOND_SCHOOL: SchoolConfig = {
  code: 'GNP',
  name: 'Greenfield Nursery & Primary, Lekki',
  address: '7 Fola Osibo Road, Lekki Phase 1, Lagos',
  city: 'Lekki',
  state: 'Lagos',
  email: 'lekki@greenfield.test',
  phone: '0812 660 3148',
  schoolType: 'Primary',
  foundedYear: 2019,
  levels: CLASS_LEVELS.filter((l) => !l.startsWith('JSS') && !l.startsWith('SSS')).map((level) => ({
    level,
    arms: ONE_ARM,
    size: level.startsWith('Nursery') ? [3, 4] : [4, 5],
  })),
  classSessions: [PREVIOUS_SESSION, ACTIVE_SESSION],
  admins: [{ email: 'admin2@demo.test' }],
  specialists: [],
  nonAcademic: 0,
  gatemen: 1,
  demoFamily: false,
};

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { role: 'super_admin', email: 'super@demo.test', description: 'Super administrator, owner of Greenfield Educational Services' },
  { role: 'admin', email: 'admin@demo.test', description: 'Administrator of Greenfield Academy' },
  { role: 'teacher', email: 'teacher@demo.test', description: 'Mrs. Funmilayo Adeyemi, class teacher of JSS 1 A, teaches English and Literature' },
  { role: 'student', email: 'student@demo.test', description: 'Chidera Okonkwo, a student in JSS 1 A' },
  { role: 'parent', email: 'parent@demo.test', description: 'Adaeze Okonkwo, mother of Chidera (JSS 1 A) and Ebuka (Primary 4 B)' },
];

/** The second school's administrator (not one of the five headline demo logins). */
export const SECOND_SCHOOL_ADMIN: DemoAccount = {
  role: 'admin',
  email: 'admin2@demo.test',
  description: 'Administrator of Greenfield Nursery & Primary, Lekki',
};

const SUPER_ADMIN_NAME = 'Chief Olumide Bankole';
export const DEMO_TEACHER_EMAIL = 'teacher@demo.test';
const DEMO_STUDENT = { firstName: 'Chidera', middleName: 'Ifunanya', gender: 'female' as Gender, level: 'JSS 1' as ClassLevel, arm: 'A' };
const DEMO_SIBLING = { firstName: 'Ebuka', middleName: 'Chukwuemeka', gender: 'male' as Gender, level: 'Primary 4' as ClassLevel, arm: 'B' };
const DEMO_FAMILY = { surname: 'Okonkwo', ethnicity: 'igbo' as Ethnicity, state: 'Anambra' as NigerianState };
const DEMO_PARENT = { firstName: 'Adaeze', relationship: 'mother' as Relationship };
const DEMO_SECOND_GUARDIAN = { firstName: 'Emeka', relationship: 'father' as Relationship };

/** Shared by both schools: ids, unique emails and the rows built so far. */
class Builder {
  readonly rows: SeedRows = {
    organisations: [],
    permissionMatrices: [],
    organisationSettings: [],
    schools: [],
    users: [],
    academicSessions: [],
    terms: [],
    staff: [],
    subjects: [],
    classes: [],
    classSubjects: [],
    students: [],
    guardians: [],
    studentGuardians: [],
    enrolments: [],
    timetableSlots: [],
  };
  private readonly emails = new Set<string>();
  private readonly ids: Random;

  constructor(
    readonly seed: number,
    readonly passwordHash: string,
  ) {
    this.ids = new Random(hashSeed(`${seed}:ids`));
  }

  id(): string {
    return this.ids.uuid();
  }

  /** `local@domain`, with a number added when taken. */
  uniqueEmail(local: string, domain: string): string {
    let email = `${local}@${domain}`;
    for (let n = 2; this.emails.has(email); n++) email = `${local}${n}@${domain}`;
    this.emails.add(email);
    return email;
  }

  reserveEmail(email: string): string {
    if (this.emails.has(email)) throw new Error(`Seed email used twice: ${email}`);
    this.emails.add(email);
    return email;
  }

  addUser(u: { organisationId: string; schoolId: string | null; email: string; name: string; phone?: string | null; role: Role }): string {
    const id = this.id();
    this.rows.users.push({ id, ...u, phone: u.phone ?? null, passwordHash: this.passwordHash, status: 'active' });
    return id;
  }
}

function displayName(p: PersonName): string {
  return `${p.title} ${p.firstName} ${p.lastName}`;
}

function randomPerson(rng: Random, gender?: Gender, ethnicity?: Ethnicity): PersonName {
  const g = gender ?? (rng.chance(0.55) ? 'female' : 'male');
  const e = ethnicity ?? pickEthnicity(rng);
  const title = g === 'male' ? 'Mr.' : rng.chance(0.7) ? 'Mrs.' : 'Miss';
  return { title, firstName: pickFirstName(rng, e, g, 0.1), lastName: pickSurname(rng, e), gender: g };
}

/** Builds every row of the demo organisation. */
export function planDemo(seed: number, passwordHash: string): SeedRows {
  const b = new Builder(seed, passwordHash);
  const organisationId = b.id();
  b.rows.organisations.push({ id: organisationId, name: ORGANISATION_NAME, status: 'active' });
  b.rows.permissionMatrices.push({ organisationId, matrix: DEFAULT_PERMISSION_MATRIX });
  b.rows.organisationSettings.push({ organisationId, settings: { ...DEFAULT_SECURITY_SETTINGS } });
  b.addUser({
    organisationId,
    schoolId: null,
    email: b.reserveEmail('super@demo.test'),
    name: SUPER_ADMIN_NAME,
    phone: '0802 315 9044',
    role: 'super_admin',
  });
  for (const config of [MAIN_SCHOOL, SECOND_SCHOOL]) planSchool(b, organisationId, config);
  b.rows.timetableSlots = planTimetable({ ...b.rows, keepFree: journeyFreeSlots(b.rows) });
  return b.rows;
}

/** The demo teacher, and JSS 1 A of the main school's active session (see seed/timetable.ts). */
function journeyFreeSlots(rows: SeedRows) {
  const teacherUser = rows.users.find((u) => u.email === DEMO_TEACHER_EMAIL);
  const teacher = rows.staff.find((s) => s.userId === teacherUser?.id);
  const mainSchool = rows.schools.find((s) => s.code === MAIN_SCHOOL.code);
  const active = rows.academicSessions.find((s) => s.schoolId === mainSchool?.id && s.name === ACTIVE_SESSION);
  const jss1a = rows.classes.find((c) => c.academicSessionId === active?.id && c.level === DEMO_STUDENT.level && c.arm === DEMO_STUDENT.arm);
  return { teacherId: teacher?.id ?? null, classId: jss1a?.id ?? null };
}

interface StaffMember {
  id: string;
  person: PersonName;
}

function planSchool(b: Builder, organisationId: string, config: SchoolConfig): void {
  const rng = new Random(hashSeed(`${b.seed}:${config.code}`));
  const schoolId = b.id();
  b.rows.schools.push({
    id: schoolId,
    organisationId,
    name: config.name,
    code: config.code,
    address: config.address,
    city: config.city,
    state: config.state,
    email: config.email,
    phone: config.phone,
    schoolType: config.schoolType,
    status: 'active',
  });

  // ------------------------------------------------------------ calendar
  const sessionIds = new Map<string, string>();
  for (const name of SAMPLE_SESSIONS) {
    const id = b.id();
    sessionIds.set(name, id);
    b.rows.academicSessions.push({ id, schoolId, name, status: name === ACTIVE_SESSION ? 'Active' : 'Inactive' });
    for (const term of termDates(sessionStartYear(name))) {
      b.rows.terms.push({
        id: b.id(),
        schoolId,
        academicSessionId: id,
        name: term.name,
        startDate: term.startDate,
        endDate: term.endDate,
        isCurrent: name === ACTIVE_SESSION && term.name === 'Second',
      });
    }
  }

  // ------------------------------------------------------------ staff
  const addStaff = (type: StaffType, person: PersonName, login: { role: Role; email?: string } | null): StaffMember => {
    const id = b.id();
    const phone = phoneNumber(rng);
    let userId: string | null = null;
    let email: string | null = null;
    if (login) {
      email = login.email ? b.reserveEmail(login.email) : b.uniqueEmail(emailLocalPart(person.firstName, person.lastName), 'greenfield.test');
      userId = b.addUser({ organisationId, schoolId, email, name: displayName(person), phone, role: login.role });
    }
    b.rows.staff.push({
      id,
      schoolId,
      userId,
      staffType: type,
      name: displayName(person),
      email,
      phone,
      gender: person.gender,
      address: lagosAddress(rng),
      employedOn: dateBetween(`${config.foundedYear}-01-05`, `${CURRENT_YEAR - 1}-09-01`, rng.float()),
      status: 'active',
    });
    return { id, person };
  };

  addStaff('Principal', config.principal ?? randomPerson(rng), { role: 'admin' });
  for (const admin of config.admins) addStaff('Admin', admin.name ?? randomPerson(rng), { role: 'admin', email: admin.email });

  // Nursery and primary classes each have a class teacher who teaches most of their subjects.
  const classTeacher = new Map<string, string>();
  const key = (level: ClassLevel, arm: string) => `${level}|${arm}`;
  const generalLevels = config.levels.filter((l) => !l.level.startsWith('JSS') && !l.level.startsWith('SSS'));
  for (const { level, arms } of generalLevels) {
    for (const arm of arms) {
      const person = randomPerson(rng, rng.chance(0.85) ? 'female' : 'male');
      classTeacher.set(key(level, arm), addStaff('Teacher', person, { role: 'teacher' }).id);
    }
  }

  const specialists = config.specialists.map((s) => {
    const person = s.name ?? randomPerson(rng, undefined, s.ethnicity);
    return { spec: s, staff: addStaff('Teacher', person, { role: 'teacher', email: s.demo ? DEMO_TEACHER_EMAIL : undefined }) };
  });

  // Secondary classes take a class teacher among the specialists who teach them (SSS first, the
  // most constrained; the demo teacher has JSS 1 A).
  const secondary = config.levels.filter((l) => l.level.startsWith('JSS') || l.level.startsWith('SSS'));
  const demoSpecialist = specialists.find((s) => s.spec.demo);
  if (demoSpecialist) classTeacher.set(key('JSS 1', 'A'), demoSpecialist.staff.id);
  const taken = new Set(demoSpecialist ? [demoSpecialist.staff.id] : []);
  const ordered = [...secondary].sort((x, y) => Number(y.level.startsWith('SSS')) - Number(x.level.startsWith('SSS')));
  for (const { level, arms } of ordered) {
    for (const arm of arms) {
      if (classTeacher.has(key(level, arm))) continue;
      const teachesHere = (s: (typeof specialists)[number]) => subjectsFor(level, arm).some((code) => teachesIn(s.spec, code, level, arm));
      const choice = specialists.find((s) => !taken.has(s.staff.id) && teachesHere(s)) ?? specialists.find((s) => !taken.has(s.staff.id));
      if (!choice) throw new Error(`No class teacher left for ${level} ${arm}`);
      taken.add(choice.staff.id);
      classTeacher.set(key(level, arm), choice.staff.id);
    }
  }

  for (let i = 0; i < config.nonAcademic; i++) addStaff('Non-academic staff', randomPerson(rng), null);
  for (let i = 0; i < config.gatemen; i++) addStaff('Gateman', randomPerson(rng, 'male'), null);

  // ------------------------------------------------------------ subjects and classes
  const usedCodes = new Set<SubjectCode>(config.levels.flatMap(({ level, arms }) => arms.flatMap((arm) => subjectsFor(level, arm))));
  const subjectIds = new Map<SubjectCode, string>();
  for (const subject of SUBJECTS) {
    if (!usedCodes.has(subject.code)) continue;
    const id = b.id();
    subjectIds.set(subject.code, id);
    b.rows.subjects.push({ id, schoolId, name: subject.name, code: subject.code });
  }

  /** class id by session, level and arm */
  const classIds = new Map<string, string>();
  const classKey = (session: string, level: ClassLevel, arm: string) => `${session}|${level}|${arm}`;
  /** A class of a session with its subjects and their teachers; `newId` gives the ids (the history's own generator). */
  const addClass = (session: string, level: ClassLevel, arm: string, newId: () => string = () => b.id()): string => {
    const academicSessionId = sessionIds.get(session)!;
    const classId = newId();
    classIds.set(classKey(session, level, arm), classId);
    const classTeacherId = classTeacher.get(key(level, arm))!;
    b.rows.classes.push({ id: classId, schoolId, academicSessionId, level, arm, classTeacherId });
    for (const code of subjectsFor(level, arm)) {
      const specialist = specialists.find((s) => teachesIn(s.spec, code, level, arm));
      const isGeneral = !level.startsWith('JSS') && !level.startsWith('SSS');
      if (!specialist && !isGeneral) throw new Error(`No teacher for ${code} in ${level} ${arm}`);
      b.rows.classSubjects.push({
        id: newId(),
        schoolId,
        classId,
        subjectId: subjectIds.get(code)!,
        teacherId: specialist ? specialist.staff.id : classTeacherId,
      });
    }
    return classId;
  };
  for (const session of config.classSessions) {
    for (const { level, arms } of config.levels) {
      for (const arm of arms) addClass(session, level, arm);
    }
  }

  const historyIds = new Random(hashSeed(`${b.seed}:${config.code}:history`));
  planStudents(b, rng, organisationId, schoolId, config, sessionIds, (session, level, arm) => classIds.get(classKey(session, level, arm))!, {
    id: () => historyIds.uuid(),
    classId: (session, level, arm) => classIds.get(classKey(session, level, arm)) ?? addClass(session, level, arm, () => historyIds.uuid()),
  });
}

// -------------------------------------------------------------------------------------------- students

interface Placement {
  level: ClassLevel;
  arm: string;
}

interface StudentSpec {
  /** class in 2023/24; null for last year's leavers */
  current: Placement | null;
  /** class in 2022/23; null for this year's new admissions */
  previous: Placement | null;
  admissionYear: number;
  gender: Gender;
  firstName: string;
  middleName: string | null;
  family: Family | null;
  demo?: 'student' | 'sibling';
}

interface Family {
  ethnicity: Ethnicity;
  surname: string;
  state: NigerianState;
  address: string;
  children: StudentSpec[];
}

const levelIndex = (level: ClassLevel) => CLASS_LEVELS.indexOf(level);
/** Where pupils usually join: a new stage of schooling. */
const ENTRY_LEVELS: ClassLevel[] = ['Nursery 1', 'Primary 1', 'JSS 1', 'SSS 1'];

function planStudents(
  b: Builder,
  rng: Random,
  organisationId: string,
  schoolId: string,
  config: SchoolConfig,
  sessionIds: Map<string, string>,
  classId: (session: string, level: ClassLevel, arm: string) => string,
  /** The older sessions' rows: their own id generator (the other rows keep their ids), and a class made on first use. */
  history: { id: () => string; classId: (session: string, level: ClassLevel, arm: string) => string },
): void {
  const levels = config.levels.map((l) => l.level);
  const lowest = levels[0];
  const top = levels[levels.length - 1];
  const armsOf = new Map(config.levels.map((l) => [l.level, l.arms]));
  const specs: StudentSpec[] = [];
  const blank = (): Omit<StudentSpec, 'current' | 'previous'> => ({
    admissionYear: CURRENT_YEAR,
    gender: rng.chance(0.5) ? 'female' : 'male',
    firstName: '',
    middleName: null,
    family: null,
  });

  // This year's classes: every pupil was in the level below last year, except new admissions
  // (all of Nursery 1, some at the other entry levels, a few elsewhere).
  for (const { level, arms, size } of config.levels) {
    const idx = levels.indexOf(level);
    for (const arm of arms) {
      const count = rng.int(size[0], size[1]);
      for (let i = 0; i < count; i++) {
        const spec: StudentSpec = { ...blank(), current: { level, arm }, previous: null };
        if (config.demoFamily && i === 0) {
          for (const demo of [DEMO_STUDENT, DEMO_SIBLING]) {
            if (demo.level === level && demo.arm === arm) {
              Object.assign(spec, { demo: demo === DEMO_STUDENT ? 'student' : 'sibling', gender: demo.gender });
            }
          }
        }
        const below = levels[idx - 1];
        const belowArms = below ? armsOf.get(below)! : [];
        // Where the level below has fewer arms (Nursery 3 → Primary 1), many join from other schools.
        const newChance = level === lowest ? 1 : Math.max(ENTRY_LEVELS.includes(level) ? 0.15 : 0.04, 1 - (0.85 * belowArms.length) / arms.length);
        if (!spec.demo && rng.chance(newChance)) {
          specs.push(spec);
          continue;
        }
        spec.previous = { level: below, arm: belowArms.includes(arm) && rng.chance(0.8) ? arm : rng.pick(belowArms) };
        specs.push(spec);
      }
    }
  }
  // Last year's top classes, who have left (graduated) since.
  for (const arm of armsOf.get(top)!) {
    const [min, max] = config.levels[levels.length - 1].size;
    const count = rng.int(min, max);
    for (let i = 0; i < count; i++) specs.push({ ...blank(), current: null, previous: { level: top, arm } });
  }

  // Admission year: the year they joined at an entry level (or transferred in), not before the
  // school opened.
  for (const spec of specs) {
    if (!spec.previous) continue;
    const now = spec.current ? levelIndex(spec.current.level) : levelIndex(top) + 1;
    const entries = ENTRY_LEVELS.map(levelIndex).filter((e) => e >= levelIndex(lowest) && e < now);
    const latest = Math.max(...entries);
    let entry: number;
    const roll = rng.float();
    if (roll < 0.65) entry = latest;
    else if (roll < 0.85) entry = rng.pick(entries);
    else entry = rng.int(levelIndex(lowest), now - 1);
    spec.admissionYear = Math.max(config.foundedYear, CURRENT_YEAR - (now - entry));
  }

  // Families: most pupils are the only child at the school; about 15% share a guardian with a
  // brother or sister in another level.
  const families: Family[] = [];
  const newFamily = (ethnicity: Ethnicity): Family => {
    const family: Family = {
      ethnicity,
      surname: pickSurname(rng, ethnicity),
      state: pickStateOfOrigin(rng, ethnicity),
      address: lagosAddress(rng),
      children: [],
    };
    families.push(family);
    return family;
  };
  const join = (family: Family, spec: StudentSpec) => {
    spec.family = family;
    family.children.push(spec);
  };
  const levelOf = (s: StudentSpec) => (s.current ? levelIndex(s.current.level) : levelIndex(top) + 1);

  if (config.demoFamily) {
    const family: Family = { ...DEMO_FAMILY, address: lagosAddress(rng), children: [] };
    families.push(family);
    for (const spec of specs.filter((s) => s.demo)) {
      join(family, spec);
      const demo = spec.demo === 'student' ? DEMO_STUDENT : DEMO_SIBLING;
      spec.firstName = demo.firstName;
      spec.middleName = demo.middleName;
    }
  }
  const order = rng.shuffle(specs.filter((s) => !s.demo));
  for (const spec of order) {
    if (spec.family) continue;
    const family = newFamily(pickEthnicity(rng));
    join(family, spec);
    if (!rng.chance(0.075)) continue;
    const wanted = rng.chance(0.15) ? 2 : 1;
    for (let tries = 0; tries < 40 && family.children.length <= wanted; tries++) {
      const candidate = rng.pick(order);
      if (candidate.family) continue;
      if (family.children.some((c) => Math.abs(levelOf(c) - levelOf(candidate)) < 1)) continue;
      join(family, candidate);
    }
  }

  // Names: siblings share the family name and never a first name.
  for (const family of families) {
    for (const child of family.children) {
      if (child.demo) continue;
      do {
        child.firstName = pickFirstName(rng, family.ethnicity, child.gender, 0.2);
      } while (family.children.some((c) => c !== child && c.firstName === child.firstName));
      child.middleName = rng.chance(0.55) ? pickMiddleName(rng, family.ethnicity, child.gender, child.firstName) : null;
    }
  }

  // Registration numbers: <code>/<admission year>/<sequence within the year>, in admission order.
  const withIndex = specs.map((spec, i) => ({ spec, i }));
  withIndex.sort(
    (x, y) =>
      x.spec.admissionYear - y.spec.admissionYear ||
      levelOf(x.spec) - levelOf(y.spec) ||
      x.spec.family!.surname.localeCompare(y.spec.family!.surname) ||
      x.spec.firstName.localeCompare(y.spec.firstName) ||
      x.i - y.i,
  );
  const sequence = new Map<number, number>();
  const studentIds = new Map<StudentSpec, string>();
  const current = sessionIds.get(ACTIVE_SESSION)!;
  const previous = sessionIds.get(PREVIOUS_SESSION)!;
  for (const { spec } of withIndex) {
    const seq = (sequence.get(spec.admissionYear) ?? 0) + 1;
    sequence.set(spec.admissionYear, seq);
    const family = spec.family!;
    const id = b.id();
    studentIds.set(spec, id);
    // Nursery 1 pupils are about three in September 2023, SSS 3 students about seventeen.
    const age = 3 + levelOf(spec);
    const born = CURRENT_YEAR - age;
    const dateOfBirth = dateBetween(`${born - 1}-09-01`, `${born}-08-31`, rng.float());
    let userId: string | null = null;
    if (spec.demo === 'student') {
      userId = b.addUser({
        organisationId,
        schoolId,
        email: b.reserveEmail('student@demo.test'),
        name: `${spec.firstName} ${family.surname}`,
        role: 'student',
      });
    }
    b.rows.students.push({
      id,
      schoolId,
      userId,
      registrationNo: `${config.code}/${spec.admissionYear}/${String(seq).padStart(4, '0')}`,
      firstName: spec.firstName,
      lastName: family.surname,
      middleName: spec.middleName,
      gender: spec.gender,
      dateOfBirth,
      stateOfOrigin: family.state,
      address: family.address,
      status: spec.current ? 'active' : 'graduated',
      admittedOn: dateBetween(`${spec.admissionYear}-09-01`, `${spec.admissionYear}-09-15`, rng.float()),
    });
    if (spec.current) {
      b.rows.enrolments.push({
        id: b.id(),
        schoolId,
        academicSessionId: current,
        classId: classId(ACTIVE_SESSION, spec.current.level, spec.current.arm),
        studentId: id,
      });
    }
    if (spec.previous) {
      b.rows.enrolments.push({
        id: b.id(),
        schoolId,
        academicSessionId: previous,
        classId: classId(PREVIOUS_SESSION, spec.previous.level, spec.previous.arm),
        studentId: id,
      });
    }
  }

  // The demo family's history: the classes of the demo children and their 2022/23 classmates in the
  // older sessions (one level lower each year back, from the year they were admitted), so that their
  // results go back five sessions. Only these classes exist in the older sessions: not a whole school.
  const olderSessions = SAMPLE_SESSIONS.filter((name) => sessionStartYear(name) < sessionStartYear(PREVIOUS_SESSION));
  for (const demo of specs.filter((s) => s.demo && s.previous)) {
    const cohort = specs.filter((s) => s.previous?.level === demo.previous!.level && s.previous.arm === demo.previous!.arm);
    for (const session of olderSessions) {
      const back = sessionStartYear(PREVIOUS_SESSION) - sessionStartYear(session);
      const level = levels[levels.indexOf(demo.previous!.level) - back];
      if (!level) continue;
      const arms = armsOf.get(level)!;
      const arm = arms.includes(demo.previous!.arm) ? demo.previous!.arm : arms[0];
      const pupils = cohort.filter((s) => s.admissionYear <= sessionStartYear(session));
      if (pupils.length === 0) continue;
      const academicSessionId = sessionIds.get(session)!;
      const historyClass = history.classId(session, level, arm);
      for (const pupil of pupils) {
        b.rows.enrolments.push({ id: history.id(), schoolId, academicSessionId, classId: historyClass, studentId: studentIds.get(pupil)! });
      }
    }
  }

  // Guardians: usually a parent, sometimes an uncle, aunty or older brother or sister; a quarter of
  // the families give both parents.
  const relationshipWeights: Record<Relationship, number> = { father: 44, mother: 40, uncle: 6, aunty: 6, brother: 2, sister: 2 };
  const male = new Set<Relationship>(['father', 'uncle', 'brother']);
  for (const family of families) {
    const guardians: Array<{ relationship: Relationship; firstName: string; lastName: string; userEmail?: string }> = [];
    const isDemo = family.children.some((c) => c.demo);
    if (isDemo) {
      guardians.push({ ...DEMO_PARENT, lastName: family.surname, userEmail: 'parent@demo.test' });
      guardians.push({ ...DEMO_SECOND_GUARDIAN, lastName: family.surname });
    } else {
      const relationship = rng.weighted(relationshipWeights);
      const gender: Gender = male.has(relationship) ? 'male' : 'female';
      const otherSurname = (relationship === 'uncle' || relationship === 'aunty') && rng.chance(0.5);
      guardians.push({
        relationship,
        firstName: pickFirstName(rng, family.ethnicity, gender, 0.1),
        lastName: otherSurname ? pickSurname(rng, family.ethnicity) : family.surname,
      });
      if ((relationship === 'father' || relationship === 'mother') && rng.chance(0.25)) {
        const spouse: Relationship = relationship === 'father' ? 'mother' : 'father';
        guardians.push({
          relationship: spouse,
          firstName: pickFirstName(rng, family.ethnicity, spouse === 'father' ? 'male' : 'female', 0.1),
          lastName: family.surname,
        });
      }
    }
    guardians.forEach((g, position) => {
      if (!RELATIONSHIPS.includes(g.relationship)) throw new Error(`Unknown relationship ${g.relationship}`);
      const id = b.id();
      const name = `${g.firstName} ${g.lastName}`;
      const email = g.userEmail
        ? b.reserveEmail(g.userEmail)
        : b.uniqueEmail(emailLocalPart(g.firstName, g.lastName), rng.pick(['example.com', 'example.org', 'example.net']));
      const phone = phoneNumber(rng);
      const userId = g.userEmail ? b.addUser({ organisationId, schoolId, email, name, phone, role: 'parent' }) : null;
      b.rows.guardians.push({ id, schoolId, userId, name, relationship: g.relationship, email, phone, address: family.address });
      for (const child of family.children) {
        b.rows.studentGuardians.push({ schoolId, studentId: studentIds.get(child)!, guardianId: id, isPrimary: position === 0 });
      }
    });
  }
}
