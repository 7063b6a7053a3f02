import { DEFAULT_PERMISSION_MATRIX } from '@school/shared/auth/permissions';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as schema from '../../db/schema';
import { createSchool, createTenant, createTestApp, createUser, TestClient } from '../../test/test-app';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

let app: FastifyInstance;
let t: Tenant;
let other: Tenant;
let school2: typeof schema.schools.$inferSelect;
let admin2: typeof schema.users.$inferSelect;

const clients = new Map<string, TestClient>();
async function as(email: string) {
  if (!clients.has(email)) {
    const client = new TestClient(app);
    await client.login(email);
    clients.set(email, client);
  }
  return clients.get(email)!;
}
const owner = () => as(t.users.super_admin.email);

const camera = (overrides: Record<string, unknown> = {}) => ({
  name: 'Main gate camera',
  modelCode: 'QR-1234',
  cameraModel: 'Hikvision DS-2CD',
  schoolIds: [t.school.id],
  location: 'Main gate',
  channelType: 'Live',
  source: 'https://cams.example.test/gate/index.m3u8',
  roles: ['admin'],
  ...overrides,
});

async function create(body: Record<string, unknown>) {
  const res = await (await owner()).post('/api/cameras', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const ids = async (email: string) => {
  const res = await (await as(email)).get('/api/cameras');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.map((c: { id: string }) => c.id) as string[];
};

beforeAll(async () => {
  app = await createTestApp();
  t = await createTenant(app.db);
  other = await createTenant(app.db);
  school2 = (await createSchool(app.db, t.organisation.id, { name: 'Greenfield Nursery' })).school;
  admin2 = await createUser(app.db, { organisationId: t.organisation.id, schoolId: school2.id, role: 'admin' });
  // this organisation lets teachers watch the cameras assigned to them
  const matrix = structuredClone(DEFAULT_PERMISSION_MATRIX);
  matrix.teacher.security = { add: false, edit: false, delete: false, view: true };
  await app.db.update(schema.permissionMatrices).set({ matrix }).where(eq(schema.permissionMatrices.organisationId, t.organisation.id));
});
afterAll(async () => {
  await app.close();
});

describe('access', () => {
  it('answers 401 signed out, 403 without the security grant or when not the super administrator', async () => {
    expect((await new TestClient(app).get('/api/cameras')).statusCode).toBe(401);
    expect((await (await as(other.users.teacher.email)).get('/api/cameras')).statusCode).toBe(403);
    expect((await (await as(t.users.student.email)).get('/api/cameras')).statusCode).toBe(403);
    expect((await (await as(t.users.admin.email)).post('/api/cameras', camera())).statusCode).toBe(403);
    expect((await (await as(t.users.admin.email)).get('/api/cameras/options')).statusCode).toBe(403);
  });
});

describe('the Camera Channel Setup form', () => {
  it("answers each field's own message, writing nothing", async () => {
    const client = await owner();
    const res = await client.post('/api/cameras', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      name: 'Name of Camera is required',
      modelCode: 'Model Code or QR Code is required',
      cameraModel: 'Camera Model is required',
      schoolIds: 'Assign the camera to at least one school',
      location: 'Location is required',
      channelType: 'Please choose a channel',
      roles: 'Choose at least one role that may watch this camera',
    });
    expect(await app.db.select().from(schema.cameras)).toHaveLength(0);
  });

  it('checks the source against the channel type and accepts only http(s) streams', async () => {
    const client = await owner();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ source: '' }, 'Stream URL is required'],
      [{ source: 'javascript:alert(1)' }, 'Stream URL must be a web address starting with http:// or https://'],
      [{ source: 'rtsp://10.0.0.5/stream' }, 'Stream URL must be a web address starting with http:// or https://'],
      [{ channelType: 'Youtube', source: 'https://evil.test/watch?v=abcdefghijk' }, 'Enter a YouTube link or its 11-character video ID'],
      [{ channelType: 'Vimeo', source: 'https://vimeo.com/about' }, 'Enter a Vimeo link or its numeric video ID'],
      [{ channelType: 'Zoom', source: '12345' }, 'Enter a Zoom meeting link or a meeting ID of 9 to 11 digits'],
    ];
    for (const [overrides, message] of cases) {
      const res = await client.post('/api/cameras', camera(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ source: message });
    }
    const res = await client.post('/api/cameras', camera({ location: 'Other' }));
    expect(res.json().errors).toEqual({ specifyLocation: 'Please specify the location' });
  });

  it('answers 404 for a school of another organisation', async () => {
    const res = await (await owner()).post('/api/cameras', camera({ schoolIds: [t.school.id, other.school.id] }));
    expect(res.statusCode).toBe(404);
  });

  it('stores a YouTube link as its video id and answers an embed URL built from it', async () => {
    const created = await create(
      camera({ name: 'Assembly stream', channelType: 'Youtube', source: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=5', location: 'Hall' }),
    );
    expect(created).toMatchObject({
      source: 'dQw4w9WgXcQ',
      playback: { kind: 'embed', url: 'https://www.youtube.com/embed/dQw4w9WgXcQ' },
      schools: [{ id: t.school.id }],
      roles: ['admin'],
    });
    // a camera is the organisation's: its audit rows are the organisation's own (ADR 0026)
    const [row] = await app.db
      .select()
      .from(schema.organisationAuditLog)
      .where(and(eq(schema.organisationAuditLog.organisationId, t.organisation.id), eq(schema.organisationAuditLog.entityId, created.id)));
    expect(row).toMatchObject({ action: 'camera.created', entity: 'camera', userId: t.users.super_admin.id });
  });
});

