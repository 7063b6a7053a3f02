/**
 * Security cameras (DESIGN.md section 7): organisation-wide channels (Live HLS, YouTube, Vimeo,
 * Zoom) assigned to schools and roles, and recorded clips of each.
 */
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { byUserId, organisationId, schoolId } from './schema-core';
import { inSchool } from './school-table';

export const cameras = pgTable(
  'cameras',
  {
    id: id(),
    organisationId: organisationId(),
    name: text('name').notNull(),
    modelCode: text('model_code').notNull(),
    cameraModel: text('camera_model').notNull(),
    location: text('location').notNull(),
    specifyLocation: text('specify_location'),
    /** Live | Youtube | Vimeo | Zoom */
    channelType: text('channel_type').notNull(),
    /** Normalised: an http(s) URL (Live), a video id (YouTube, Vimeo), a meeting id (Zoom). */
    source: text('source').notNull(),
    /** Roles besides the super administrator that may watch it: ["admin", "teacher", …] */
    roles: jsonb('roles').$type<string[]>().notNull(),
    createdByUserId: byUserId('created_by_user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cameras_organisation_idx').on(t.organisationId, t.channelType),
    check('cameras_channel_type_check', sql`${t.channelType} in ('Live', 'Youtube', 'Vimeo', 'Zoom')`),
  ],
);

/** The schools a camera is shown in. */
export const cameraSchools = inSchool(
  pgTable(
    'camera_schools',
    {
      schoolId: schoolId(),
      cameraId: uuid('camera_id')
        .notNull()
        .references(() => cameras.id, { onDelete: 'cascade' }),
    },
    (t) => [primaryKey({ columns: [t.schoolId, t.cameraId] }), index('camera_schools_camera_idx').on(t.cameraId)],
  ),
);

/** Recorded clips of a camera: what the Live dialog's time slots play. */
export const cameraClips = pgTable(
  'camera_clips',
  {
    id: uuid('id').notNull().defaultRandom(),
    organisationId: organisationId(),
    cameraId: uuid('camera_id')
      .notNull()
      .references(() => cameras.id, { onDelete: 'cascade' }),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    url: text('url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // spread by camera on a sharded database (ADR 0026): a clip is found by its camera and its id
    primaryKey({ columns: [t.cameraId, t.id] }),
    index('camera_clips_camera_time_idx').on(t.organisationId, t.cameraId, t.startsAt),
    check('camera_clips_order_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
