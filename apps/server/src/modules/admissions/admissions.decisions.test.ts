import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolRow } from '../../db/columns';
import { academicSessions, admissionApplications, auditLog, enrolments, guardians, studentGuardians, students, users } from '../../db/schema';
import { accountIdByEmail } from '../../lib/accounts';
import { createEnrolment, createStudent, usersWithEmail } from '../../test/factories';
import { pdfPages } from '../../test/pdf';
import { TestClient } from '../../test/test-app';
import { app, tenant, admin, otherAdmin, jss1a, jss1b, setUp, tearDown, apply, decide, signedIn } from './admissions.test-kit';

beforeAll(setUp);
afterAll(tearDown);

describe('reading applications', () => {
  it('lists applications with filters and shows one in full, with its birth certificate to staff only', async () => {
    const row = await apply({ name: 'Filter Target Okafor', class: 'SSS 1' });
    const list = await admin.get('/api/admissions/applications?status=Pending&classLevel=SSS%201&paymentStatus=InComplete&search=target');
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([
      expect.objectContaining({
        id: row.id,
        registrationNo: row.registrationNo,
        name: 'Filter Target Okafor',
        classLevel: 'SSS 1',
        paymentStatus: 'InComplete',
        status: 'Pending',
        className: null,
      }),
    ]);
    expect((await admin.get('/api/admissions/applications?paymentStatus=Complete&search=target')).json().items).toEqual([]);

    const res = await admin.get(`/api/admissions/applications/${row.id}`);
    expect(res.statusCode).toBe(200);
    const { application } = res.json();
    expect(application.guardian).toEqual({
      name: null,
      email: 'mrs.bello@mail.ng',
      phone: '08021234567',
      address: '7 Ahmadu Bello Way, Kaduna',
      relationship: 'mother',
    });
    expect(application.ward).toMatchObject({ name: 'Filter Target Okafor', dateOfBirth: '2014-09-12', phone: '08121234567', email: null });
    expect(application.education).toEqual({
      prevEducation: 'Primary school leaving certificate',
      institution: 'Sunshine Primary School',
      institutionAddress: '2 Market Road, Kaduna',
      attendedClasses: 'Primary 6',
      contactName: 'Mr. Musa',
      contactPhone: '07031234567',
    });
    const file = await admin.get(application.birthCertificate.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const parent = await signedIn(tenant.users.parent.email);
    expect((await parent.get(application.birthCertificate.url)).statusCode).toBe(404);
    expect((await otherAdmin.get(application.birthCertificate.url)).statusCode).toBe(404);

    const summary = (await admin.get('/api/admissions/applications/summary')).json().counts;
    expect(summary.Pending).toBeGreaterThan(0);
  });

  it('answers 401, 403 and 404 across schools', async () => {
    const row = await apply();
    expect((await new TestClient(app).get(`/api/admissions/applications/${row.id}`)).statusCode).toBe(401);
    const teacher = await signedIn(tenant.users.teacher.email);
    expect((await teacher.get('/api/admissions/applications')).statusCode).toBe(403);
    expect((await decide(teacher, { ids: [row.id], decision: 'reject' })).statusCode).toBe(403);
    expect((await otherAdmin.get(`/api/admissions/applications/${row.id}`)).statusCode).toBe(404);
    expect((await otherAdmin.get('/api/admissions/applications')).json().items.some((i: { id: string }) => i.id === row.id)).toBe(false);
    expect((await decide(otherAdmin, { ids: [row.id], decision: 'reject' })).statusCode).toBe(404);
    expect((await otherAdmin.get(`/api/admissions/applications/${row.id}/letter.pdf`)).statusCode).toBe(404);
    const [still] = await app.db
      .select()
      .from(admissionApplications)
      .where(and(eq(admissionApplications.schoolId, tenant.school.id), eq(admissionApplications.id, row.id)));
    expect(still.status).toBe('Pending');
  });
});

describe('decisions', () => {
  it('accepts an applicant: student, parent account with invitation, enrolment in the arm with the fewest students', async () => {
    const row = await apply({ email: 'new.parent@mail.ng', guardianName: 'Mr Tunde Bakare', name: 'Kemi Ada Bakare', wardEmail: 'kemi.bakare@mail.ng' });
    const res = await decide(admin, { ids: [row.id], decision: 'accept' });
    expect(res.statusCode, res.body).toBe(200);
    const [result] = res.json().results;
    expect(result).toMatchObject({ id: row.id, ok: true, status: 'Accepted', registrationNo: row.registrationNo, className: 'JSS 1 B' });
    expect(result.notes).toEqual(['Parent invitation sent to new.parent@mail.ng.', 'Student invitation sent to kemi.bakare@mail.ng.']);

    const [student] = await app.db
      .select()
      .from(students)
      .where(and(eq(students.schoolId, tenant.school.id), eq(students.registrationNo, row.registrationNo)));
    expect(student).toMatchObject({
      firstName: 'Kemi',
      middleName: 'Ada',
      lastName: 'Bakare',
      gender: 'female',
      dateOfBirth: '2014-09-12',
      stateOfOrigin: 'Kaduna',
    });
    const [enrolment] = await app.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.schoolId, tenant.school.id), eq(enrolments.studentId, student.id)));
    expect(enrolment).toMatchObject({ classId: jss1b, academicSessionId: tenant.session.id });
    const [parentUser] = await usersWithEmail(app.db, 'new.parent@mail.ng');
    expect(parentUser).toMatchObject({ role: 'parent', status: 'invited', schoolId: tenant.school.id, name: 'Mr Tunde Bakare' });
    expect(await accountIdByEmail(app.db, 'new.parent@mail.ng')).toBe(parentUser.id);
    const [studentUser] = await usersWithEmail(app.db, 'kemi.bakare@mail.ng');
    expect(studentUser).toMatchObject({ role: 'student', status: 'invited' });
    expect(await accountIdByEmail(app.db, 'kemi.bakare@mail.ng')).toBe(studentUser.id);
    expect(student.userId).toBe(studentUser.id);
    const [link] = await app.db
      .select({ guardian: guardians })
      .from(studentGuardians)
      .innerJoin(guardians, schoolRow(guardians, studentGuardians.schoolId, studentGuardians.guardianId))
      .where(and(eq(studentGuardians.schoolId, tenant.school.id), eq(studentGuardians.studentId, student.id)));
    expect(link.guardian).toMatchObject({ userId: parentUser.id, relationship: 'mother', email: 'new.parent@mail.ng' });
    const invitation = (await admin.get('/api/dev/outbox?to=new.parent@mail.ng')).json().items[0];
    expect(invitation.body).toMatch(/invitation code is: \d{8}/);

    const detail = (await admin.get(`/api/admissions/applications/${row.id}`)).json().application;
    expect(detail).toMatchObject({ status: 'Accepted', className: 'JSS 1 B', studentId: student.id, sessionName: '2023/24' });
    const actions = (await app.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.schoolId, tenant.school.id))).map((r) => r.action);
    expect(actions).toContain('admissions.application_accepted');
    expect(actions).toContain('students.admitted');
  });

  it('links a second child to the same parent account, and records a guardian without login when the email is another kind of account', async () => {
    const first = await apply({ email: 'shared.parent@mail.ng', name: 'Uche Eze' });
    const second = await apply({ email: 'Shared.Parent@mail.ng', name: 'Nneka Eze' });
    const res = await decide(admin, { ids: [first.id, second.id], decision: 'accept', classId: jss1a });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ succeeded: 2, failed: 0 });
    expect(res.json().results[1].notes).toEqual(['Linked to the existing parent account of shared.parent@mail.ng.']);
    const parents = await usersWithEmail(app.db, 'shared.parent@mail.ng');
    expect(parents).toHaveLength(1);
    expect(await accountIdByEmail(app.db, 'Shared.Parent@mail.ng')).toBe(parents[0].id);
    const links = await app.db
      .select({ guardianId: studentGuardians.guardianId })
      .from(studentGuardians)
      .innerJoin(students, schoolRow(students, studentGuardians.schoolId, studentGuardians.studentId))
      .where(and(eq(studentGuardians.schoolId, tenant.school.id), sql`${students.registrationNo} in (${first.registrationNo}, ${second.registrationNo})`));
    expect(links).toHaveLength(2);
    expect(links[0].guardianId).toBe(links[1].guardianId);
    const invitations = (await admin.get('/api/dev/outbox?to=shared.parent@mail.ng'))
      .json()
      .items.filter((m: { subject: string }) => /invitation/i.test(m.subject));
    expect(invitations).toHaveLength(1);

    const teacherEmail = tenant.users.teacher.email;
    const third = await apply({ email: teacherEmail, name: 'Bola Ade' });
    const answer = await decide(admin, { ids: [third.id], decision: 'accept' });
    expect(answer.json().results[0].notes[0]).toMatch(/belongs to another account, so the guardian was recorded without a parent login/);
    const [student] = await app.db
      .select()
      .from(students)
      .where(and(eq(students.schoolId, tenant.school.id), eq(students.registrationNo, third.registrationNo)));
    const [guardian] = await app.db
      .select({ guardian: guardians })
      .from(studentGuardians)
      .innerJoin(guardians, schoolRow(guardians, studentGuardians.schoolId, studentGuardians.guardianId))
      .where(and(eq(studentGuardians.schoolId, tenant.school.id), eq(studentGuardians.studentId, student.id)));
    expect(guardian.guardian.userId).toBeNull();
    const [teacher] = await app.db.select().from(users).where(eq(users.id, tenant.users.teacher.id));
    expect(teacher).toMatchObject({ role: 'teacher' });
  });

  it('answers 409 with a clear message when the level has no class, and writes nothing', async () => {
    const row = await apply({ class: 'SSS 3', email: 'nobody.yet@mail.ng' });
    const [before] = await app.db.select({ n: count() }).from(students).where(eq(students.schoolId, tenant.school.id));
    const res = await decide(admin, { ids: [row.id], decision: 'accept' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('There is no SSS 3 class in the 2023/24 session to admit this applicant into. Add one under Academics, then accept again.');
    const [after] = await app.db.select({ n: count() }).from(students).where(eq(students.schoolId, tenant.school.id));
    expect(after.n).toBe(before.n);
    expect(await usersWithEmail(app.db, 'nobody.yet@mail.ng')).toEqual([]);
    expect(await accountIdByEmail(app.db, 'nobody.yet@mail.ng')).toBeNull();
    const [still] = await app.db
      .select()
      .from(admissionApplications)
      .where(and(eq(admissionApplications.schoolId, tenant.school.id), eq(admissionApplications.id, row.id)));
    expect(still.status).toBe('Pending');
  });

  it('rejects, archives and restores in bulk, reporting each id', async () => {
    const a = await apply();
    const b = await apply();
    const foreign = (await otherAdmin.get('/api/admissions/applications')).json().items[0]?.id ?? '00000000-0000-4000-8000-000000000000';
    const res = await decide(admin, { ids: [a.id, b.id, foreign], decision: 'reject' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ succeeded: 2, failed: 1 });
    expect(res.json().results[2]).toEqual({ id: foreign, ok: false, statusCode: 404, message: 'Application not found' });

    const archived = await decide(admin, { ids: [a.id, b.id], decision: 'archive' });
    expect(archived.json().results.map((r: { status: string }) => r.status)).toEqual(['Archived', 'Archived']);
    const acceptArchived = await decide(admin, { ids: [a.id], decision: 'accept' });
    expect(acceptArchived.statusCode).toBe(409);
    expect(acceptArchived.json().message).toBe(`Only pending applications can be accepted; ${a.registrationNo} is Archived.`);
    const restored = await decide(admin, { ids: [a.id], decision: 'restore' });
    expect(restored.json().results[0]).toMatchObject({ ok: true, status: 'Pending' });
    const restoreAgain = await decide(admin, { ids: [a.id], decision: 'restore' });
    expect(restoreAgain.statusCode).toBe(409);

    const trail = await app.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, tenant.school.id), eq(auditLog.entityId, a.id)));
    expect(trail.map((t) => t.action)).toEqual(
      expect.arrayContaining(['admissions.application_rejected', 'admissions.application_archived', 'admissions.application_restored']),
    );
    const rows = await app.db
      .select()
      .from(admissionApplications)
      .where(and(eq(admissionApplications.schoolId, tenant.school.id), eq(admissionApplications.id, b.id)));
    expect(rows[0].status).toBe('Archived');
  });

  it('refuses a bad decision body with field messages', async () => {
    const res = await decide(admin, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ ids: 'Select at least one application', decision: 'Choose a decision' });
    const unknownClass = await decide(admin, { ids: [(await apply()).id], decision: 'accept', classId: '00000000-0000-4000-8000-000000000000' });
    expect(unknownClass.statusCode).toBe(404);
    expect(unknownClass.json().message).toBe('Class not found');
  });
});

