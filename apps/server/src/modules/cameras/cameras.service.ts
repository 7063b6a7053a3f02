import type { Camera, CameraClip, CameraRef } from '@school/shared/cameras/responses';
import type { CameraValues } from '@school/shared/cameras/schemas';
import { DEFAULT_TIME_ZONE } from '@school/shared/constants';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/http-errors';
import { cameraViewer, watchableCamera } from '../../policies/cameras';
import type { RequestContext } from '../../policies/context';
import { auditView, presentCamera, presentClip } from './cameras.presenter';
import * as repo from './cameras.repository';

const CAMERA_NOT_FOUND = 'Camera not found';

async function present(db: DbOrTx, viewer: repo.Viewer, rows: Array<Parameters<typeof presentCamera>[0]>): Promise<Camera[]> {
  // a school's viewer is told about their own school only
  const links = await repo.schoolsOf(
    db,
    viewer.organisationId,
    rows.map((r) => r.id),
    viewer.schoolId,
  );
  const byCamera = new Map<string, CameraRef[]>();
  for (const link of links) {
    const list = byCamera.get(link.cameraId) ?? [];
    list.push({ id: link.id, name: link.name });
    byCamera.set(link.cameraId, list);
  }
  return rows.map((row) => presentCamera(row, byCamera.get(row.id) ?? []));
}

/** The camera the actor may watch (the routes' policy checked it; this reads it with the viewer). */
async function visibleCamera(db: DbOrTx, ctx: RequestContext, id: string) {
  const viewer = cameraViewer(ctx);
  const row = await watchableCamera(db, ctx, id);
  if (!viewer || !row) throw notFound(CAMERA_NOT_FOUND);
  return { viewer, row };
}

export async function listCameras(app: FastifyInstance, ctx: RequestContext, channel?: string): Promise<{ items: Camera[] }> {
  const viewer = cameraViewer(ctx);
  if (!viewer) return { items: [] };
  const rows = await repo.listVisible(app.db, viewer, channel);
  return { items: await present(app.db, viewer, rows) };
}

export async function getCamera(app: FastifyInstance, ctx: RequestContext, id: string): Promise<Camera> {
  const { viewer, row } = await visibleCamera(app.db, ctx, id);
  const [camera] = await present(app.db, viewer, [row]);
  return camera;
}

/** The schools a camera can be assigned to (the routes' policy admits owners only, as for every change below). */
export async function getOptions(app: FastifyInstance, ctx: RequestContext) {
  const schools = await repo.organisationSchools(app.db, ctx.organisationId);
  return { schools: schools.filter((s) => s.status === 'active').map(({ id, name }) => ({ id, name })) };
}

/** Every chosen school must be an active school of the organisation; anything else is 404. */
async function checkSchools(db: DbOrTx, organisationId: string, schoolIds: string[]) {
  const active = new Set((await repo.organisationSchools(db, organisationId)).filter((s) => s.status === 'active').map((s) => s.id));
  for (const id of schoolIds) if (!active.has(id)) throw notFound('School not found');
}

