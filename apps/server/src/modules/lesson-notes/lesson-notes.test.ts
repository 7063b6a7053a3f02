import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { TestClient } from '../../test/test-app';
import {
  app,
  t,
  other,
  PDF,
  DOCX,
  PNG,
  multipart,
  adeyemi,
  okafor,
  okaforUser,
  jss1a,
  jss1b,
  maths,
  english,
  first,
  second,
  otherClassId,
  otherSubjectId,
  otherTermId,
  as,
  teacher,
  admin,
  note,
  noteCount,
  everySchool,
  setUp,
  tearDown,
} from './lesson-notes.test-kit';

beforeAll(setUp);
afterAll(tearDown);

describe('writing a lesson note (POST /api/lesson-notes)', () => {
  it('creates a Draft for a class and subject the teacher teaches, with a clean body, and audits it', async () => {
    const res = await (
      await teacher()
    ).post(
      '/api/lesson-notes',
      note({
        title: ' Fractions ',
        body: '<p onclick="steal()">Halves <b>and</b> quarters<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">link</a></p>',
      }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      title: 'Fractions',
      status: 'Draft',
      week: 1,
      class: { id: jss1a.id, name: 'JSS 1 A' },
      subject: { id: maths.id, name: 'Mathematics' },
      term: { id: second.id, name: 'Second' },
      teacher: { id: adeyemi.id, name: 'Mrs. Funmilayo Adeyemi' },
      attachment: null,
      canEdit: true,
      canSubmit: true,
      canDelete: true,
      canReview: false,
    });
    expect(body.body).toBe('<p>Halves <strong>and</strong> quarterslink</p>');
    const [stored] = await app.db
      .select()
      .from(schema.lessonNotes)
      .where(and(eq(schema.lessonNotes.schoolId, t.school.id), eq(schema.lessonNotes.id, body.id)));
    expect(stored.body).toBe('<p>Halves <strong>and</strong> quarterslink</p>');
    const audits = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.entity, 'lesson_note'), eq(schema.auditLog.entityId, body.id)));
    expect(audits.map((a) => a.action)).toEqual(['lesson_note.created']);
  });

  it('answers 400 with every field message when the form is empty, writing nothing', async () => {
    const before = await noteCount();
    const res = await (await teacher()).post('/api/lesson-notes', { classId: '', subjectId: '', termId: '', week: '', title: '', body: '<p> </p>' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      classId: 'Please Select a Class',
      subjectId: 'Please Select a subject',
      termId: 'Please Select a Term',
      week: 'Week is required',
      title: 'Title is Required',
      body: 'description is required',
    });
    expect(res.json().message).toBe('Please Select a Class');
    expect((await (await teacher()).post('/api/lesson-notes', note({ week: 6 }))).json().errors).toEqual({ week: 'Week must be from 1 to 5' });
    expect(await noteCount()).toBe(before);
  });

  it('refuses a subject the teacher does not teach in that class (400), a term of another session (400) and another school’s ids (404)', async () => {
    const client = await teacher();
    const notMine = await client.post('/api/lesson-notes', note({ subjectId: english.id }));
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().errors).toEqual({ subjectId: 'You do not teach English Language in JSS 1 A' });
    const [olderSession] = await app.db
      .select()
      .from(schema.academicSessions)
      .where(and(eq(schema.academicSessions.schoolId, t.school.id), eq(schema.academicSessions.name, '2022/23')));
    const [oldTerm] = await app.db
      .insert(schema.terms)
      .values({ schoolId: t.school.id, academicSessionId: olderSession.id, name: 'First', startDate: '2022-09-12', endDate: '2022-12-16' })
      .returning();
    const wrongTerm = await client.post('/api/lesson-notes', note({ termId: oldTerm.id }));
    expect(wrongTerm.statusCode).toBe(400);
    expect(wrongTerm.json().errors).toEqual({ termId: 'The First term is not in the session of JSS 1 A' });
    expect((await client.post('/api/lesson-notes', note({ classId: otherClassId }))).statusCode).toBe(404);
    expect((await client.post('/api/lesson-notes', note({ subjectId: otherSubjectId }))).statusCode).toBe(404);
    expect((await client.post('/api/lesson-notes', note({ termId: otherTermId }))).statusCode).toBe(404);
  });

  it('keeps one note per class, subject, term and week (409)', async () => {
    const client = await teacher();
    expect((await client.post('/api/lesson-notes', note({ week: 2 }))).statusCode).toBe(201);
    const again = await client.post('/api/lesson-notes', note({ week: 2, title: 'Again' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already have a lesson note for JSS 1 A Mathematics, Second term week 2');
  });

  it('takes a PDF or DOCX attachment in a multipart form, served to the school', async () => {
    const client = await teacher();
    const fields = { classId: jss1b.id, subjectId: maths.id, termId: second.id, week: '1', title: 'Angles', body: '<p>Acute and obtuse</p>' };
    const pdf = multipart(fields, { name: 'angles.pdf', type: 'application/pdf', bytes: PDF });
    const res = await client.request({ method: 'POST', url: '/api/lesson-notes', payload: pdf.payload, headers: pdf.headers });
    expect(res.statusCode).toBe(201);
    const attachment = res.json().attachment;
    expect(attachment).toMatchObject({ name: 'angles.pdf', mimeType: 'application/pdf', sizeBytes: PDF.length, url: `/api/uploads/${attachment.id}` });
    const file = await (await admin()).get(attachment.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const [upload] = await app.db
      .select()
      .from(schema.uploads)
      .where(and(eq(schema.uploads.schoolId, t.school.id), eq(schema.uploads.id, attachment.id)));
    expect(upload.purpose).toBe('lesson-note');

    const docx = multipart({ ...fields, week: '3' }, { name: 'angles.docx', type: 'application/octet-stream', bytes: DOCX });
    const withDocx = await client.request({ method: 'POST', url: '/api/lesson-notes', payload: docx.payload, headers: docx.headers });
    expect(withDocx.statusCode).toBe(201);
    expect(withDocx.json().attachment.mimeType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });

  it('refuses other files and files over 10 MB with the attachment’s message, writing nothing', async () => {
    const client = await teacher();
    const uploadCount = async () => (await app.db.select().from(schema.uploads).where(inArray(schema.uploads.schoolId, everySchool()))).length;
    const [notesBefore, uploadsBefore] = [await noteCount(), await uploadCount()];
    const fields = { classId: jss1b.id, subjectId: maths.id, termId: second.id, week: '4', title: 'Angles', body: '<p>Acute</p>' };
    const png = multipart(fields, { name: 'photo.pdf', type: 'application/pdf', bytes: PNG });
    const res = await client.request({ method: 'POST', url: '/api/lesson-notes', payload: png.payload, headers: png.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ attachment: 'Attachment must be a PDF or DOCX file' });
    const big = multipart(fields, { name: 'big.pdf', type: 'application/pdf', bytes: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]) });
    const tooBig = await client.request({ method: 'POST', url: '/api/lesson-notes', payload: big.payload, headers: big.headers });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toMatch(/^Attachment (must be at most 10 MB|is too large)$/);
    const missingTitle = multipart({ ...fields, title: '' }, { name: 'a.pdf', type: 'application/pdf', bytes: PDF });
    const invalid = await client.request({ method: 'POST', url: '/api/lesson-notes', payload: missingTitle.payload, headers: missingTitle.headers });
    expect(invalid.json().errors).toEqual({ title: 'Title is Required' });
    expect(await noteCount()).toBe(notesBefore);
    expect(await uploadCount()).toBe(uploadsBefore);
  });

  it('answers 401 signed out and 403 to an administrator (no add grant) or a student', async () => {
    expect((await new TestClient(app).post('/api/lesson-notes', note())).statusCode).toBe(401);
    expect((await (await admin()).post('/api/lesson-notes', note({ week: 5 }))).statusCode).toBe(403);
    expect((await (await as('student', t.users.student.email)).post('/api/lesson-notes', note({ week: 5 }))).statusCode).toBe(403);
  });
});

describe('the review cycle: draft → submit → reject with a comment → resubmit → approve', () => {
  it('moves a note through its statuses, only where each step is allowed', async () => {
    const mine = await teacher();
    const reviewer = await admin();
    const created = (await mine.post('/api/lesson-notes', note({ week: 4, title: 'Decimals' }))).json();
    const url = `/api/lesson-notes/${created.id}`;

    // an administrator does not see drafts; nothing to review yet
    expect((await reviewer.get(url)).statusCode).toBe(404);
    expect((await reviewer.post(`${url}/review`, { decision: 'Approved' })).statusCode).toBe(404);

    const submitted = await mine.post(`${url}/submit`);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'Submitted', canEdit: false, canSubmit: false, canDelete: false });
    expect(submitted.json().submittedAt).toEqual(expect.any(String));

    // a Submitted note is final for its author
    const edit = await mine.put(url, note({ week: 4, title: 'Decimals, corrected' }));
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('This lesson note is Submitted and can no longer be edited');
    expect((await mine.post(`${url}/submit`)).statusCode).toBe(409);
    expect((await mine.request({ method: 'DELETE', url })).statusCode).toBe(409);

    // rejecting needs a comment
    const noComment = await reviewer.post(`${url}/review`, { decision: 'Rejected', comment: ' ' });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().errors).toEqual({ comment: 'Comment is required when rejecting' });
    expect((await reviewer.get(url)).json().canReview).toBe(true);
    const rejected = await reviewer.post(`${url}/review`, { decision: 'Rejected', comment: 'Add the lesson objectives' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'Rejected', reviewComment: 'Add the lesson objectives', canReview: false });
    expect((await reviewer.post(`${url}/review`, { decision: 'Approved' })).statusCode).toBe(409);

    // the teacher sees the outcome and the comment, corrects and resubmits
    const seen = (await mine.get(url)).json();
    expect(seen).toMatchObject({
      status: 'Rejected',
      reviewComment: 'Add the lesson objectives',
      reviewer: { name: 'Test admin' },
      canEdit: true,
      canSubmit: true,
      canDelete: false,
    });
    const corrected = await mine.put(url, note({ week: 4, title: 'Decimals', body: '<h2>Objectives</h2><p>Read decimals</p>' }));
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json()).toMatchObject({ status: 'Rejected', body: '<h2>Objectives</h2><p>Read decimals</p>' });
    const resubmitted = await mine.post(`${url}/submit`);
    expect(resubmitted.json()).toMatchObject({ status: 'Submitted', reviewComment: null, reviewer: null });

    const approved = await reviewer.post(`${url}/review`, { decision: 'Approved', comment: 'Well done' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'Approved', reviewComment: 'Well done', reviewer: { name: 'Test admin' } });
    expect(approved.json().reviewedAt).toEqual(expect.any(String));
    const late = await mine.put(url, note({ week: 4, title: 'Too late' }));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This lesson note is Approved and can no longer be edited');

    const actions = await app.db
      .select({ action: schema.auditLog.action, userId: schema.auditLog.userId })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.entity, 'lesson_note'), eq(schema.auditLog.entityId, created.id)))
      .orderBy(schema.auditLog.createdAt);
    expect(actions.map((a) => a.action)).toEqual([
      'lesson_note.created',
      'lesson_note.submitted',
      'lesson_note.rejected',
      'lesson_note.updated',
      'lesson_note.submitted',
      'lesson_note.approved',
    ]);
  });

  it('answers a review with a bad decision 400, another teacher’s or another school’s note 404, a teacher’s review 403', async () => {
    const created = (await (await teacher()).post('/api/lesson-notes', note({ week: 5, title: 'Ratios' }))).json();
    const url = `/api/lesson-notes/${created.id}`;
    await (await teacher()).post(`${url}/submit`);
    const bad = await (await admin()).post(`${url}/review`, { decision: 'Maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ decision: 'Please choose Approve or Reject' });
    const colleague = await as('okafor', okaforUser.email);
    expect((await colleague.get(url)).statusCode).toBe(404);
    expect((await colleague.post(`${url}/submit`)).statusCode).toBe(404);
    expect((await colleague.post(`${url}/review`, { decision: 'Approved' })).statusCode).toBe(403);
    const stranger = await as('stranger', other.users.admin.email);
    expect((await stranger.get(url)).statusCode).toBe(404);
    expect((await stranger.post(`${url}/review`, { decision: 'Approved' })).statusCode).toBe(404);
    expect((await (await admin()).get('/api/lesson-notes/not-an-id')).statusCode).toBe(404);
    expect((await new TestClient(app).post(`${url}/review`, { decision: 'Approved' })).statusCode).toBe(401);
    expect((await (await as('student', t.users.student.email)).post(`${url}/review`, { decision: 'Approved' })).statusCode).toBe(403);
  });
});

