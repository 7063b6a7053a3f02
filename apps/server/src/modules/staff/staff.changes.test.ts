import { EMAIL_REQUIRED_FOR_ACCOUNT, EMAIL_TAKEN } from '@school/shared/staff/schemas';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, authSessions, guardians, invitations, noticeReads, notices, staff, users } from '../../db/schema';
import { accountIdByEmail } from '../../lib/accounts';
import { createClass, createStaff } from '../../test/factories';
import { createUser, TestClient } from '../../test/test-app';
import { DEACTIVATED_MESSAGE, NO_PENDING_INVITATION } from './staff.service';
import {
  app,
  tenant,
  other,
  admin,
  otherAdmin,
  PNG,
  JPEG,
  PDF,
  email,
  fields,
  putStaff,
  del,
  signedIn,
  uploadFiles,
  counts,
  latestMailTo,
  addStaff,
  setUp,
  tearDown,
} from './staff.test-kit';

beforeAll(setUp);
afterAll(tearDown);

describe('PUT /api/staff/:id (edit-profile)', () => {
  it('edits the fields and records before and after', async () => {
    const created = await addStaff({ name: 'Tunde Bakare' });
    const res = await putStaff(
      admin,
      created.id,
      fields({ name: 'Tunde O. Bakare', email: created.email, phone: '+2348091112233', gender: 'male', address: '4 Broad Street' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().staff).toMatchObject({ name: 'Tunde O. Bakare', phone: '+2348091112233', gender: 'male', address: '4 Broad Street' });
    const [user] = await app.db.select().from(users).where(eq(users.id, created.account.userId));
    expect(user).toMatchObject({ name: 'Tunde O. Bakare', phone: '+2348091112233' });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, tenant.school.id), eq(auditLog.entityId, created.id), eq(auditLog.action, 'staff.updated')));
    expect(entry.before).toMatchObject({ name: 'Tunde Bakare' });
    expect(entry.after).toMatchObject({ name: 'Tunde O. Bakare', address: '4 Broad Street' });
  });

  it('moves the account to a new email: the new address finds it, the old one is free, a taken one is 409', async () => {
    const created = await addStaff();
    const newEmail = email('moved');
    const taken = await putStaff(admin, created.id, fields({ email: tenant.users.teacher.email.toUpperCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: EMAIL_TAKEN, errors: { email: EMAIL_TAKEN } });
    expect(await accountIdByEmail(app.db, created.email)).toBe(created.account.userId);
    const res = await putStaff(admin, created.id, fields({ email: newEmail.toUpperCase() }));
    expect(res.statusCode).toBe(200);
    expect(await accountIdByEmail(app.db, newEmail)).toBe(created.account.userId);
    expect(await accountIdByEmail(app.db, created.email)).toBeNull();
    expect((await addStaff({ email: created.email })).account.userId).not.toBe(created.account.userId);
  });

  it('changes the account role with the staff type; a type without sign-in disables the account; changing back re-enables and re-invites', async () => {
    const created = await addStaff();
    const userId = created.account.userId;
    const roleOf = async () => (await app.db.select().from(users).where(eq(users.id, userId)))[0];

    expect((await putStaff(admin, created.id, fields({ staffType: 'Principal', email: created.email }))).json().staff.account).toMatchObject({ role: 'admin' });
    expect((await roleOf()).role).toBe('admin');

    const gate = await putStaff(admin, created.id, fields({ staffType: 'Gateman', email: created.email }));
    expect(gate.json().staff.account).toMatchObject({ status: 'disabled' });

    const back = await putStaff(admin, created.id, fields({ staffType: 'Teacher', email: created.email }));
    expect(back.json().staff.account).toMatchObject({ role: 'teacher', status: 'invited' });
    const [{ open }] = await app.db.select({ open: count() }).from(invitations).where(eq(invitations.userId, userId));
    expect(open).toBeGreaterThanOrEqual(2);
  });

  it('creates and invites an account when a gateman becomes a teacher', async () => {
    const gateman = await addStaff({ staffType: 'Gateman', email: '' });
    const address = email('promoted');
    const res = await putStaff(admin, gateman.id, fields({ staffType: 'Teacher', email: address }));
    expect(res.json().staff.account).toMatchObject({ role: 'teacher', status: 'invited' });
    expect((await latestMailTo(admin, address))?.body).toContain('Your invitation code is');
  });

  it('replaces the photo (the old file goes) and removes it on request', async () => {
    const created = await addStaff({}, { bytes: PNG, name: 'a.png', type: 'image/png' });
    const files = uploadFiles();
    const changed = await putStaff(admin, created.id, fields({ email: created.email }), { bytes: JPEG, name: 'b.jpg', type: 'image/jpeg' });
    expect(changed.statusCode).toBe(200);
    const newUrl = changed.json().staff.photoUrl;
    expect(newUrl).not.toBe(created.photoUrl);
    expect(uploadFiles()).toBe(files);
    expect((await admin.get(created.photoUrl)).statusCode).toBe(404);
    expect((await admin.get(newUrl)).headers['content-type']).toBe('image/jpeg');

    const removed = await putStaff(admin, created.id, fields({ email: created.email, removePhoto: 'true' }));
    expect(removed.json().staff.photoUrl).toBeNull();
    expect(uploadFiles()).toBe(files - 1);
  });

  it('answers 400 with the messages (bad photo included) and changes nothing', async () => {
    const created = await addStaff({ name: 'Unchanged Person' }, { bytes: PNG, name: 'a.png', type: 'image/png' });
    const before = await counts();
    const empty = await putStaff(admin, created.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.name).toBe('Name is required');
    const noEmail = await putStaff(admin, created.id, fields({ email: '' }));
    expect(noEmail.json().errors).toEqual({ email: EMAIL_REQUIRED_FOR_ACCOUNT });
    const pdf = await putStaff(admin, created.id, fields({ email: created.email, name: 'Changed' }), { bytes: PDF, name: 'x.png', type: 'image/png' });
    expect(pdf.json().errors).toEqual({ photo: 'Photo must be a PNG or JPEG file' });
    const taken = await putStaff(admin, created.id, fields({ email: tenant.users.parent.email, name: 'Changed' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: EMAIL_TAKEN });
    expect(await counts()).toEqual(before);
    expect((await admin.get(`/api/staff/${created.id}`)).json().staff).toMatchObject({ name: 'Unchanged Person', photoUrl: created.photoUrl });
  });

  it('answers 404 for another school’s staff (whatever the body), 401 and 403', async () => {
    const mine = await addStaff();
    expect((await putStaff(otherAdmin, mine.id, fields())).statusCode).toBe(404);
    expect((await putStaff(otherAdmin, mine.id, {})).statusCode).toBe(404);
    expect((await putStaff(new TestClient(app), mine.id, fields())).statusCode).toBe(401);
    expect((await putStaff(await signedIn(tenant.users.teacher.email), mine.id, fields())).statusCode).toBe(403);
  });
});

describe('DELETE /api/staff/:id', () => {
  it('deletes a staff member without records, with their unused account and photo', async () => {
    const created = await addStaff({}, { bytes: PNG, name: 'a.png', type: 'image/png' });
    const files = uploadFiles();
    const res = await del(admin, created.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: 'deleted', message: 'Staff member deleted' });
    expect(
      await app.db
        .select()
        .from(staff)
        .where(and(eq(staff.schoolId, tenant.school.id), eq(staff.id, created.id))),
    ).toEqual([]);
    expect(await app.db.select().from(users).where(eq(users.id, created.account.userId))).toEqual([]);
    expect(await accountIdByEmail(app.db, created.email)).toBeNull();
    expect(uploadFiles()).toBe(files - 1);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, tenant.school.id), eq(auditLog.entityId, created.id), eq(auditLog.action, 'staff.deleted')));
    expect(entry.before).toMatchObject({ name: created.name });
    expect((await admin.get(`/api/staff/${created.id}`)).statusCode).toBe(404);
  });

  it('deactivates a class teacher instead, disabling their account', async () => {
    const created = await addStaff();
    await createClass(app.db, tenant, { level: 'SSS 1', arm: 'C', classTeacherId: created.id });
    const res = await del(admin, created.id);
    expect(res.json()).toEqual({ outcome: 'deactivated', message: DEACTIVATED_MESSAGE });
    const detail = (await admin.get(`/api/staff/${created.id}`)).json().staff;
    expect(detail).toMatchObject({ status: 'inactive', account: { status: 'disabled' } });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, tenant.school.id), eq(auditLog.entityId, created.id), eq(auditLog.action, 'staff.deactivated')));
    expect(entry.before).toMatchObject({ status: 'active' });
    expect(entry.after).toMatchObject({ status: 'inactive', account: { status: 'disabled' } });
  });

  it('deactivates someone whose account has signed in, and signs them out', async () => {
    const user = await createUser(app.db, { organisationId: tenant.organisation.id, schoolId: tenant.school.id, role: 'teacher' });
    const row = await createStaff(app.db, tenant, { userId: user.id, name: 'Signed In', email: user.email });
    const teacher = await signedIn(user.email);
    expect((await del(admin, row.id)).json().outcome).toBe('deactivated');
    expect(await app.db.select().from(authSessions).where(eq(authSessions.userId, user.id))).toEqual([]);
    expect((await teacher.get('/api/auth/me')).statusCode).toBe(401);
    await expect(new TestClient(app).login(user.email)).rejects.toThrow();
  });

  it('deactivates instead when a table this module does not know refers to the staff member', async () => {
    const created = await addStaff();
    await app.db.execute(
      sql`create table if not exists test_staff_refs (school_id uuid not null, staff_id uuid not null, foreign key (school_id, staff_id) references staff (school_id, id))`,
    );
    await app.db.execute(sql`insert into test_staff_refs (school_id, staff_id) values (${tenant.school.id}, ${created.id})`);
    const res = await del(admin, created.id);
    expect(res.json().outcome).toBe('deactivated');
    expect(
      (
        await app.db
          .select()
          .from(staff)
          .where(and(eq(staff.schoolId, tenant.school.id), eq(staff.id, created.id)))
      )[0].status,
    ).toBe('inactive');
    expect((await app.db.select().from(users).where(eq(users.id, created.account.userId)))[0].status).toBe('disabled');
  });

  it('deactivates instead when a record of the school holds the account (no foreign key guards it: ADR 0026)', async () => {
    const created = await addStaff();
    await app.db.insert(guardians).values({ schoolId: tenant.school.id, userId: created.account.userId, name: 'Also a guardian', relationship: 'Father' });
    expect((await del(admin, created.id)).json().outcome).toBe('deactivated');
    expect((await app.db.select().from(users).where(eq(users.id, created.account.userId)))[0].status).toBe('disabled');
    expect(await accountIdByEmail(app.db, created.email)).toBe(created.account.userId);
  });

  it('deletes the rows that go with a deleted account (its notice reads)', async () => {
    const created = await addStaff();
    const [notice] = await app.db
      .insert(notices)
      .values({
        organisationId: tenant.organisation.id,
        schoolId: tenant.school.id,
        title: 'Read once',
        description: 'x',
        date: '2024-01-10',
        audience: 'staff',
      })
      .returning();
    await app.db.insert(noticeReads).values({ schoolId: tenant.school.id, noticeId: notice!.id, userId: created.account.userId });
    expect((await del(admin, created.id)).json().outcome).toBe('deleted');
    expect(await app.db.select().from(users).where(eq(users.id, created.account.userId))).toEqual([]);
    expect(
      await app.db
        .select()
        .from(noticeReads)
        .where(and(eq(noticeReads.schoolId, tenant.school.id), eq(noticeReads.noticeId, notice!.id))),
    ).toEqual([]);
  });

  it('answers 404 for another school’s staff, 401 and 403', async () => {
    const mine = await addStaff();
    expect((await del(otherAdmin, mine.id)).statusCode).toBe(404);
    expect((await del(new TestClient(app), mine.id)).statusCode).toBe(401);
    expect((await del(await signedIn(tenant.users.teacher.email), mine.id)).statusCode).toBe(403);
    expect(
      (
        await app.db
          .select()
          .from(staff)
          .where(and(eq(staff.schoolId, tenant.school.id), eq(staff.id, mine.id)))
      ).length,
    ).toBe(1);
  });
});

