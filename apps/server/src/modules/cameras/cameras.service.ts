import type { Camera, CameraClip, CameraRef, CameraValues } from '@school/shared/cameras/schemas';
import { DEFAULT_TIME_ZONE } from '@school/shared/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { forbidden, notFound } from '../../lib/http-errors';
import type { RequestUser } from '../../types';
import { auditView, presentCamera, presentClip } from './cameras.presenter';
import * as repo from './cameras.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CAMERA_NOT_FOUND = 'Camera not found';
export const SUPER_ADMIN_ONLY = 'Only a super administrator can do this for the organisation';

function viewerOf(user: RequestUser): repo.Viewer | null {
  if (user.role === 'super_admin') return { organisationId: user.organisationId, schoolId: null, role: user.role };
  return user.schoolId ? { organisationId: user.organisationId, schoolId: user.schoolId, role: user.role } : null;
}

/** Cameras are the organisation's: only its super administrator sets them up (decision 0007). */
function requireOwner(user: RequestUser) {
  if (user.role !== 'super_admin') throw forbidden(SUPER_ADMIN_ONLY);
}

async function present(db: DbOrTx, viewer: repo.Viewer, rows: Array<Parameters<typeof presentCamera>[0]>): Promise<Camera[]> {
  // a school's viewer is told about their own school only
  const links = await repo.schoolsOf(db, rows.map((r) => r.id), viewer.schoolId);
  const byCamera = new Map<string, CameraRef[]>();
  for (const link of links) {
    const list = byCamera.get(link.cameraId) ?? [];
    list.push({ id: link.id, name: link.name });
    byCamera.set(link.cameraId, list);
  }
  return rows.map((row) => presentCamera(row, byCamera.get(row.id) ?? []));
}

async function visibleCamera(db: DbOrTx, user: RequestUser, id: string) {
  const viewer = viewerOf(user);
  const row = viewer && UUID.test(id) ? await repo.findVisible(db, viewer, id) : null;
  if (!viewer || !row) throw notFound(CAMERA_NOT_FOUND);
  return { viewer, row };
}

export async function listCameras(app: FastifyInstance, user: RequestUser, channel?: string): Promise<{ items: Camera[] }> {
  const viewer = viewerOf(user);
  if (!viewer) return { items: [] };
  const rows = await repo.listVisible(app.db, viewer, channel);
  return { items: await present(app.db, viewer, rows) };
}

export async function getCamera(app: FastifyInstance, user: RequestUser, id: string): Promise<Camera> {
  const { viewer, row } = await visibleCamera(app.db, user, id);
  const [camera] = await present(app.db, viewer, [row]);
  return camera;
}

export async function getOptions(app: FastifyInstance, user: RequestUser) {
  requireOwner(user);
  const schools = await repo.organisationSchools(app.db, user.organisationId);
  return { schools: schools.filter((s) => s.status === 'active').map(({ id, name }) => ({ id, name })) };
}

/** Every chosen school must be an active school of the organisation; anything else is 404. */
async function checkSchools(db: DbOrTx, organisationId: string, schoolIds: string[]) {
  const active = new Set((await repo.organisationSchools(db, organisationId)).filter((s) => s.status === 'active').map((s) => s.id));
  for (const id of schoolIds) if (!active.has(id)) throw notFound('School not found');
}

function auditBase(user: RequestUser, request: FastifyRequest) {
  return { organisationId: user.organisationId, schoolId: null, userId: user.id, entity: 'camera', ip: request.ip };
}

const columns = (input: CameraValues) => ({
  name: input.name,
  modelCode: input.modelCode,
  cameraModel: input.cameraModel,
  location: input.location,
  specifyLocation: input.specifyLocation ?? null,
  channelType: input.channelType,
  source: input.source,
  roles: input.roles,
});

export async function createCamera(app: FastifyInstance, request: FastifyRequest, input: CameraValues): Promise<Camera> {
  const user = request.user!;
  requireOwner(user);
  const id = await app.db.transaction(async (tx) => {
    await checkSchools(tx, user.organisationId, input.schoolIds);
    const row = await repo.insertCamera(tx, { organisationId: user.organisationId, createdByUserId: user.id, ...columns(input) });
    await repo.setSchools(tx, row.id, input.schoolIds);
    await audit(tx, { ...auditBase(user, request), action: 'camera.created', entityId: row.id, before: null, after: auditView(row, input.schoolIds) });
    return row.id;
  });
  return getCamera(app, user, id);
}

