/**
 * Demo notices and security cameras: a few notices of the demo school (one pinned, one per
 * audience) and two camera channels with a week of recorded clips, so that the noticeboards and
 * the Security screens show data; the cameras and clips play the app's own test pattern, which needs
 * no outside network. Dates are relative to `today`.
 */
import { DEMO_CAMERA_STREAM_URL } from '@school/shared/cameras/schemas';
import { eq } from 'drizzle-orm';
import { accountIdByEmail } from '../../lib/accounts';
import type { DbOrTx } from '../client';
import * as schema from '../schema';

/** The app's own test pattern (an hour of it a viewing), shown by the demo's cameras and their clips with no outside network. */
export const DEMO_STREAM_URL = DEMO_CAMERA_STREAM_URL;

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A demo account by its address: user_emails, then `users` by id (ADR 0026). */
export async function demoAccount(db: DbOrTx, email: string) {
  const userId = await accountIdByEmail(db, email);
  if (!userId) return undefined;
  const [row] = await db.select().from(schema.users).where(eq(schema.users.id, userId)).limit(1);
  return row;
}

export async function seedNoticeboard(db: DbOrTx, opts: { today?: string } = {}): Promise<void> {
  const today = opts.today ?? new Date().toISOString().slice(0, 10);
  const admin = await demoAccount(db, 'admin@demo.test');
  const owner = await demoAccount(db, 'super@demo.test');
  if (!admin?.schoolId || !owner) return;
  const schoolId = admin.schoolId;
  const organisationId = admin.organisationId;
  const base = { schoolId, organisationId, createdByUserId: admin.id, published: true };

  await db.insert(schema.notices).values([
    {
      ...base,
      title: 'Welcome back to the Second Term',
      description: 'Lessons resume at 7:45 AM. All students should be in full school uniform, with their books and a signed fee receipt.',
      date: addDays(today, -6),
      audience: 'everyone',
      pinned: true,
    },
    {
      ...base,
      title: 'Inter-house sports on Friday',
      description: 'Sports day is on Friday at the school field. Wear your house colours; parents are welcome from 10:00 AM.',
      date: addDays(today, -2),
      audience: 'students',
    },
    {
      ...base,
      title: 'PTA meeting this Saturday',
      description: 'The Parent-Teacher Association meets on Saturday at 11:00 AM in the assembly hall. Agenda: second-term projects and the new school bus.',
      date: addDays(today, -3),
      audience: 'parents',
    },
    {
      ...base,
      title: 'Staff meeting: lesson notes and registers',
      description: 'All teaching staff meet in the staff room on Monday at 2:30 PM. Bring your lesson notes for weeks 1 to 3.',
      date: addDays(today, -1),
      audience: 'staff',
    },
  ]);

  const [gate] = await db
    .insert(schema.cameras)
    .values({
      organisationId,
      name: 'Main gate',
      modelCode: 'GFA-CAM-001',
      cameraModel: 'Hikvision DS-2CD2143G2',
      location: 'Main gate',
      specifyLocation: 'Facing the car park',
      channelType: 'Live',
      source: DEMO_STREAM_URL,
      roles: ['admin'],
      createdByUserId: owner.id,
    })
    .returning();
  const [hall] = await db
    .insert(schema.cameras)
    .values({
      organisationId,
      name: 'Assembly hall',
      modelCode: 'GFA-CAM-002',
      cameraModel: 'Dahua IPC-HDW1230S',
      location: 'Hall',
      specifyLocation: null,
      channelType: 'Live',
      source: DEMO_STREAM_URL,
      roles: ['admin', 'teacher'],
      createdByUserId: owner.id,
    })
    .returning();
  await db.insert(schema.cameraSchools).values([
    { schoolId, cameraId: gate.id },
    { schoolId, cameraId: hall.id },
  ]);

  // the gate's recordings: four clips a day over the last week (hours in Lagos time, UTC+1)
  const clips: Array<typeof schema.cameraClips.$inferInsert> = [];
  for (let back = 0; back < 7; back++) {
    const day = addDays(today, -back);
    for (const hour of [7, 10, 13, 16]) {
      const start = new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+01:00`);
      clips.push({ organisationId, cameraId: gate.id, startsAt: start, endsAt: new Date(start.getTime() + 30 * 60_000), url: DEMO_STREAM_URL });
    }
  }
  await db.insert(schema.cameraClips).values(clips);
}
