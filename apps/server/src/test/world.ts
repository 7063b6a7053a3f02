/**
 * A small world for the route × role × ownership test: two organisations, the first with two schools,
 * and in each school one record of every kind a URL can name. In the first school two families:
 * the signed-in student's own (in the class the signed-in teacher teaches) and another (in a class
 * the teacher does not teach, with no tie to the signed-in parent).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import type { RecordKind } from '../policies/policy';
import {
  createClass,
  createClassSubject,
  createGuardian,
  createSchool,
  createStaff,
  createStudent,
  createSubject,
  createTenant,
  createUser,
  type SchoolRef,
  type Tenant,
} from './factories';

const tag = () => randomBytes(3).toString('hex');
let receipts = 0;

/** A record of each kind: the signed-in family's (own), another family's of the same school, another school's, another organisation's. */
export interface KindFixtures {
  own: string;
  otherFamily?: string;
  otherSchool?: string;
  otherOrganisation?: string;
}

interface SchoolPlace extends SchoolRef {
  organisationId: string;
  termId: string;
}

/** One family's records: an invoice, a payment on it, a teacher's comment. */
async function familyRecords(db: Db, place: SchoolPlace, studentId: string, classId: string) {
  const [invoice] = await db.insert(schema.invoices).values({ schoolId: place.school.id, termId: place.termId, studentId, classId }).returning();
  const [payment] = await db
    .insert(schema.payments)
    .values({
      schoolId: place.school.id,
      organisationId: place.organisationId,
      invoiceId: invoice.id,
      studentId,
      amountKobo: 100_00,
      method: 'Cash',
      status: 'Success',
      receiptNo: ++receipts,
    })
    .returning();
  const [comment] = await db
    .insert(schema.teacherComments)
    .values({ schoolId: place.school.id, studentId, termId: place.termId, classId, authorName: 'Mrs Teacher', comment: 'Good', score: 8 })
    .returning();
  return { invoice: invoice.id, payment: payment.id, 'teacher-comment': comment.id };
}