export async function updateCamera(app: FastifyInstance, request: FastifyRequest, id: string, input: CameraValues): Promise<Camera> {
  const user = request.user!;
  requireOwner(user);
  if (!UUID.test(id)) throw notFound(CAMERA_NOT_FOUND);
  await app.db.transaction(async (tx) => {
    const before = await repo.lockCamera(tx, user.organisationId, id);
    if (!before) throw notFound(CAMERA_NOT_FOUND);
    const beforeSchools = (await repo.schoolsOf(tx, [id])).map((s) => s.id);
    await checkSchools(tx, user.organisationId, input.schoolIds);
    const after = await repo.updateCamera(tx, id, columns(input));
    await repo.setSchools(tx, id, input.schoolIds);
    await audit(tx, { ...auditBase(user, request), action: 'camera.updated', entityId: id, before: auditView(before, beforeSchools), after: auditView(after, input.schoolIds) });
  });
  return getCamera(app, user, id);
}

export async function deleteCamera(app: FastifyInstance, request: FastifyRequest, id: string): Promise<void> {
  const user = request.user!;
  requireOwner(user);
  if (!UUID.test(id)) throw notFound(CAMERA_NOT_FOUND);
  await app.db.transaction(async (tx) => {
    const before = await repo.lockCamera(tx, user.organisationId, id);
    if (!before) throw notFound(CAMERA_NOT_FOUND);
    const beforeSchools = (await repo.schoolsOf(tx, [id])).map((s) => s.id);
    await repo.deleteCamera(tx, id);
    await audit(tx, { ...auditBase(user, request), action: 'camera.deleted', entityId: id, before: auditView(before, beforeSchools), after: null });
  });
}

// ---------------------------------------------------------------- clips

async function timeZoneOf(db: DbOrTx, user: RequestUser) {
  return (user.schoolId ? await repo.schoolTimeZone(db, user.schoolId) : null) ?? DEFAULT_TIME_ZONE;
}

/** The recorded clips of a camera the user may watch, that start on `date` (the school's day). */
export async function clipsOfDay(app: FastifyInstance, user: RequestUser, id: string, date: string): Promise<{ date: string; timeZone: string; items: CameraClip[] }> {
  const { row } = await visibleCamera(app.db, user, id);
  const timeZone = await timeZoneOf(app.db, user);
  const rows = await repo.clipsOfDay(app.db, user.organisationId, row.id, date, timeZone);
  return { date, timeZone, items: rows.map(presentClip) };
}

export async function clipDays(app: FastifyInstance, user: RequestUser, id: string, month: string) {
  const { row } = await visibleCamera(app.db, user, id);
  const timeZone = await timeZoneOf(app.db, user);
  return { month, days: await repo.clipDays(app.db, user.organisationId, row.id, month, timeZone) };
}

export async function addClip(app: FastifyInstance, request: FastifyRequest, id: string, input: { startsAt: string; endsAt: string; url: string }): Promise<CameraClip> {
  const user = request.user!;
  requireOwner(user);
  if (!UUID.test(id)) throw notFound(CAMERA_NOT_FOUND);
  return app.db.transaction(async (tx) => {
    const camera = await repo.lockCamera(tx, user.organisationId, id);
    if (!camera) throw notFound(CAMERA_NOT_FOUND);
    const row = await repo.insertClip(tx, { organisationId: user.organisationId, cameraId: id, startsAt: new Date(input.startsAt), endsAt: new Date(input.endsAt), url: input.url });
    await audit(tx, { ...auditBase(user, request), entity: 'camera_clip', action: 'camera_clip.created', entityId: row.id, before: null, after: presentClip(row) });
    return presentClip(row);
  });
}

export async function deleteClip(app: FastifyInstance, request: FastifyRequest, id: string, clipId: string): Promise<void> {
  const user = request.user!;
  requireOwner(user);
  if (!UUID.test(id) || !UUID.test(clipId)) throw notFound('Recording not found');
  await app.db.transaction(async (tx) => {
    const clip = await repo.lockClip(tx, user.organisationId, id, clipId);
    if (!clip) throw notFound('Recording not found');
    await repo.deleteClip(tx, clipId);
    await audit(tx, { ...auditBase(user, request), entity: 'camera_clip', action: 'camera_clip.deleted', entityId: clipId, before: presentClip(clip), after: null });
  });
}
