/**
 * Subject teachers from a spreadsheet (CSV or .xlsx): one row per class and subject, naming its
 * teacher, so that a school does not pick 240 teachers one at a time. Every row is checked against
 * the request's session before anything is written; a row whose subject the class does not take yet
 * adds the subject to the class (the report says so), and a row with no teacher is skipped. All rows
 * are written in one transaction, each change audited as the one-at-a-time change is. The session's
 * template lists every class's subjects with their teachers now, so a school edits a file instead of
 * typing every class and subject.
 */
import { IMPORT_MAX_ROWS, type ImportMode } from '@school/shared/admissions/schemas';
import { className } from '@school/shared/academics/schemas';
import {
  SUBJECT_TEACHER_IMPORT_COLUMNS,
  type SubjectTeacherImportReport,
  type SubjectTeacherImportRow,
  type SubjectTeacherOutcome,
} from '@school/shared/academics/subject-teachers-import';
import { CLASS_LEVELS, sortByClass } from '@school/shared/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../lib/audit';
import { csvCell } from '../../lib/csv';
import { CSV_TYPE, type DownloadFile } from '../../lib/downloads';
import {
  CHOOSE_CSV_OR_XLSX,
  importFileError,
  importKey,
  importRecords,
  type ImportFile,
  type ImportOutcome,
  planImport,
  readImportForm,
} from '../../lib/imports';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { isUniqueViolation, pgMessage } from '../../lib/pg-errors';
import type { RequestContext } from '../../policies/context';
import { actorOf, auditBase, NO_SESSION, sessionOf } from './academics.common';
import * as repo from './academics.repository';

/** The import request: as every import's, the file required (here a CSV file or an Excel workbook). */
export async function readSubjectTeacherImportForm(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; file: ImportFile }> {
  const { fields, file } = await readImportForm(request);
  if (!file) throw importFileError(CHOOSE_CSV_OR_XLSX);
  return { fields, file };
}

const COLUMNS = SUBJECT_TEACHER_IMPORT_COLUMNS.map((c) => c.toLowerCase());