function auditBase(ctx: RequestContext) {
  return { organisationId: ctx.organisationId, schoolId: null, userId: ctx.user.id, entity: 'camera', ip: ctx.ip };
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

export async function createCamera(app: FastifyInstance, ctx: RequestContext, input: CameraValues): Promise<Camera> {
  const id = await app.db.transaction(async (tx) => {
    await checkSchools(tx, ctx.organisationId, input.schoolIds);
    const row = await repo.insertCamera(tx, { organisationId: ctx.organisationId, createdByUserId: ctx.user.id, ...columns(input) });
    await repo.setSchools(tx, ctx.organisationId, row.id, input.schoolIds);
    await audit(tx, { ...auditBase(ctx), action: 'camera.created', entityId: row.id, before: null, after: auditView(row, input.schoolIds) });
    return row.id;
  });
  return getCamera(app, ctx, id);
}

export async function updateCamera(app: FastifyInstance, ctx: RequestContext, id: string, input: CameraValues): Promise<Camera> {
  await app.db.transaction(async (tx) => {
    const before = await repo.lockCamera(tx, ctx.organisationId, id);
    if (!before) throw notFound(CAMERA_NOT_FOUND);
    const beforeSchools = (await repo.schoolsOf(tx, ctx.organisationId, [id])).map((s) => s.id);
    await checkSchools(tx, ctx.organisationId, input.schoolIds);
    const after = await repo.updateCamera(tx, id, columns(input));
    await repo.setSchools(tx, ctx.organisationId, id, input.schoolIds);
    await audit(tx, {
      ...auditBase(ctx),
      action: 'camera.updated',
      entityId: id,
      before: auditView(before, beforeSchools),
      after: auditView(after, input.schoolIds),
    });
  });
  return getCamera(app, ctx, id);
}

export async function deleteCamera(app: FastifyInstance, ctx: RequestContext, id: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    const before = await repo.lockCamera(tx, ctx.organisationId, id);
    if (!before) throw notFound(CAMERA_NOT_FOUND);
    const beforeSchools = (await repo.schoolsOf(tx, ctx.organisationId, [id])).map((s) => s.id);
    await repo.deleteCamera(tx, ctx.organisationId, id);
    await audit(tx, { ...auditBase(ctx), action: 'camera.deleted', entityId: id, before: auditView(before, beforeSchools), after: null });
  });
}

// ---------------------------------------------------------------- clips

async function timeZoneOf(db: DbOrTx, ctx: RequestContext) {
  return (ctx.schoolId ? await repo.schoolTimeZone(db, ctx.schoolId) : null) ?? DEFAULT_TIME_ZONE;
}

/** The recorded clips of a camera the user may watch, that start on `date` (the school's day). */
export async function clipsOfDay(
  app: FastifyInstance,
  ctx: RequestContext,
  id: string,
  date: string,
): Promise<{ date: string; timeZone: string; items: CameraClip[] }> {
  const { row } = await visibleCamera(app.db, ctx, id);
  const timeZone = await timeZoneOf(app.db, ctx);
  const rows = await repo.clipsOfDay(app.db, ctx.organisationId, row.id, date, timeZone);
  return { date, timeZone, items: rows.map(presentClip) };
}

export async function clipDays(app: FastifyInstance, ctx: RequestContext, id: string, month: string) {
  const { row } = await visibleCamera(app.db, ctx, id);
  const timeZone = await timeZoneOf(app.db, ctx);
  return { month, days: await repo.clipDays(app.db, ctx.organisationId, row.id, month, timeZone) };
}

export async function addClip(
  app: FastifyInstance,
  ctx: RequestContext,
  id: string,
  input: { startsAt: string; endsAt: string; url: string },
): Promise<CameraClip> {
  return app.db.transaction(async (tx) => {
    const camera = await repo.lockCamera(tx, ctx.organisationId, id);
    if (!camera) throw notFound(CAMERA_NOT_FOUND);
    const row = await repo.insertClip(tx, {
      organisationId: ctx.organisationId,
      cameraId: id,
      startsAt: new Date(input.startsAt),
      endsAt: new Date(input.endsAt),
      url: input.url,
    });
    await audit(tx, { ...auditBase(ctx), entity: 'camera_clip', action: 'camera_clip.created', entityId: row.id, before: null, after: presentClip(row) });
    return presentClip(row);
  });
}

export async function deleteClip(app: FastifyInstance, ctx: RequestContext, id: string, clipId: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    const clip = await repo.lockClip(tx, ctx.organisationId, id, clipId);
    if (!clip) throw notFound('Recording not found');
    await repo.deleteClip(tx, id, clipId);
    await audit(tx, { ...auditBase(ctx), entity: 'camera_clip', action: 'camera_clip.deleted', entityId: clipId, before: presentClip(clip), after: null });
  });
}