describe('visibility', () => {
  it('shows a camera only to the schools and roles it is assigned to', async () => {
    const gate = await create(camera({ name: 'Gate (admins)' }));
    const corridor = await create(camera({ name: 'Corridor (teachers)', location: 'Corridor', roles: ['admin', 'teacher'] }));
    const both = await create(camera({ name: 'Both schools', schoolIds: [t.school.id, school2.id] }));

    expect(await ids(t.users.admin.email)).toEqual(expect.arrayContaining([gate.id, corridor.id, both.id]));
    const teacher = await ids(t.users.teacher.email);
    expect(teacher).toContain(corridor.id);
    expect(teacher).not.toContain(gate.id);
    const second = await ids(admin2.email);
    expect(second).toContain(both.id);
    expect(second).not.toContain(gate.id);
    expect(await ids(other.users.admin.email)).toEqual([]);
    expect(await ids(other.users.super_admin.email)).toEqual([]);
    expect(await ids(t.users.super_admin.email)).toEqual(expect.arrayContaining([gate.id, corridor.id, both.id]));

    // a school's viewer is told about their own school only
    const seen = (await (await as(admin2.email)).get(`/api/cameras/${both.id}`)).json();
    expect(seen.schools).toEqual([{ id: school2.id, name: 'Greenfield Nursery' }]);

    for (const email of [admin2.email, other.users.admin.email, other.users.super_admin.email]) {
      expect((await (await as(email)).get(`/api/cameras/${gate.id}`)).statusCode).toBe(404);
      expect((await (await as(email)).get(`/api/cameras/${gate.id}/clips?date=2024-02-10`)).statusCode).toBe(404);
    }
    expect((await (await as(t.users.teacher.email)).get(`/api/cameras/${gate.id}`)).statusCode).toBe(404);
  });

  it('filters by channel type', async () => {
    const res = await (await owner()).get('/api/cameras?channel=Youtube');
    expect(res.json().items.every((c: { channelType: string }) => c.channelType === 'Youtube')).toBe(true);
    expect(res.json().items.length).toBeGreaterThan(0);
  });
});

describe('changing and deleting', () => {
  it('edits a camera, then deletes it with its clips; another organisation gets 404', async () => {
    const created = await create(camera({ name: 'Lab' }));
    const client = await owner();
    let res = await client.put(
      `/api/cameras/${created.id}`,
      camera({ name: 'Lab 2', channelType: 'Vimeo', source: 'https://vimeo.com/76979871', location: 'Laboratory', schoolIds: [school2.id] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Lab 2',
      source: '76979871',
      playback: { url: 'https://player.vimeo.com/video/76979871' },
      schools: [{ id: school2.id }],
    });
    expect(await ids(t.users.admin.email)).not.toContain(created.id);
    expect(await ids(admin2.email)).toContain(created.id);

    const stranger = await as(other.users.super_admin.email);
    expect((await stranger.put(`/api/cameras/${created.id}`, camera({ schoolIds: [other.school.id] }))).statusCode).toBe(404);
    expect((await stranger.request({ method: 'DELETE', url: `/api/cameras/${created.id}` })).statusCode).toBe(404);

    await client.post(`/api/cameras/${created.id}/clips`, {
      startsAt: '2024-02-10T09:00:00Z',
      endsAt: '2024-02-10T09:30:00Z',
      url: 'https://cams.example.test/lab/0900.mp4',
    });
    res = await client.request({ method: 'DELETE', url: `/api/cameras/${created.id}` });
    expect(res.statusCode).toBe(204);
    expect((await client.get(`/api/cameras/${created.id}`)).statusCode).toBe(404);
    expect(await app.db.select().from(schema.cameraClips).where(eq(schema.cameraClips.cameraId, created.id))).toHaveLength(0);
    const actions = (
      await app.db
        .select()
        .from(schema.organisationAuditLog)
        .where(and(eq(schema.organisationAuditLog.organisationId, t.organisation.id), eq(schema.organisationAuditLog.entityId, created.id)))
    ).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['camera.created', 'camera.updated', 'camera.deleted']));
  });
});