describe('listing (GET /api/lesson-notes) and choices (GET /api/lesson-notes/options)', () => {
  it('lists a teacher’s own notes only, with filters and pages', async () => {
    const colleague = await as('okafor', okaforUser.email);
    const theirs = await colleague.post('/api/lesson-notes', note({ subjectId: english.id, title: 'Comprehension' }));
    expect(theirs.statusCode).toBe(201);

    const all = (await (await teacher()).get('/api/lesson-notes')).json();
    expect(all.total).toBeGreaterThan(3);
    expect(all.items.every((n: { teacher: { id: string } }) => n.teacher.id === adeyemi.id)).toBe(true);
    expect(all.items[0]).not.toHaveProperty('body');

    const filtered = (await (await teacher()).get(`/api/lesson-notes?classId=${jss1b.id}&week=1&status=Draft`)).json();
    expect(filtered.items.map((n: { title: string }) => n.title)).toEqual(['Angles']);
    const paged = (await (await teacher()).get('/api/lesson-notes?pageSize=10&page=2')).json();
    expect(paged).toMatchObject({ page: 2, pageSize: 10 });
    // a teacher cannot widen the list to a colleague's notes
    const widened = (await (await teacher()).get(`/api/lesson-notes?teacherId=${okafor.id}`)).json();
    expect(widened.items.every((n: { teacher: { id: string } }) => n.teacher.id === adeyemi.id)).toBe(true);

    const bad = await (await teacher()).get('/api/lesson-notes?week=9&classId=x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ classId: 'Please Select a Class', week: 'Week must be from 1 to 5' });
  });

  it('lists the school’s submitted, approved and rejected notes to an administrator, never drafts, filtered by teacher', async () => {
    const res = (await (await admin()).get('/api/lesson-notes?pageSize=30')).json();
    expect(res.items.length).toBeGreaterThan(0);
    expect(res.items.every((n: { status: string }) => n.status !== 'Draft')).toBe(true);
    const byTeacher = (await (await admin()).get(`/api/lesson-notes?teacherId=${okafor.id}`)).json();
    expect(byTeacher.items).toEqual([]);
    const approved = (await (await admin()).get('/api/lesson-notes?status=Approved')).json();
    expect(approved.items.map((n: { title: string }) => n.title)).toEqual(['Decimals']);
    // another school's administrator sees none of them
    expect((await (await as('stranger', other.users.admin.email)).get('/api/lesson-notes')).json()).toMatchObject({ items: [], total: 0 });
  });

  it('gives a teacher only the classes and subjects they teach, and an administrator the teachers too', async () => {
    const mine = (await (await teacher()).get('/api/lesson-notes/options')).json();
    expect(mine.classes.map((c: { name: string }) => c.name)).toEqual(['JSS 1 A', 'JSS 1 B']);
    expect(mine.subjects.map((s: { name: string }) => s.name)).toEqual(['Mathematics']);
    expect(mine.terms.map((s: { name: string }) => s.name)).toEqual(['First', 'Second', 'Third']);
    expect(mine.teachers).toEqual([]);
    const everything = (await (await admin()).get('/api/lesson-notes/options')).json();
    expect(everything.subjects.map((s: { name: string }) => s.name)).toEqual(['English Language', 'Mathematics']);
    expect(everything.teachers.map((s: { name: string }) => s.name)).toEqual(['Mr. Chinedu Okafor', 'Mrs. Funmilayo Adeyemi']);
  });

  it('answers 401 signed out and 403 to students and parents', async () => {
    expect((await new TestClient(app).get('/api/lesson-notes')).statusCode).toBe(401);
    expect((await new TestClient(app).get('/api/lesson-notes/options')).statusCode).toBe(401);
    expect((await (await as('student', t.users.student.email)).get('/api/lesson-notes')).statusCode).toBe(403);
    expect((await (await as('parent', t.users.parent.email)).get('/api/lesson-notes/options')).statusCode).toBe(403);
    expect(first.name).toBe('First');
  });
});
