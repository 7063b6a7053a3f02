/**
 * Security cameras belong to the organisation: only its owners set them up and record their clips
 * (decision 0007). An owner watches every camera of the organisation; anyone else with the matrix's
 * security `view` watches the cameras assigned to their school and to their role.
 */
import type { DbOrTx } from '../db/client';
import * as repo from '../modules/cameras/cameras.repository';
import { isOwner, OWNERS } from './actors';
import type { RequestContext } from './context';
import { matrixRoute, record } from './policy';
import { ORGANISATION_LEVEL_ONLY } from './organisation';
import { organisationRecord } from './records';

/** Who is watching: an owner the whole organisation, anyone else their school (null without one). */
export function cameraViewer(ctx: Pick<RequestContext, 'user' | 'organisationId' | 'schoolId'>): repo.Viewer | null {
  if (isOwner(ctx)) return { organisationId: ctx.organisationId, schoolId: null, role: ctx.user.role };
  return ctx.schoolId ? { organisationId: ctx.organisationId, schoolId: ctx.schoolId, role: ctx.user.role } : null;
}

/** The camera, if the actor may watch it (null otherwise). */
export async function watchableCamera(db: DbOrTx, ctx: RequestContext, id: string) {
  const viewer = cameraViewer(ctx);
  return viewer ? repo.findVisible(db, viewer, id) : null;
}

const watchable = record('camera', async (db, ctx, id) => (await watchableCamera(db, ctx, id)) !== null);
const camera = organisationRecord('camera', 'cameras');
/** A clip of the camera in the URL (clips are kept by camera: ADR 0026), itself checked first. */
const clip = record('camera-clip', (db, ctx, id, params) => repo.clipOfCamera(db, ctx.organisationId, params.id!, id), 'Recording not found');
const owners = { actors: OWNERS, refusal: ORGANISATION_LEVEL_ONLY };

export const camerasPolicy = {
  list: matrixRoute('cameras.list', 'security', 'view'),
  /** The app's own test pattern (the demo's cameras): whoever may watch cameras at all. */
  watchDemoStream: matrixRoute('cameras.watchDemoStream', 'security', 'view'),
  watch: matrixRoute('cameras.watch', 'security', 'view', { params: { id: watchable } }),
  readOptions: matrixRoute('cameras.readOptions', 'security', 'add', owners),
  add: matrixRoute('cameras.add', 'security', 'add', owners),
  edit: matrixRoute('cameras.edit', 'security', 'edit', { ...owners, params: { id: camera } }),
  remove: matrixRoute('cameras.remove', 'security', 'delete', { ...owners, params: { id: camera } }),
  addClip: matrixRoute('cameras.addClip', 'security', 'add', { ...owners, params: { id: camera } }),
  removeClip: matrixRoute('cameras.removeClip', 'security', 'delete', { ...owners, params: { id: camera, clipId: clip } }),
};
