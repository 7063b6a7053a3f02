/**
 * The staff import (issue 19): a CSV checked row by row with the add-staff form's rules, a preview
 * that writes nothing, all-or-nothing or the correct rows only, one audit entry, and invitations
 * (their codes shown to the administrator when mail is not configured); later, new codes for printed
 * slips (ADR 0036).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { TestClient } from '../../test/test-app';
import { addStaff, admin, app, counts, email, fields, otherAdmin, postStaff, setUp, signedIn, tearDown, tenant } from './staff.test-kit';

beforeAll(setUp);
afterAll(tearDown);

const HEADER = 'Name,Staff type,email,phone,gender,address,employed_on';

function row(name: string, o: Partial<Record<'type' | 'email' | 'phone' | 'gender' | 'employedOn', string>> = {}) {
  return [
    name,
    o.type ?? 'teacher',
    o.email ?? email('imp'),
    o.phone ?? '08031234567',
    o.gender ?? 'F',
    '"5 Broad Street, Lagos"',
    o.employedOn ?? '02/09/2019',
  ].join(',');
}

const csv = (...rows: string[]) => `${HEADER}\r\n${rows.join('\r\n')}\r\n`;

async function upload(client: TestClient, content: string, fields: Record<string, string> = { mode: 'all-or-nothing' }, query = '') {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([content], { type: 'text/csv' }), 'staff.csv');
  const response = new Response(form);
  return client.request({
    method: 'POST',
    url: `/api/staff/import${query}`,
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  });
}

const imports = () =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.schoolId, tenant.school.id), eq(auditLog.action, 'staff.imported')));

describe('POST /api/staff/import', () => {
  it('previews with ?preview=true and writes nothing', async () => {
    const before = await counts();
    const res = await upload(
      admin,
      csv(row('Bola Ade'), row('Musa Garba', { type: 'GATEMAN', email: '', gender: 'male' })),
      { mode: 'all-or-nothing' },
      '?preview=true',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      dryRun: true,
      imported: 2,
      skipped: 0,
      rows: [
        { line: 2, ok: true, name: 'Bola Ade' },
        { line: 3, ok: true },
      ],
    });
    expect(res.json().invitations).toBeUndefined();
    expect(await counts()).toEqual(before);
    expect(await imports()).toHaveLength(0);
  });

  it('names the row and column of each error; all-or-nothing writes nothing', async () => {
    const before = await counts();
    const res = await upload(
      admin,
      csv(
        row('Good Teacher'),
        row('No Email', { type: 'Principal', email: '' }),
        row('Odd Type', { type: 'Driver' }),
        row('Bad Date', { employedOn: 'yesterday', gender: 'x' }),
        row('Taken', { email: tenant.users.teacher.email }),
      ),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('4 of 5 rows have errors, so nothing was imported. Correct them and import again.');
    expect(body.imported).toBe(0);
    expect(body.rows[0]).toMatchObject({ line: 2, ok: true });
    expect(body.rows[1]).toMatchObject({ line: 3, ok: false, errors: { email: 'Email is required for staff who sign in' } });
    expect(body.rows[2].errors.staff_type).toMatch(/“Driver” is not a staff type/);
    expect(body.rows[3]).toMatchObject({ line: 5, errors: { employed_on: expect.any(String), gender: expect.stringMatching(/“x” is not a gender/) } });
    expect(body.rows[4]).toMatchObject({ line: 6, errors: { email: 'An account with this email already exists' } });
    expect(await counts()).toEqual(before);
    expect(await imports()).toHaveLength(0);
  });

  it('refuses a missing column and a teacher', async () => {
    const missing = await upload(admin, 'name,staff_type\r\nA,Teacher\r\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.file).toBe('The header has no column email, phone, gender, address, employed_on');
    const teacher = await signedIn(tenant.users.teacher.email);
    const before = await counts();
    expect((await upload(teacher, csv(row('Sneaky Add')))).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('imports the correct rows, invites those who sign in, shows their codes and audits once', async () => {
    const teacherEmail = email('imp-teacher');
    const res = await upload(
      admin,
      csv(
        row('Ngozi Eze', { email: teacherEmail.toUpperCase(), gender: 'female' }),
        row('Sani Bello', { type: 'non-academic STAFF', email: '', gender: 'm', employedOn: '2021-01-04' }),
        row('Bad Row', { phone: '12' }),
      ),
      { mode: 'valid-rows-only' },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ dryRun: false, imported: 2, skipped: 1 });
    expect(body.rows[0]).toMatchObject({ line: 2, ok: true, staffId: expect.any(String), staffType: 'Teacher' });
    expect(body.rows[1]).toMatchObject({ line: 3, ok: true, staffType: 'Non-academic staff' });
    expect(body.rows[2]).toMatchObject({ line: 4, ok: false, errors: { phone: expect.any(String) } });
    expect(body.rows[2].staffId).toBeUndefined();
    expect(body.invitations.items).toEqual([
      { name: 'Ngozi Eze', email: teacherEmail, role: 'teacher', code: expect.stringMatching(/^\d{8}$/), expiresAt: expect.any(String) },
    ]);

    const created = await admin.get(`/api/staff/${body.rows[0].staffId}`);
    expect(created.json().staff).toMatchObject({
      name: 'Ngozi Eze',
      staffType: 'Teacher',
      email: teacherEmail,
      employedOn: '2019-09-02',
      account: { role: 'teacher', status: 'invited' },
    });
    const gateman = await admin.get(`/api/staff/${body.rows[1].staffId}`);
    expect(gateman.json().staff).toMatchObject({ name: 'Sani Bello', account: null, employedOn: '2021-01-04' });
    const [account] = await app.db
      .select()
      .from(users)
      .where(and(eq(users.organisationId, tenant.organisation.id), eq(users.email, teacherEmail)));
    expect(account).toMatchObject({ role: 'teacher', status: 'invited', schoolId: tenant.school.id });

    // the code shown registers the account
    const anon = new TestClient(app);
    const registered = await anon.post('/api/auth/register', {
      email: teacherEmail,
      code: body.invitations.items[0].code,
      password: 'a-long-password-1',
      confirmPassword: 'a-long-password-1',
    });
    expect(registered.statusCode).toBeLessThan(300);

    const entries = await imports();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      userId: tenant.users.admin.id,
      entity: 'staff_import',
      after: { mode: 'valid-rows-only', rows: 3, imported: 2, skipped: 1 },
    });

    // the same file again: the teacher's email is now taken
    const again = await upload(admin, csv(row('Ngozi Eze', { email: teacherEmail })), { mode: 'all-or-nothing' }, '?preview=true');
    expect(again.json().rows[0].errors.email).toBe('An account with this email already exists');
  });
});

function register(address: string, code: string) {
  return new TestClient(app).post('/api/auth/register', { email: address, code, password: 'a-long-password-1', confirmPassword: 'a-long-password-1' });
}

describe('POST /api/staff/invitation-slips', () => {
  it('issues new codes to the staff accounts not yet signed up, never a used one; the old codes stop working', async () => {
    const waiting = email('slip-waiting');
    const signedUp = email('slip-signed-up');
    const imported = await upload(admin, csv(row('Mrs. Zainab Waiting', { email: waiting }), row('Dapo Signed', { email: signedUp })));
    expect(imported.statusCode, imported.body).toBe(200);
    const codeOf = (address: string) => imported.json().invitations.items.find((i: { email: string }) => i.email === address).code as string;
    expect((await register(signedUp, codeOf(signedUp))).statusCode).toBe(200);
    await addStaff({ name: 'Gate Keeper', staffType: 'Gateman', email: undefined });
    const principal = await addStaff({ name: 'Bisi Principal', staffType: 'Principal', email: email('slip-principal') });
    const elsewhere = fields({ email: email('slip-other-school') });
    expect((await postStaff(otherAdmin, elsewhere)).statusCode).toBe(201);

    const res = await admin.post('/api/staff/invitation-slips');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.schoolName).toBe(tenant.school.name);
    expect(body.registerUrl).toMatch(/\/auth\/register$/);
    const emails = body.items.map((i: { email: string }) => i.email);
    expect(emails).toContain(waiting);
    expect(emails).toContain(principal.email);
    expect(emails).not.toContain(signedUp);
    expect(emails).not.toContain(elsewhere.email);
    // by name without a title: Bisi before Zainab
    expect(emails.indexOf(principal.email)).toBeLessThan(emails.indexOf(waiting));
    const slip = body.items.find((i: { email: string }) => i.email === waiting);
    expect(slip).toEqual({
      name: 'Mrs. Zainab Waiting',
      email: waiting,
      role: 'teacher',
      code: expect.stringMatching(/^\d{8}$/),
      expiresAt: expect.any(String),
    });
    expect(body.items.find((i: { email: string }) => i.email === principal.email).role).toBe('admin');
    // the code lasts as long as any invitation's (ADR 0007): days, not minutes
    expect(new Date(slip.expiresAt).getTime()).toBeGreaterThan(Date.now() + 86_400_000);

    expect((await register(waiting, codeOf(waiting))).statusCode).toBe(400);
    expect((await register(waiting, slip.code)).statusCode).toBe(200);
    const again = await admin.post('/api/staff/invitation-slips');
    expect(again.json().items.map((i: { email: string }) => i.email)).not.toContain(waiting);

    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, tenant.school.id), eq(auditLog.action, 'invitations.slips_issued'), eq(auditLog.entity, 'staff')));
    expect(entries).toHaveLength(2);
    const entry = entries.find((e) => (e.after as { accounts: string[] }).accounts.includes(waiting))!;
    expect(entry).toMatchObject({ userId: tenant.users.admin.id });
    expect(JSON.stringify(entry.after)).not.toContain(slip.code);
  });

  it('are for the school’s administrators only: 403 to a teacher, the owner or a parent, 401 signed out', async () => {
    const url = '/api/staff/invitation-slips';
    for (const role of ['teacher', 'super_admin', 'parent'] as const) {
      const client = await signedIn(tenant.users[role].email);
      expect((await client.post(url)).statusCode, role).toBe(403);
    }
    expect((await new TestClient(app).post(url)).statusCode).toBe(401);
  });
});