/** A school's records of every kind, the first family's in a class taught by `teacher`. */
async function schoolRecords(
  db: Db,
  place: SchoolPlace,
  uploadsDir: string,
  people: { teacherStaffId: string; teacherUserId: string; studentUserId?: string; otherUserId: string },
) {
  const taught = await createClass(db, place, { level: 'JSS 1', arm: 'A', classTeacherId: people.teacherStaffId });
  const other = await createClass(db, place, { level: 'SSS 2', arm: 'B' });
  const subject = await createSubject(db, place, { name: `Mathematics ${tag()}`, code: `MTH${tag()}` });
  const classSubject = await createClassSubject(db, place, { classId: taught.id, subjectId: subject.id, teacherId: people.teacherStaffId });
  await createClassSubject(db, place, { classId: other.id, subjectId: subject.id });
  const own = await createStudent(db, place, { userId: people.studentUserId, firstName: 'Ada', gender: 'male', classId: taught.id });
  const stranger = await createStudent(db, place, { firstName: 'Bola', gender: 'male', classId: other.id });
  const otherTeacher = await createStaff(db, place, { name: 'Mr Other' });
  // the staff record an administrator manages (not a signed-in one: deactivating it would sign them out for good)
  const colleagueUser = await createUser(db, { organisationId: place.organisationId, schoolId: place.school.id, role: 'teacher' });
  const colleague = await createStaff(db, place, { userId: colleagueUser.id, name: 'Mr Colleague' });
  const note = (teacherId: string) => ({
    schoolId: place.school.id,
    teacherId,
    classId: taught.id,
    subjectId: subject.id,
    termId: place.termId,
    week: 1,
    title: 'Fractions',
    body: 'Halves and quarters',
    // submitted: a draft is its teacher's alone, a submitted note is the reviewers' too
    status: 'Submitted',
  });
  const [ownNote] = await db.insert(schema.lessonNotes).values(note(people.teacherStaffId)).returning();
  const [otherNote] = await db.insert(schema.lessonNotes).values(note(otherTeacher.id)).returning();
  const assignment = (teacherId: string, classId: string) => ({
    schoolId: place.school.id,
    teacherId,
    classId,
    subjectId: subject.id,
    termId: place.termId,
    title: 'Homework',
    description: 'Page 12',
  });
  const [ownAssignment] = await db.insert(schema.assignments).values(assignment(people.teacherStaffId, taught.id)).returning();
  const [otherAssignment] = await db.insert(schema.assignments).values(assignment(otherTeacher.id, other.id)).returning();
  const [feeItem] = await db
    .insert(schema.feeItems)
    .values({ schoolId: place.school.id, termId: place.termId, classLevel: 'JSS 1', name: 'Tuition', amountKobo: 5000_00 })
    .returning();
  const [notice] = await db
    .insert(schema.notices)
    .values({
      schoolId: place.school.id,
      organisationId: place.organisationId,
      title: 'Sports day',
      description: 'Friday',
      date: '2024-02-02',
      audience: 'everyone',
    })
    .returning();
  const [application] = await db
    .insert(schema.admissionApplications)
    .values({
      schoolId: place.school.id,
      registrationNo: `APP-${tag()}`,
      guardianEmail: 'g@example.test',
      guardianPhone: '08030000000',
      guardianAddress: 'Lagos',
      relationship: 'Mother',
      name: 'New Pupil',
      gender: 'female',
      dateOfBirth: '2014-01-01',
      phone: '08030000001',
      stateOfOrigin: 'Lagos',
      prevEducation: 'Primary',
      institution: 'Old School',
      institutionAddress: 'Ikeja',
      attendedClasses: 'Primary 6',
      institutionContactName: 'Head',
      institutionContactPhone: '08030000002',
      classLevel: 'JSS 1',
    })
    .returning();
  const [serialBatch] = await db
    .insert(schema.serialCodeBatches)
    .values({ schoolId: place.school.id, quantity: 1, priceKobo: 1000_00, expiresOn: '2030-01-01' })
    .returning();
  const [pinBatch] = await db.insert(schema.resultPinBatches).values({ schoolId: place.school.id, quantity: 1, maxViews: 3 }).returning();
  const [job] = await db
    .insert(schema.reportCardJobs)
    .values({ schoolId: place.school.id, classId: taught.id, termId: place.termId, total: 1, fileName: 'cards.pdf', status: 'done' })
    .returning();
  const [schoolJob] = await db
    .insert(schema.schoolReportCardJobs)
    .values({ schoolId: place.school.id, termId: place.termId, total: 1, fileName: 'school-cards.pdf', status: 'done' })
    .returning();
  const [campaign] = await db
    .insert(schema.referralCampaigns)
    .values({ schoolId: place.school.id, startsOn: '2024-01-01', notify: 'All classes', referralType: 'Everyone', pointValueKobo: 100_00, code: `C${tag()}` })
    .returning();
  await db.insert(schema.referralCodes).values({ schoolId: place.school.id, campaignId: campaign.id, userId: people.otherUserId, code: `R${tag()}` });
  const [withdrawal] = await db
    .insert(schema.referralWithdrawals)
    .values({ schoolId: place.school.id, userId: people.otherUserId, reference: `W${tag()}`, amountKobo: 100_00, paymentMode: 'Bank transfer' })
    .returning();
  const storageKey = `${tag()}.png`;
  fs.mkdirSync(uploadsDir, { recursive: true });
  fs.writeFileSync(path.join(uploadsDir, storageKey), 'a photo');
  const [upload] = await db
    .insert(schema.uploads)
    .values({
      organisationId: place.organisationId,
      schoolId: place.school.id,
      purpose: 'staff-photo',
      originalName: 'p.png',
      mimeType: 'image/png',
      sizeBytes: 7,
      storageKey,
    })
    .returning();
  const [camera] = await db
    .insert(schema.cameras)
    .values({
      organisationId: place.organisationId,
      name: 'Gate',
      modelCode: 'C1',
      cameraModel: 'Hik',
      location: 'Main gate',
      channelType: 'Youtube',
      source: 'https://youtu.be/x',
      roles: ['admin', 'teacher', 'student', 'parent'],
    })
    .returning();
  await db.insert(schema.cameraSchools).values({ schoolId: place.school.id, cameraId: camera.id });
  const [clip] = await db
    .insert(schema.cameraClips)
    .values({
      organisationId: place.organisationId,
      cameraId: camera.id,
      startsAt: new Date('2024-02-01T08:00:00Z'),
      endsAt: new Date('2024-02-01T09:00:00Z'),
      url: 'https://example.test/c.mp4',
    })
    .returning();
  const [holiday] = await db
    .insert(schema.schoolHolidays)
    .values({ schoolId: place.school.id, name: 'Mid-term break', startDate: '2024-02-21', endDate: '2024-02-23' })
    .returning();
  const [message] = await db
    .insert(schema.messages)
    .values({
      schoolId: place.school.id,
      organisationId: place.organisationId,
      channel: 'sms',
      event: 'absence',
      dedupeKey: `world:${place.school.id}`,
      to: '+2348031234567',
      body: 'A test message',
      status: 'kept',
      batchId: crypto.randomUUID(),
    })
    .returning();
  const ownFamily = await familyRecords(db, place, own.id, taught.id);
  const otherFamily = await familyRecords(db, place, stranger.id, other.id);
  const school = {
    'academic-session': place.session.id,
    application: application.id,
    camera: camera.id,
    'camera-clip': clip.id,
    campaign: campaign.id,
    class: taught.id,
    'class-job': job.id,
    'class-subject': classSubject.id,
    'fee-item': feeItem.id,
    holiday: holiday.id,
    message: message.id,
    'message-batch': message.batchId!,
    notice: notice.id,
    'pin-batch': pinBatch.id,
    'school-job': schoolJob.id,
    referrer: people.otherUserId,
    'serial-batch': serialBatch.id,
    staff: colleague.id,
    subject: subject.id,
    upload: upload.id,
    withdrawal: withdrawal.id,
  };
  return {
    own: { ...school, ...ownFamily, student: own.id, 'lesson-note': ownNote.id, assignment: ownAssignment.id },
    otherFamily: { ...otherFamily, student: stranger.id, 'lesson-note': otherNote.id, assignment: otherAssignment.id, class: other.id, staff: otherTeacher.id },
    ownStudent: own,
  };
}