describe('POST /api/staff/:id/resend-invitation', () => {
  it('mails a new code that replaces the old one', async () => {
    const created = await addStaff();
    const first = (await latestMailTo(admin, created.email))!.body;
    const res = await admin.post(`/api/staff/${created.id}/resend-invitation`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`Invitation sent to ${created.email}`);
    const second = (await latestMailTo(admin, created.email))!.body;
    expect(second).not.toBe(first);
    const code = /code is: (\d+)/.exec(second)![1];
    const register = await new TestClient(app).post('/api/auth/register', {
      email: created.email,
      code,
      password: 'a-good-pass-1',
      confirmPassword: 'a-good-pass-1',
    });
    expect(register.statusCode).toBe(200);
    // now active: nothing to resend
    const again = await admin.post(`/api/staff/${created.id}/resend-invitation`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(NO_PENDING_INVITATION);
  });

  it('refuses staff without an account (400); 404 across schools; 401; 403', async () => {
    const gateman = await addStaff({ staffType: 'Gateman', email: '' });
    expect((await admin.post(`/api/staff/${gateman.id}/resend-invitation`)).statusCode).toBe(400);
    const teacher = await addStaff();
    expect((await otherAdmin.post(`/api/staff/${teacher.id}/resend-invitation`)).statusCode).toBe(404);
    expect((await new TestClient(app).post(`/api/staff/${teacher.id}/resend-invitation`)).statusCode).toBe(401);
    expect((await (await signedIn(tenant.users.teacher.email)).post(`/api/staff/${teacher.id}/resend-invitation`)).statusCode).toBe(403);
  });
});

describe('GET /api/school/users', () => {
  it('lists the school’s accounts with their role and status, by name', async () => {
    const res = await admin.get('/api/school/users?pageSize=100');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Array<{ id: string; role: string; email: string; status: string }>;
    expect(items.map((u) => u.id)).toEqual(
      expect.arrayContaining([tenant.users.admin.id, tenant.users.teacher.id, tenant.users.student.id, tenant.users.parent.id]),
    );
    expect(items.every((u) => !('passwordHash' in u))).toBe(true);
    // the super administrator belongs to the organisation, not the school; other schools' users are not here
    expect(items.map((u) => u.id)).not.toContain(tenant.users.super_admin.id);
    expect(items.map((u) => u.id)).not.toContain(other.users.admin.id);
    expect(res.json().total).toBe(items.length);
  });

  it('filters by role, status and search', async () => {
    const teachers = (await admin.get('/api/school/users?role=teacher&pageSize=100')).json().items as Array<{ role: string }>;
    expect(teachers.length).toBeGreaterThan(0);
    expect(teachers.every((u) => u.role === 'teacher')).toBe(true);
    const invited = (await admin.get('/api/school/users?status=invited&pageSize=100')).json().items as Array<{ status: string }>;
    expect(invited.every((u) => u.status === 'invited')).toBe(true);
    const found = (await admin.get(`/api/school/users?search=${encodeURIComponent(tenant.users.parent.email)}`)).json();
    expect(found).toMatchObject({ total: 1, items: [{ id: tenant.users.parent.id, role: 'parent', status: 'active' }] });
    expect((await admin.get('/api/school/users?role=super_admin')).statusCode).toBe(400);
  });

  it('refuses students (who may view academics: the accounts are the administrators’) with 403; 401 signed out; 403 for a teacher', async () => {
    expect((await (await signedIn(tenant.users.student.email)).get('/api/school/users')).statusCode).toBe(403);
    expect((await new TestClient(app).get('/api/school/users')).statusCode).toBe(401);
    expect((await (await signedIn(tenant.users.teacher.email)).get('/api/school/users')).statusCode).toBe(403);
  });
});
