/**
 * Reports (DESIGN.md section 7, docs/decisions/0019). An administrator sees their own school; the
 * super administrator any school of the organisation (`schoolId`) and the organisation's schools
 * side by side. Fees use finance's formula (its feesSummary) in the reports' own GROUP BY queries
 * (faster on a large school, and one query for every school); attendance's per-class rates and
 * results' computed term results come from their modules.
 */
import { attendanceRate } from '@school/shared/attendance/schemas';
import { CLASS_LEVEL_GROUPS, CLASS_LEVELS, STAFF_TYPES, TERMS, type ClassLevelGroup, type Term } from '@school/shared/constants';
import type {
  AcademicReport,
  FinancialReport,
  OrganisationFinancialReport,
  OrganisationReportOptions,
  OrganisationStaffReport,
  OrganisationStudentReport,
  OrganisationUsersReport,
  StaffReport,
  StudentReport,
} from '@school/shared/reports/responses';
import {
  CHOOSE_A_SCHOOL,
  LEVEL_GROUPS,
  type OrganisationReportQuery,
  type SchoolReportQuery,
  type SchoolTermReportQuery,
} from '@school/shared/reports/schemas';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../lib/http-errors';
import { organisationCached, schoolCached } from '../../lib/school-cache';
import { isOwner } from '../../policies/actors';
import type { RequestContext } from '../../policies/context';
import { classRates } from '../attendance/attendance.api';
import { computeSchoolTermResults } from '../results/results.service';
import * as repo from './reports.repository';

export const SCHOOL_NOT_FOUND = 'School not found';
export const SESSION_NOT_FOUND = 'Session not found';
export const TERM_NOT_FOUND = 'Term not found';

const levelRank = (level: string) => {
  const index = (CLASS_LEVELS as readonly string[]).indexOf(level);
  return index < 0 ? CLASS_LEVELS.length : index;
};
export const className = (c: { level: string; arm: string }) => `${c.level} ${c.arm}`;
function byClass<T extends { level: string; arm: string }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => levelRank(a.level) - levelRank(b.level) || a.arm.localeCompare(b.arm, 'en', { numeric: true }));
}
const groupOf = (level: string | null): ClassLevelGroup | null =>
  level ? (LEVEL_GROUPS.find((g) => (CLASS_LEVEL_GROUPS[g] as readonly string[]).includes(level)) ?? null) : null;

// ---------------------------------------------------------------- scope

interface SchoolScope {
  school: { id: string; name: string };
  session: { id: string; name: string } | null;
}

/** The school a school report is about and the session it looks at. */
async function schoolScope(app: FastifyInstance, ctx: RequestContext, query: SchoolReportQuery): Promise<SchoolScope> {
  const user = ctx.user;
  let schoolId: string;
  if (isOwner(ctx)) {
    if (!query.schoolId) throw badRequest(CHOOSE_A_SCHOOL, { schoolId: CHOOSE_A_SCHOOL });
    schoolId = query.schoolId;
  } else {
    if (!user.schoolId || (query.schoolId && query.schoolId !== user.schoolId)) throw notFound(SCHOOL_NOT_FOUND);
    schoolId = user.schoolId;
  }
  const school = await repo.findSchool(app.db, user.organisationId, schoolId);
  if (!school) throw notFound(SCHOOL_NOT_FOUND);

  let session: SchoolScope['session'];
  if (query.sessionId) {
    session = await repo.findSession(app.db, school.id, query.sessionId);
    if (!session) throw notFound(SESSION_NOT_FOUND);
  } else if (isOwner(ctx)) {
    session = await repo.activeSession(app.db, school.id);
  } else {
    const resolved = await ctx.academicSession();
    session = resolved ? { id: resolved.id, name: resolved.name } : null;
  }
  return { school, session };
}