/** The header's columns by position, or a 400 naming the missing ones. */
function readHeader(fields: string[]): Map<string, number> {
  const positions = new Map<string, number>();
  fields.forEach((field, index) => {
    const column = field.trim().toLowerCase().replace(/\s+/g, '_');
    if (!positions.has(column)) positions.set(column, index);
  });
  const missing = SUBJECT_TEACHER_IMPORT_COLUMNS.filter((c) => !positions.has(c.toLowerCase()));
  if (missing.length === COLUMNS.length) throw importFileError(`The first row must be the header: ${SUBJECT_TEACHER_IMPORT_COLUMNS.join(', ')}`);
  if (missing.length) throw importFileError(`The header has no column ${missing.join(', ')}`);
  return positions;
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** A person's name as one key: 'Mrs. Funmi  Adeyemi' and 'mrs funmi adeyemi' are the same. */
const personKey = (value: string) => value.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

const LEVEL_BY_KEY = new Map<string, string>(CLASS_LEVELS.map((level) => [importKey(level), level]));

type Found<T> = { found: T; error?: undefined } | { found?: undefined; error: string };
type StaffMember = Awaited<ReturnType<typeof repo.listStaffMembers>>[number];

interface CheckedRow {
  report: SubjectTeacherImportRow;
  write?: {
    classId: string;
    subjectId: string;
    teacherId: string;
    /** The class subject that is there already (changed or unchanged rows). */
    classSubjectId: string | null;
    previousTeacherId: string | null;
    outcome: SubjectTeacherOutcome;
  };
}

/** The session's classes, the school's subjects and staff, and who teaches what now, with the row checks that use them. */
async function loadMatchers(app: FastifyInstance, schoolId: string, session: { id: string; name: string }) {
  const [classes, subjects, people, taught] = await Promise.all([
    repo.listClasses(app.db, schoolId, session.id),
    repo.listSubjects(app.db, schoolId),
    repo.listStaffMembers(app.db, schoolId),
    repo.listClassSubjects(app.db, schoolId, { academicSessionId: session.id }),
  ]);
  const classesByKey = groupBy(classes, (c) => importKey(className(c.level, c.arm)));
  const subjectsByName = groupBy(subjects, (s) => importKey(s.name));
  const subjectsByCode = groupBy(subjects, (s) => s.code.trim().toLowerCase());
  const staffByEmail = groupBy(
    people.filter((p) => p.email),
    (p) => p.email!.trim().toLowerCase(),
  );
  const staffByName = groupBy(people, (p) => personKey(p.name));
  const current = new Map(taught.map((t) => [`${t.classId}:${t.subjectId}`, t]));

  const findClass = (value: string): Found<(typeof classes)[number]> => {
    if (!value) return { error: 'Write the class, e.g. JSS 1 A' };
    const matches = classesByKey.get(importKey(value)) ?? [];
    // 'JSS 1 A' and 'JSS1 A' read as one key; the name exactly as the class list shows it settles a tie
    const exact = matches.filter((c) => className(c.level, c.arm).toLowerCase() === value.replace(/\s+/g, ' ').toLowerCase());
    if (matches.length === 1 || exact.length === 1) return { found: exact[0] ?? matches[0] };
    if (matches.length > 1)
      return { error: `“${value}” could be ${matches.map((c) => className(c.level, c.arm)).join(' or ')}; write it as the class list shows it` };
    const level = LEVEL_BY_KEY.get(importKey(value));
    if (level) {
      const arm = classes.find((c) => c.level === level)?.arm ?? 'A';
      return { error: `“${value}” is a level; write the class with its arm, e.g. ${className(level, arm)}` };
    }
    return { error: `There is no class “${value}” in ${session.name}` };
  };

  const findSubject = (value: string): Found<(typeof subjects)[number]> => {
    if (!value) return { error: 'Write the subject’s name or code' };
    const named = subjectsByName.get(importKey(value)) ?? [];
    if (named.length === 1) return { found: named[0] };
    if (named.length > 1) return { error: `Several subjects are named “${value}” (${named.map((s) => s.name).join(', ')}); write the subject’s code` };
    const coded = subjectsByCode.get(value.toLowerCase()) ?? [];
    if (coded.length === 1) return { found: coded[0] };
    if (coded.length > 1) return { error: `“${value}” is the code of ${coded.map((s) => s.name).join(' and ')}; write the subject’s name` };
    return { error: `The school has no subject named or coded “${value}”; add it under Academics › Subjects first` };
  };

  const findTeacher = (value: string): Found<StaffMember> => {
    const byEmail = value.includes('@');
    const matches = (byEmail ? staffByEmail.get(value.toLowerCase()) : staffByName.get(personKey(value))) ?? [];
    if (matches.length === 0) {
      return {
        error: byEmail
          ? `No staff member has the email “${value}”`
          : `No staff member is named “${value}”; write the name as Academics › Staff shows it, or the teacher’s email`,
      };
    }
    const teachers = matches.filter((m) => m.staffType === 'Teacher' && m.status === 'active');
    if (teachers.length === 1) return { found: teachers[0] };
    if (teachers.length > 1) {
      return {
        error: `${teachers.length} teachers ${byEmail ? 'have the email' : 'are named'} “${value}”; write ${byEmail ? 'their name' : 'the teacher’s email'} instead`,
      };
    }
    const deactivated = matches.find((m) => m.staffType === 'Teacher');
    if (deactivated) return { error: `${deactivated.name} has been deactivated; re-activate them in Academics › Staff first` };
    return { error: `${matches[0].name} is not a teacher (staff type ${matches[0].staffType}); only Teacher staff can teach a subject` };
  };

  const staffById = new Map(people.map((p) => [p.id, p]));
  /** The staff member `id` when the cell names them (their email, or their name), whatever their status or namesakes. */
  const named = (value: string, id: string): StaffMember | undefined => {
    const member = staffById.get(id);
    if (!member) return undefined;
    const same = value.includes('@') ? member.email?.trim().toLowerCase() === value.toLowerCase() : personKey(member.name) === personKey(value);
    return same ? member : undefined;
  };

  return { findClass, findSubject, findTeacher, named, current, people };
}

/** Reads and checks every row: the class of the session, the school's subject, an active teacher, and class and subject repeated within the file. */
async function checkRows(app: FastifyInstance, schoolId: string, session: { id: string; name: string }, file: ImportFile): Promise<CheckedRow[]> {
  const records = importRecords(file);
  if (records.length === 0) throw importFileError('The file is empty');
  const header = readHeader(records[0].fields);
  const rows = records.slice(1);
  if (rows.length === 0) throw importFileError('The file has no rows under the header row');
  if (rows.length > IMPORT_MAX_ROWS) throw importFileError(`The file has ${rows.length} rows; import at most ${IMPORT_MAX_ROWS} at a time`);

  const { findClass, findSubject, findTeacher, named, current, people } = await loadMatchers(app, schoolId, session);
  const nameOf = new Map(people.map((p) => [p.id, p.name]));
  const seen = new Map<string, number>();
  const checked: CheckedRow[] = [];
  const lastColumn = Math.max(...header.values()) + 1;
  for (const { line, fields } of rows) {
    const cell = (column: string) => {
      const index = header.get(column);
      return index === undefined ? '' : (fields[index] ?? '').trim();
    };
    const errors: Record<string, string> = {};
    if (fields.length > lastColumn && fields.slice(lastColumn).some((f) => f.trim() !== '')) {
      errors.file = `This row has ${fields.length} values; the header has ${lastColumn}`;
    }
    const klass = findClass(cell('class'));
    const subject = findSubject(cell('subject'));
    const before = klass.found && subject.found ? current.get(`${klass.found.id}:${subject.found.id}`) : undefined;
    const teacherCell = cell('teacher');
    // The teacher there now, as the session's template names them, stays so even when deactivated or
    // sharing a name: the file handed back unchanged is then accepted. An empty cell is no teacher given.
    const kept = teacherCell && before?.teacherId ? named(teacherCell, before.teacherId) : undefined;
    const teacher: Found<StaffMember> | null = !teacherCell ? null : kept ? { found: kept } : findTeacher(teacherCell);
    if (klass.error) errors.class = klass.error;
    if (subject.error) errors.subject = subject.error;
    if (teacher?.error) errors.teacher = teacher.error;
    const report: SubjectTeacherImportRow = {
      line,
      ok: false,
      errors,
      name: [klass.found ? className(klass.found.level, klass.found.arm) : cell('class'), subject.found?.name ?? cell('subject')].filter(Boolean).join(' · '),
    };
    if (klass.found && subject.found) {
      const key = `${klass.found.id}:${subject.found.id}`;
      const first = seen.get(key);
      if (first !== undefined) errors.file = `${report.name} is already on row ${first}`;
      else seen.set(key, line);
    }
    report.ok = Object.keys(errors).length === 0;
    if (!report.ok || !klass.found || !subject.found) {
      checked.push({ report });
      continue;
    }
    if (!teacher?.found) {
      // correct, and nothing to write: the class's subject (or its absence) is left as it is
      Object.assign(report, { className: className(klass.found.level, klass.found.arm), subjectName: subject.found.name, outcome: 'skipped' });
      checked.push({ report });
      continue;
    }
    const outcome: SubjectTeacherOutcome = !before ? 'added' : before.teacherId === teacher.found.id ? 'unchanged' : 'changed';
    Object.assign(report, {
      className: className(klass.found.level, klass.found.arm),
      subjectName: subject.found.name,
      teacherName: teacher.found.name,
      outcome,
      previousTeacherName: before?.teacherId ? (nameOf.get(before.teacherId) ?? null) : null,
    });
    checked.push({
      report,
      write: {
        classId: klass.found.id,
        subjectId: subject.found.id,
        teacherId: teacher.found.id,
        classSubjectId: before?.id ?? null,
        previousTeacherId: before?.teacherId ?? null,
        outcome,
      },
    });
  }
  return checked;
}

export type SubjectTeacherImportOutcome = ImportOutcome<SubjectTeacherImportReport>;

const CHANGED_MEANWHILE = 'Someone changed these classes’ subjects a moment ago. Reload the page and import the file again.';

/**
 * Sets the subject teachers of a file. All-or-nothing (the default): one wrong row and nothing is
 * written (400 with every row's errors); valid-rows-only: the correct rows are written, the rest
 * reported. A dry run only checks. The writes are one transaction: each new teacher audited as
 * `class_subject.teacher_changed`, each subject added to a class as `class_subject.created`, and one
 * entry for the import.
 */
export async function importSubjectTeachers(
  app: FastifyInstance,
  ctx: RequestContext,
  input: ImportFile & { mode: ImportMode; dryRun: boolean },
): Promise<SubjectTeacherImportOutcome> {
  const actor = actorOf(ctx);
  const session = await sessionOf(ctx);
  if (!session) throw badRequest(NO_SESSION);
  const checked = await checkRows(app, actor.schoolId, session, input);
  const plan = planImport(checked, input);
  // a correct row without a teacher has nothing to write: skipped, not imported
  const toWrite = plan.toWrite.filter((row) => row.write);
  const count = (outcome: SubjectTeacherOutcome) => toWrite.filter((row) => row.write!.outcome === outcome).length;
  const counts = { changed: count('changed'), unchanged: count('unchanged'), added: count('added') };
  const report: SubjectTeacherImportReport = { ...plan.report, imported: toWrite.length, skipped: checked.length - toWrite.length, ...counts };
  if (plan.done) return { ...plan.done, report };
  if (toWrite.length === 0) return { statusCode: 200, report };

  /** The row being written, to name it when the database refuses it. */
  const writing: { row: CheckedRow | null } = { row: null };
  try {
    await app.db.transaction(async (tx) => {
      for (const row of toWrite) {
        const write = row.write!;
        writing.row = row;
        if (write.outcome === 'added') {
          const [created] = await repo.insertClassSubjects(tx, [
            { schoolId: actor.schoolId, classId: write.classId, subjectId: write.subjectId, teacherId: write.teacherId },
          ]);
          row.report.classSubjectId = created.id;
          await audit(tx, {
            ...auditBase(actor),
            action: 'class_subject.created',
            entity: 'class_subject',
            entityId: created.id,
            after: { subjectId: write.subjectId, subject: row.report.subjectName, classId: write.classId, teacherId: write.teacherId },
          });
        } else if (write.outcome === 'changed') {
          const updated = await repo.setClassSubjectTeacher(tx, actor.schoolId, write.classSubjectId!, write.teacherId);
          if (!updated) throw conflict(CHANGED_MEANWHILE);
          row.report.classSubjectId = updated.id;
          await audit(tx, {
            ...auditBase(actor),
            action: 'class_subject.teacher_changed',
            entity: 'class_subject',
            entityId: updated.id,
            before: { subjectId: write.subjectId, classId: write.classId, teacherId: write.previousTeacherId },
            after: { subjectId: write.subjectId, classId: write.classId, teacherId: write.teacherId },
          });
        } else {
          row.report.classSubjectId = write.classSubjectId!;
        }
      }
      writing.row = null;
      await audit(tx, {
        ...auditBase(actor),
        action: 'class_subject.teachers_imported',
        entity: 'subject_teacher_import',
        after: { session: session.name, mode: input.mode, rows: checked.length, ...counts, skipped: report.skipped },
      });
    });
  } catch (error) {
    const row = writing.row;
    if (!isUniqueViolation(error) || !row) throw error;
    // a subject added to the class meanwhile, or (the timetable's trigger) a teacher who would be in two classes at one period
    const message =
      row.write!.outcome === 'added'
        ? `Row ${row.report.line}: ${CHANGED_MEANWHILE}`
        : `Row ${row.report.line}: ${pgMessage(error) ?? `${row.report.teacherName} already teaches another class at one of this subject’s periods`}`;
    throw conflict(message, { file: message });
  }
  return { statusCode: 200, report };
}

// ---------------------------------------------------------------- the session's template

/** The session's template as CSV, with a byte order mark so that a spreadsheet opens the names as UTF-8. */
function templateCsv(rows: string[][]): string {
  return '\uFEFF' + rows.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * The import's file filled in for a session of the school: one row per subject taught in each of its
 * classes (in school order, then by subject name) with its teacher now — by email, which finds one
 * person, else by name, else empty. Handed back unchanged, it changes nothing. Another school's
 * session: 404.
 */
export async function subjectTeachersTemplate(app: FastifyInstance, ctx: RequestContext, sessionId: string): Promise<DownloadFile> {
  const { schoolId } = actorOf(ctx);
  const session = await repo.findSession(app.db, schoolId, sessionId);
  if (!session) throw notFound('Academic session not found');
  const [taught, people] = await Promise.all([
    repo.listClassSubjects(app.db, schoolId, { academicSessionId: session.id }),
    repo.listStaffMembers(app.db, schoolId),
  ]);
  const emailOf = new Map(people.map((p) => [p.id, p.email?.trim() ?? '']));
  // sortByClass keeps the order it is given within a class: the subjects by name
  const bySubject = [...taught].sort((a, b) => a.subjectName.localeCompare(b.subjectName, 'en', { numeric: true }));
  const rows = sortByClass(bySubject).map((t) => [
    className(t.level, t.arm),
    t.subjectName,
    (t.teacherId ? emailOf.get(t.teacherId) : '') || (t.teacherName ?? ''),
  ]);
  const stem = `subject-teachers-${session.name}`.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return { type: CSV_TYPE, name: `${stem}.csv`, body: templateCsv([[...SUBJECT_TEACHER_IMPORT_COLUMNS], ...rows]), cache: 'no-store' };
}