describe('recorded clips', () => {
  it("lists a day's clips in the school's time zone and the days of a month that have some", async () => {
    const cam = await create(camera({ name: 'Hall', location: 'Hall' }));
    const client = await owner();
    const add = (startsAt: string, endsAt: string) =>
      client.post(`/api/cameras/${cam.id}/clips`, { startsAt, endsAt, url: `https://cams.example.test/hall/${startsAt}.mp4` });
    // 23:30 UTC on the 9th is 00:30 on the 10th in Lagos (UTC+1)
    expect((await add('2024-02-09T23:30:00Z', '2024-02-10T00:00:00Z')).statusCode).toBe(201);
    expect((await add('2024-02-10T08:00:00+01:00', '2024-02-10T09:00:00+01:00')).statusCode).toBe(201);
    expect((await add('2024-02-12T10:00:00Z', '2024-02-12T11:00:00Z')).statusCode).toBe(201);

    const viewer = await as(t.users.admin.email);
    const day = (await viewer.get(`/api/cameras/${cam.id}/clips?date=2024-02-10`)).json();
    expect(day.timeZone).toBe('Africa/Lagos');
    expect(day.items.map((c: { startsAt: string }) => c.startsAt)).toEqual(['2024-02-09T23:30:00.000Z', '2024-02-10T07:00:00.000Z']);
    expect((await viewer.get(`/api/cameras/${cam.id}/clip-days?month=2024-02`)).json().days).toEqual(['2024-02-10', '2024-02-12']);
    expect((await viewer.get(`/api/cameras/${cam.id}/clips?date=`)).json().errors).toEqual({ date: 'Date is required' });
  });

  it('checks a clip’s times and URL, and only the super administrator adds or deletes', async () => {
    const cam = await create(camera({ name: 'Library', location: 'Library' }));
    const client = await owner();
    let res = await client.post(`/api/cameras/${cam.id}/clips`, {});
    expect(res.json().errors).toMatchObject({ startsAt: 'Start time is required', endsAt: 'End time is required', url: 'Recording URL is required' });
    res = await client.post(`/api/cameras/${cam.id}/clips`, { startsAt: '2024-02-10T10:00:00Z', endsAt: '2024-02-10T09:00:00Z', url: 'file:///etc/passwd' });
    expect(res.json().errors).toEqual({ url: 'Recording URL must be a web address starting with http:// or https://' });
    res = await client.post(`/api/cameras/${cam.id}/clips`, { startsAt: '2024-02-10T10:00:00Z', endsAt: '2024-02-10T09:00:00Z', url: 'https://x.test/a.mp4' });
    expect(res.json().errors).toEqual({ endsAt: 'End time must be after the start time' });
    res = await client.post(`/api/cameras/${cam.id}/clips`, { startsAt: '2024-02-10 10:00', endsAt: '2024-02-10T11:00:00Z', url: 'https://x.test/a.mp4' });
    expect(res.json().errors).toEqual({ startsAt: 'Invalid time' });

    res = await client.post(`/api/cameras/${cam.id}/clips`, { startsAt: '2024-02-10T10:00:00Z', endsAt: '2024-02-10T11:00:00Z', url: 'https://x.test/a.mp4' });
    expect(res.statusCode).toBe(201);
    const clipId = res.json().id;
    expect((await (await as(t.users.admin.email)).request({ method: 'DELETE', url: `/api/cameras/${cam.id}/clips/${clipId}` })).statusCode).toBe(403);
    expect((await (await as(other.users.super_admin.email)).request({ method: 'DELETE', url: `/api/cameras/${cam.id}/clips/${clipId}` })).statusCode).toBe(404);
    expect(
      (
        await (
          await as(other.users.super_admin.email)
        ).post(`/api/cameras/${cam.id}/clips`, { startsAt: '2024-02-10T10:00:00Z', endsAt: '2024-02-10T11:00:00Z', url: 'https://x.test/a.mp4' })
      ).statusCode,
    ).toBe(404);
    expect((await client.request({ method: 'DELETE', url: `/api/cameras/${cam.id}/clips/${clipId}` })).statusCode).toBe(204);
  });

  it('gives the super administrator the schools to assign', async () => {
    const res = await (await owner()).get('/api/cameras/options');
    expect(
      res
        .json()
        .schools.map((s: { id: string }) => s.id)
        .sort(),
    ).toEqual([t.school.id, school2.id].sort());
  });
});