/** The session's terms and the one asked for (else the current one, else the latest started, else the first). */
async function termScope(app: FastifyInstance, scope: SchoolScope, termId: string | undefined) {
  const terms = scope.session ? await repo.termsOfSession(app.db, scope.school.id, scope.session.id) : [];
  let term: repo.TermRow | null = null;
  if (termId) {
    term = terms.find((t) => t.id === termId) ?? null;
    if (!term) throw notFound(TERM_NOT_FOUND);
  } else {
    const today = new Date().toISOString().slice(0, 10);
    term = terms.find((t) => t.isCurrent) ?? [...terms].reverse().find((t) => t.startDate <= today) ?? terms[0] ?? null;
  }
  const ref = (t: repo.TermRow) => ({ id: t.id, name: t.name, isCurrent: t.isCurrent });
  return { terms: terms.map(ref), term: term ? ref(term) : null };
}

// ---------------------------------------------------------------- school reports

/** A school report, cached under the school's version for its session and the query. */
function cachedSchoolReport<T>(app: FastifyInstance, ctx: RequestContext, scope: SchoolScope, name: string, query: unknown, compute: () => Promise<T>) {
  return schoolCached(app, ctx, scope.school.id, `reports.${name}`, { sessionId: scope.session?.id ?? null, query }, compute);
}

export async function studentReport(app: FastifyInstance, ctx: RequestContext, query: SchoolReportQuery): Promise<StudentReport> {
  const scope = await schoolScope(app, ctx, query);
  return cachedSchoolReport(app, ctx, scope, 'students', query, async () => {
    if (!scope.session) {
      return { ...scope, classes: [], totals: { male: 0, female: 0, total: 0 }, newAdmissions: 0, statuses: { active: 0, graduated: 0, withdrawn: 0 } };
    }
    const [classes, figures] = await Promise.all([
      repo.studentsByClass(app.db, scope.school.id, scope.session.id),
      repo.studentStatuses(app.db, scope.school.id, scope.session.id),
    ]);
    const sum = (k: 'male' | 'female' | 'total') => classes.reduce((a, c) => a + c[k], 0);
    return {
      ...scope,
      classes: byClass(classes).map((c) => ({ classId: c.classId, className: className(c), level: c.level, male: c.male, female: c.female, total: c.total })),
      totals: { male: sum('male'), female: sum('female'), total: sum('total') },
      ...figures,
    };
  });
}

export async function staffReport(app: FastifyInstance, ctx: RequestContext, query: SchoolReportQuery): Promise<StaffReport> {
  const scope = await schoolScope(app, ctx, query);
  return cachedSchoolReport(app, ctx, scope, 'staff', query, async () => {
    const [types, teachers] = await Promise.all([
      repo.staffByType(app.db, scope.school.id),
      scope.session ? repo.teacherLoads(app.db, scope.school.id, scope.session.id) : Promise.resolve([]),
    ]);
    const rank = (t: string) => {
      const i = (STAFF_TYPES as readonly string[]).indexOf(t);
      return i < 0 ? STAFF_TYPES.length : i;
    };
    const rows = types
      .sort((a, b) => rank(a.staffType) - rank(b.staffType) || a.staffType.localeCompare(b.staffType))
      .map((t) => ({ ...t, total: t.active + t.inactive }));
    const sum = (k: 'active' | 'inactive' | 'total') => rows.reduce((a, c) => a + c[k], 0);
    return {
      ...scope,
      types: rows,
      totals: { active: sum('active'), inactive: sum('inactive'), total: sum('total') },
      teachers: teachers.map((t) => ({ ...t, classTeacherOf: byClass(t.classTeacherOf).map(className) })),
    };
  });
}