describe('admission letter', () => {
  it('gives the letter of an accepted applicant as data and as a one-page PDF, and 409 before acceptance', async () => {
    const row = await apply({ name: 'Letter Person Okoro', guardianName: 'Mrs Okoro' });
    expect((await admin.get(`/api/admissions/applications/${row.id}/letter`)).statusCode).toBe(409);
    await decide(admin, { ids: [row.id], decision: 'accept' });
    const res = await admin.get(`/api/admissions/applications/${row.id}/letter`);
    expect(res.statusCode).toBe(200);
    expect(res.json().letter).toMatchObject({
      registrationNo: row.registrationNo,
      name: 'Letter Person Okoro',
      className: 'JSS 1 B',
      sessionName: '2023/24',
      guardianName: 'Mrs Okoro',
    });
    const pdf = await admin.get(`/api/admissions/applications/${row.id}/letter.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdf.rawPayload.toString('latin1');
    expect(text).toMatch(/^%PDF-1\.\d\n/);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(await pdfPages(pdf.rawPayload)).toEqual([
      expect.arrayContaining([`Registration number: ${row.registrationNo}`, 'LETTER OF ADMISSION', 'Dear Mrs Okoro,']),
    ]);
    expect(text).toContain('/Count 1');
    // the cross-reference table points at each object
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(Number(/\/Size (\d+)/.exec(text)![1]) - 1);
    offsets.forEach((offset, index) => expect(text.startsWith(`${index + 1} 0 obj\n`, offset)).toBe(true));
  });
});

describe('classes to admit into', () => {
  it('lists the selected session’s classes with their number of students', async () => {
    const res = await admin.get('/api/admissions/classes');
    expect(res.statusCode).toBe(200);
    expect(res.json().sessionName).toBe('2023/24');
    expect(res.json().items.map((c: { name: string }) => c.name)).toEqual(['JSS 1 A', 'JSS 1 B']);
  });

  it('counts each class’s students enrolled in its session, so the picker can show the emptiest arm', async () => {
    const before = (await admin.get('/api/admissions/classes')).json().items as { id: string; studentCount: number }[];
    const countOf = (items: { id: string; studentCount: number }[], id: string) => items.find((c) => c.id === id)?.studentCount;
    expect(countOf(before, jss1a)).toBeGreaterThanOrEqual(1);
    const student = await createStudent(app.db, tenant);
    await createEnrolment(app.db, tenant, { studentId: student.id, classId: jss1b });
    // an enrolment of another session naming the class (left over from before a session was re-created) is not one of its students
    const [earlier] = await app.db.insert(academicSessions).values({ schoolId: tenant.school.id, name: '2019/20' }).returning();
    const leftOver = await createStudent(app.db, tenant);
    await createEnrolment(app.db, tenant, { studentId: leftOver.id, classId: jss1a, academicSessionId: earlier.id });
    const after = (await admin.get('/api/admissions/classes')).json().items as { id: string; studentCount: number }[];
    expect(countOf(after, jss1b)).toBe((countOf(before, jss1b) ?? 0) + 1);
    expect(countOf(after, jss1a)).toBe(countOf(before, jss1a));
  });
});