describe('the demo stream (the app’s own test pattern)', () => {
  /** The JPEG frames of a multipart/x-mixed-replace body, after checking each part's headers. */
  function framesOf(body: Buffer, boundary: string): Buffer[] {
    const text = body.toString('latin1');
    expect(text.endsWith(`--${boundary}--\r\n`)).toBe(true);
    const frames: Buffer[] = [];
    let at = text.indexOf(`--${boundary}\r\n`);
    while (at !== -1) {
      const headEnd = text.indexOf('\r\n\r\n', at);
      const head = text.slice(at, headEnd);
      expect(head).toContain('Content-Type: image/jpeg');
      const length = Number(/Content-Length: (\d+)/.exec(head)![1]);
      const frame = body.subarray(headEnd + 4, headEnd + 4 + length);
      // a whole JPEG: start and end of image
      expect([frame[0], frame[1], frame.at(-2), frame.at(-1)]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
      frames.push(frame);
      at = text.indexOf(`--${boundary}\r\n`, headEnd + 4 + length);
    }
    return frames;
  }

  it('sends JPEG frames as multipart/x-mixed-replace for the seconds asked, then a last frame', async () => {
    const started = Date.now();
    const res = await (await as(t.users.admin.email)).get('/api/cameras/demo-stream.mjpg?seconds=1');
    expect(res.statusCode, res.body).toBe(200);
    const type = String(res.headers['content-type']);
    expect(type).toMatch(/^multipart\/x-mixed-replace; boundary=/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-encoding']).toBeUndefined();
    const frames = framesOf(res.rawPayload, type.split('boundary=')[1]);
    // four frames a second, paced in real time, and the "stream has ended" frame
    expect(frames.length).toBeGreaterThanOrEqual(4);
    expect(frames.length).toBeLessThanOrEqual(7);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(new Set(frames.map((f) => f.toString('base64'))).size).toBeGreaterThanOrEqual(3);
  });

  it('answers 400 for seconds out of range, 401 signed out and 403 without the security grant', async () => {
    const admin = await as(t.users.admin.email);
    for (const seconds of ['0', '3601', 'abc', '1.5']) {
      const res = await admin.get(`/api/cameras/demo-stream.mjpg?seconds=${seconds}`);
      expect(res.statusCode, seconds).toBe(400);
      expect(res.json().errors).toEqual({ seconds: 'Seconds must be a whole number from 1 to 3600' });
    }
    expect((await new TestClient(app).get('/api/cameras/demo-stream.mjpg')).statusCode).toBe(401);
    expect((await (await as(t.users.student.email)).get('/api/cameras/demo-stream.mjpg')).statusCode).toBe(403);
  });

  it('streams over a real connection: the first frames arrive at once, and the stream stops when the viewer leaves', async () => {
    const address = new URL(await app.listen({ host: '127.0.0.1', port: 0 }));
    const admin = await as(t.users.admin.email);
    const started = Date.now();
    const { response, request } = await new Promise<{ response: http.IncomingMessage; request: http.ClientRequest }>((resolve, reject) => {
      const request = http.get(
        { host: address.hostname, port: address.port, path: '/api/cameras/demo-stream.mjpg?seconds=600', headers: { cookie: `sid=${admin.cookie('sid')}` } },
        (response) => resolve({ response, request }),
      );
      request.on('error', reject);
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^multipart\/x-mixed-replace; boundary=/);
    let received = '';
    for await (const chunk of response) {
      received += (chunk as Buffer).toString('latin1');
      if ((received.match(/Content-Type: image\/jpeg/g) ?? []).length >= 3) break;
    }
    // three frames of a ten-minute stream in well under ten minutes: sent as drawn, not buffered
    expect(Date.now() - started).toBeLessThan(10_000);
    request.destroy();
    // the server lets go of the connection once the viewer has left
    await vi.waitFor(async () => expect(await new Promise<number>((resolve) => app.server.getConnections((_e, n) => resolve(n)))).toBe(0), {
      timeout: 5000,
    });
  });

  it('takes the test pattern as a Live camera’s source and answers it as MJPEG playback; no other path', async () => {
    const created = await create(camera({ name: 'Demo gate', source: '/api/cameras/demo-stream.mjpg?seconds=3600' }));
    expect(created).toMatchObject({
      source: '/api/cameras/demo-stream.mjpg?seconds=3600',
      playback: { kind: 'mjpeg', url: '/api/cameras/demo-stream.mjpg?seconds=3600' },
    });
    expect((await create(camera({ name: 'Ward', source: 'https://cams.example.test/ward/video.mjpg' }))).playback).toEqual({
      kind: 'mjpeg',
      url: 'https://cams.example.test/ward/video.mjpg',
    });
    const res = await (await owner()).post('/api/cameras', camera({ source: '/api/auth/me' }));
    expect(res.json().errors).toEqual({ source: 'Stream URL must be a web address starting with http:// or https://' });
  });
});