export async function financialReport(app: FastifyInstance, ctx: RequestContext, query: SchoolTermReportQuery): Promise<FinancialReport> {
  const scope = await schoolScope(app, ctx, query);
  return cachedSchoolReport(app, ctx, scope, 'financial', query, async () => {
    const terms = await termScope(app, scope, query.termId);
    const empty = { invoices: 0, expectedKobo: 0, collectedKobo: 0, outstandingKobo: 0 };
    if (!terms.term) return { ...scope, ...terms, classes: [], totals: empty };
    const classes = byClass(await repo.schoolFees(app.db, scope.school.id, terms.term.id)).map((c) => ({
      classId: c.classId,
      className: className(c),
      invoices: c.invoices,
      expectedKobo: c.expectedKobo,
      collectedKobo: c.collectedKobo,
      outstandingKobo: c.outstandingKobo,
    }));
    const sum = (k: 'invoices' | 'expectedKobo' | 'collectedKobo' | 'outstandingKobo') => classes.reduce((a, c) => a + c[k], 0);
    return {
      ...scope,
      ...terms,
      classes,
      totals: { invoices: sum('invoices'), expectedKobo: sum('expectedKobo'), collectedKobo: sum('collectedKobo'), outstandingKobo: sum('outstandingKobo') },
    };
  });
}

export async function academicReport(app: FastifyInstance, ctx: RequestContext, query: SchoolTermReportQuery): Promise<AcademicReport> {
  const scope = await schoolScope(app, ctx, query);
  return cachedSchoolReport(app, ctx, scope, 'academic', query, async () => {
    const terms = await termScope(app, scope, query.termId);
    const overallEmpty = { students: 0, registers: 0, attendanceRate: null, average: null };
    if (!terms.term || !scope.session) return { ...scope, ...terms, classes: [], overall: overallEmpty };
    const [classes, rates, results] = await Promise.all([
      repo.studentsByClass(app.db, scope.school.id, scope.session.id),
      classRates(app.db, scope.school.id, terms.term.id, null),
      computeSchoolTermResults(app.db, { schoolId: scope.school.id, termId: terms.term.id }),
    ]);
    const rateOf = new Map(rates.map((r) => [r.class_id, r]));
    const resultOf = new Map(results.map((r) => [r.classId, r]));
    const counts = { present: 0, absent: 0, late: 0, excused: 0 };
    let registers = 0;
    const averages: number[] = [];
    const rows = byClass(classes).map((c) => {
      const rate = rateOf.get(c.classId);
      const result = resultOf.get(c.classId);
      const classCounts = { present: num(rate?.present), absent: num(rate?.absent), late: num(rate?.late), excused: num(rate?.excused) };
      for (const k of Object.keys(counts) as Array<keyof typeof counts>) counts[k] += classCounts[k];
      registers += num(rate?.registers);
      for (const s of result?.students ?? []) if (s.average !== null) averages.push(s.average);
      return {
        classId: c.classId,
        className: className(c),
        students: c.total,
        registers: num(rate?.registers),
        attendanceRate: attendanceRate(classCounts),
        classAverage: result?.classAverage ?? null,
        published: result?.published ?? false,
      };
    });
    return {
      ...scope,
      ...terms,
      classes: rows,
      overall: {
        students: rows.reduce((a, c) => a + c.students, 0),
        registers,
        attendanceRate: attendanceRate(counts),
        average: averages.length ? Math.round((averages.reduce((a, v) => a + v, 0) / averages.length) * 100) / 100 : null,
      },
    };
  });
}

const num = (v: unknown) => Number(v ?? 0);

// ---------------------------------------------------------------- organisation reports