async function placeOf(db: Db, organisationId: string, school: { id: string }, session: { id: string }): Promise<SchoolPlace> {
  const [term] = await db
    .select()
    .from(schema.terms)
    .where(and(eq(schema.terms.schoolId, school.id), eq(schema.terms.isCurrent, true)));
  return { organisationId, school, session, termId: term.id };
}

async function addCustomRole(db: Db, organisationId: string, id: string) {
  await db.execute(sql`update permission_matrices set matrix = jsonb_set(matrix, '{customRoles}', ${JSON.stringify([{ id, name: `Bursar ${tag()}`, basedOn: 'admin' }])}::jsonb)
    where organisation_id = ${organisationId}`);
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

/** Builds the world; `fixtures[kind]` gives each kind's records by ownership. */
export async function buildWorld(db: Db, opts: { uploadsDir: string }) {
  const a = await createTenant(db);
  const b = await createTenant(db);
  // createTenant makes a student record for its student user; the world makes its own families instead
  for (const tenant of [a, b]) {
    await db.delete(schema.studentGuardians).where(eq(schema.studentGuardians.schoolId, tenant.school.id));
    await db.delete(schema.students).where(and(eq(schema.students.schoolId, tenant.school.id), eq(schema.students.id, tenant.student.id)));
  }
  const a2 = await createSchool(db, a.organisation.id);
  const a2Admin = await createUser(db, { organisationId: a.organisation.id, schoolId: a2.school.id, role: 'admin' });

  async function peopleOf(tenant: Tenant | null, place: SchoolPlace, adminUserId: string) {
    const teacherUserId =
      tenant?.users.teacher.id ?? (await createUser(db, { organisationId: place.organisationId, schoolId: place.school.id, role: 'teacher' })).id;
    const teacher = await createStaff(db, place, { userId: teacherUserId, name: 'Mrs Teacher' });
    return { teacherStaffId: teacher.id, teacherUserId, studentUserId: tenant?.users.student.id, otherUserId: adminUserId };
  }

  const placeA = await placeOf(db, a.organisation.id, a.school, a.session);
  const recordsA = await schoolRecords(db, placeA, opts.uploadsDir, await peopleOf(a, placeA, a.users.admin.id));
  // the signed-in parent is the guardian of the own family's student only
  await createGuardian(db, a, { userId: a.users.parent.id, studentId: recordsA.ownStudent.id });

  const placeA2 = await placeOf(db, a.organisation.id, a2.school, a2.session);
  const recordsA2 = await schoolRecords(db, placeA2, opts.uploadsDir, await peopleOf(null, placeA2, a2Admin.id));
  const placeB = await placeOf(db, b.organisation.id, b.school, b.session);
  const recordsB = await schoolRecords(db, placeB, opts.uploadsDir, await peopleOf(b, placeB, b.users.admin.id));

  const roleA = crypto.randomUUID();
  const roleB = crypto.randomUUID();
  await addCustomRole(db, a.organisation.id, roleA);
  await addCustomRole(db, b.organisation.id, roleB);

  const fixtures = {} as Record<RecordKind, KindFixtures>;
  for (const kind of Object.keys(recordsA.own) as Array<keyof typeof recordsA.own>) {
    fixtures[kind] = {
      own: recordsA.own[kind],
      otherFamily: (recordsA.otherFamily as Partial<Record<string, string>>)[kind],
      otherSchool: recordsA2.own[kind],
      otherOrganisation: recordsB.own[kind],
    };
  }
  fixtures.school = { own: a.school.id, otherSchool: a2.school.id, otherOrganisation: b.school.id };
  // a user the school's administrator manages (not a signed-in one: appointing them administrator would change who they are)
  const colleague = await createUser(db, { organisationId: a.organisation.id, schoolId: a.school.id, role: 'teacher' });
  fixtures.user = { own: colleague.id, otherSchool: a2Admin.id, otherOrganisation: b.users.teacher.id };
  fixtures.role = { own: roleA, otherOrganisation: roleB };
  return { a, b, a2, fixtures };
}
