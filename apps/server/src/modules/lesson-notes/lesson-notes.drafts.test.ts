import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { app, t, PDF, multipart, okaforUser, jss1b, maths, second, as, teacher, admin, note, setUp, tearDown } from './lesson-notes.test-kit';

beforeAll(setUp);
afterAll(tearDown);

describe('editing and deleting a draft', () => {
  it('edits the author’s draft, replaces or removes its attachment, and deletes it', async () => {
    const client = await teacher();
    const created = (await client.post('/api/lesson-notes', note({ classId: jss1b.id, week: 5, title: 'Draft to edit' }))).json();
    const url = `/api/lesson-notes/${created.id}`;
    const form = multipart(
      { classId: jss1b.id, subjectId: maths.id, termId: second.id, week: '5', title: 'Edited', body: '<p>New body</p>' },
      { name: 'plan.pdf', type: 'application/pdf', bytes: PDF },
    );
    const edited = await client.request({ method: 'PUT', url, payload: form.payload, headers: form.headers });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Edited', attachment: { name: 'plan.pdf' } });
    const removed = await client.put(url, { ...note({ classId: jss1b.id, week: 5, title: 'Edited' }), removeAttachment: true });
    expect(removed.json().attachment).toBeNull();
    const invalid = await client.put(url, note({ classId: jss1b.id, week: 5, title: '' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({ title: 'Title is Required' });

    expect((await (await as('okafor', okaforUser.email)).put(url, note({ classId: jss1b.id, week: 5 }))).statusCode).toBe(404);
    expect((await (await admin()).request({ method: 'DELETE', url })).statusCode).toBe(403);
    expect((await client.request({ method: 'DELETE', url })).statusCode).toBe(204);
    expect((await client.get(url)).statusCode).toBe(404);
    const [deleted] = await app.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.schoolId, t.school.id), eq(schema.auditLog.entityId, created.id), eq(schema.auditLog.action, 'lesson_note.deleted')));
    expect(deleted.before).toMatchObject({ title: 'Edited', status: 'Draft' });
  });
});