export async function organisationOptions(app: FastifyInstance, ctx: RequestContext): Promise<OrganisationReportOptions> {
  const scope = await organisationScope(app, ctx, undefined);
  const [schools, sessions] = await Promise.all([
    repo.organisationSchools(app.db, scope.organisationId, scope.schoolId),
    repo.organisationSessions(app.db, scope.organisationId, scope.schoolId),
  ]);
  const sessionNames = sessions.map((s) => s.name).sort((a, b) => b.localeCompare(a));
  const mostActive = [...sessions].sort((a, b) => b.active - a.active || b.name.localeCompare(a.name))[0];
  const defaultSessionName = mostActive && mostActive.active > 0 ? mostActive.name : (sessionNames[0] ?? null);
  const termCounts = new Map<string, number>();
  for (const t of sessions.find((s) => s.name === defaultSessionName)?.currentTerms ?? []) termCounts.set(t, (termCounts.get(t) ?? 0) + 1);
  const defaultTerm = ([...termCounts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? (defaultSessionName ? 'First' : null)) as Term | null;
  return { schools, sessionNames, defaultSessionName, defaultTerm: defaultTerm && (TERMS as readonly string[]).includes(defaultTerm) ? defaultTerm : null };
}

/**
 * The schools an organisation report covers: the super administrator's organisation, or one of its
 * schools (`schoolId`; 404 for a school of another organisation). Anyone else with the reports grant
 * (an administrator) reaches only their own school, as everywhere in the organisation area (ADR 0007).
 */
async function organisationScope(app: FastifyInstance, ctx: RequestContext, schoolId: string | undefined) {
  const user = ctx.user;
  if (!isOwner(ctx)) {
    if (!user.schoolId || (schoolId && schoolId !== user.schoolId)) throw notFound(SCHOOL_NOT_FOUND);
    return { organisationId: user.organisationId, schoolId: user.schoolId };
  }
  if (!schoolId) return { organisationId: user.organisationId, schoolId: undefined };
  const school = await repo.findSchool(app.db, user.organisationId, schoolId);
  if (!school) throw notFound(SCHOOL_NOT_FOUND);
  return { organisationId: user.organisationId, schoolId: school.id };
}

async function sessionAndTerm(app: FastifyInstance, ctx: RequestContext, query: OrganisationReportQuery) {
  if (query.sessionName && query.term) return { sessionName: query.sessionName, term: query.term as Term };
  const options = await organisationOptions(app, ctx);
  return { sessionName: query.sessionName ?? options.defaultSessionName, term: (query.term as Term | undefined) ?? options.defaultTerm };
}

const zeroGroups = () => Object.fromEntries(LEVEL_GROUPS.map((g) => [g, { male: 0, female: 0, total: 0 }])) as OrganisationStudentReport['totals']['groups'];

export async function organisationStudentReport(app: FastifyInstance, ctx: RequestContext, query: OrganisationReportQuery): Promise<OrganisationStudentReport> {
  const { organisationId, schoolId } = await organisationScope(app, ctx, query.schoolId);
  return organisationCached(app, organisationId, 'reports.org-students', { schoolId: schoolId ?? null, query }, async () => {
    const { sessionName } = await sessionAndTerm(app, ctx, { ...query, term: query.term ?? 'First' });
    const rows = sessionName ? await repo.organisationStudents(app.db, organisationId, sessionName, schoolId) : [];
    const schools = new Map<string, OrganisationStudentReport['schools'][number]>();
    const totals = { groups: zeroGroups(), male: 0, female: 0, total: 0 };
    const add = (target: { male: number; female: number; total: number }, gender: string | null, n: number) => {
      if (gender === 'male') target.male += n;
      if (gender === 'female') target.female += n;
      target.total += n;
    };
    for (const r of rows) {
      const school = schools.get(r.school_id) ?? {
        schoolId: r.school_id,
        schoolName: r.school_name,
        hasSession: r.has_session,
        groups: zeroGroups(),
        male: 0,
        female: 0,
        total: 0,
      };
      schools.set(r.school_id, school);
      if (r.n === 0) continue;
      const group = groupOf(r.level);
      add(school, r.gender, r.n);
      add(totals, r.gender, r.n);
      if (group) {
        add(school.groups[group], r.gender, r.n);
        add(totals.groups[group], r.gender, r.n);
      }
    }
    if (!sessionName) {
      for (const s of await repo.organisationSchools(app.db, organisationId, schoolId)) {
        schools.set(s.id, { schoolId: s.id, schoolName: s.name, hasSession: false, groups: zeroGroups(), male: 0, female: 0, total: 0 });
      }
    }
    return { sessionName, schools: [...schools.values()], totals };
  });
}

const zeroTypes = () => Object.fromEntries(STAFF_TYPES.map((t) => [t, 0])) as OrganisationStaffReport['totals']['byType'];

export async function organisationStaffReport(app: FastifyInstance, ctx: RequestContext, query: OrganisationReportQuery): Promise<OrganisationStaffReport> {
  const { organisationId, schoolId } = await organisationScope(app, ctx, query.schoolId);
  const rows = await repo.organisationStaff(app.db, organisationId, schoolId);
  const schools = new Map<string, OrganisationStaffReport['schools'][number]>();
  const totals = { byType: zeroTypes(), active: 0, inactive: 0, total: 0 };
  for (const r of rows) {
    const school = schools.get(r.school_id) ?? { schoolId: r.school_id, schoolName: r.school_name, byType: zeroTypes(), active: 0, inactive: 0, total: 0 };
    schools.set(r.school_id, school);
    if (!r.staff_type) continue;
    const type = r.staff_type as keyof typeof school.byType;
    if (type in school.byType) {
      school.byType[type] += r.active;
      totals.byType[type] += r.active;
    }
    for (const target of [school, totals]) {
      target.active += r.active;
      target.inactive += r.inactive;
      target.total += r.active + r.inactive;
    }
  }
  return { schools: [...schools.values()], totals };
}

const zeroRoles = (): OrganisationUsersReport['totals']['byRole'] => ({ admin: 0, teacher: 0, student: 0, parent: 0 });
const zeroUsers = () => ({ active: 0, invited: 0, disabled: 0, total: 0 });

export async function organisationUsersReport(app: FastifyInstance, ctx: RequestContext, query: OrganisationReportQuery): Promise<OrganisationUsersReport> {
  const { organisationId, schoolId } = await organisationScope(app, ctx, query.schoolId);
  const rows = await repo.organisationUsers(app.db, organisationId, schoolId);
  const owners = zeroUsers();
  const schools = new Map<string, OrganisationUsersReport['schools'][number]>();
  const totals = { byRole: zeroRoles(), ...zeroUsers() };
  const count = (target: { active: number; invited: number; disabled: number; total: number }, status: string, n: number) => {
    if (status === 'active' || status === 'invited' || status === 'disabled') target[status] += n;
    target.total += n;
  };
  for (const r of rows) {
    if (r.school_id === null) {
      if (r.status) count(owners, r.status, r.n);
      continue;
    }
    const school = schools.get(r.school_id) ?? { schoolId: r.school_id, schoolName: r.school_name ?? '', byRole: zeroRoles(), ...zeroUsers() };
    schools.set(r.school_id, school);
    if (!r.role || !r.status) continue; // a school without accounts
    // a tally per stored role (admin, teacher, student, parent), not a check of the caller
    const tally = r.role as keyof typeof totals.byRole;
    if (Object.hasOwn(totals.byRole, tally)) {
      school.byRole[tally] += r.n;
      totals.byRole[tally] += r.n;
    }
    count(school, r.status, r.n);
    count(totals, r.status, r.n);
  }
  return { owners, schools: [...schools.values()], totals };
}

export async function organisationFinancialReport(
  app: FastifyInstance,
  ctx: RequestContext,
  query: OrganisationReportQuery,
): Promise<OrganisationFinancialReport> {
  const { organisationId, schoolId } = await organisationScope(app, ctx, query.schoolId);
  return organisationCached(app, organisationId, 'reports.org-financial', { schoolId: schoolId ?? null, query }, async () => {
    const { sessionName, term } = await sessionAndTerm(app, ctx, query);
    const schools =
      sessionName && term
        ? await repo.organisationFees(app.db, organisationId, sessionName, term, schoolId)
        : (await repo.organisationSchools(app.db, organisationId, schoolId)).map((s) => ({
            schoolId: s.id,
            schoolName: s.name,
            hasTerm: false,
            invoices: 0,
            expectedKobo: 0,
            collectedKobo: 0,
            outstandingKobo: 0,
          }));
    const sum = (k: 'invoices' | 'expectedKobo' | 'collectedKobo' | 'outstandingKobo') => schools.reduce((a, s) => a + s[k], 0);
    return {
      sessionName,
      term,
      schools,
      totals: { invoices: sum('invoices'), expectedKobo: sum('expectedKobo'), collectedKobo: sum('collectedKobo'), outstandingKobo: sum('outstandingKobo') },
    };
  });
}
