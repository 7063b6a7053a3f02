/**
 * Demo pictures (issue 18): each school's crest as its logo, and a passport photo (a drawn likeness:
 * a head and shoulders on a plain background, as a photographer's studio prints them) for the students
 * of the demo class and the demo parent's children, so that the demo report cards print both. Drawn
 * from SVG with sharp and stored as uploads are (a file under the uploads folder, a row in `uploads`);
 * only when the seed is given the uploads folder (the app's start and `npm run seed:demo`).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { type DbOrTx, rowsOf } from '../client';
import { schools, students, uploads } from '../schema';

const CREST_COLOURS = ['#3b1466', '#0f5132', '#7a1f1f'];
const BACKGROUNDS = ['#dbe7f3', '#e8e1f0', '#e3eee2', '#f3e6dc'];
const SKIN = ['#6b4226', '#7d4e2d', '#5a3620', '#8a5a36'];

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A school crest: a shield in the school's colour with its initials and a book. */
function crestSvg(name: string, colour: string): string {
  const initials = name
    .split(/\s+/)
    .filter((w) => /^[A-Z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
    <rect width="240" height="240" fill="#ffffff"/>
    <path d="M120 12 L214 44 V120 C214 176 170 212 120 230 C70 212 26 176 26 120 V44 Z" fill="${colour}" stroke="#d4a017" stroke-width="8"/>
    <path d="M70 150 Q120 132 170 150 V178 Q120 160 70 178 Z" fill="#ffffff"/>
    <line x1="120" y1="141" x2="120" y2="170" stroke="${colour}" stroke-width="3"/>
    <text x="120" y="118" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="64" font-weight="bold" fill="#ffffff" text-anchor="middle">${escape(initials)}</text>
  </svg>`;
}

/** A passport-style likeness: head and shoulders, in school uniform, on a studio background. */
function passportSvg(pick: number, girl: boolean): string {
  const bg = BACKGROUNDS[pick % BACKGROUNDS.length];
  const skin = SKIN[(pick >> 2) % SKIN.length];
  const hair = girl
    ? `<path d="M62 96 C60 44 180 44 178 96 C176 70 150 58 120 58 C90 58 64 70 62 96 Z" fill="#1b1b1b"/><circle cx="120" cy="44" r="18" fill="#1b1b1b"/>`
    : `<path d="M70 92 C70 56 170 56 170 92 C160 72 80 72 70 92 Z" fill="#1b1b1b"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="300" viewBox="0 0 240 300">
    <rect width="240" height="300" fill="${bg}"/>
    <path d="M20 300 C24 232 70 206 120 206 C170 206 216 232 220 300 Z" fill="#1d4e89"/>
    <path d="M100 206 L120 240 L140 206 Z" fill="#ffffff"/>
    <rect x="104" y="170" width="32" height="40" fill="${skin}"/>
    <ellipse cx="120" cy="120" rx="52" ry="62" fill="${skin}"/>
    ${hair}
    <ellipse cx="100" cy="122" rx="6" ry="5" fill="#1b1b1b"/><ellipse cx="140" cy="122" rx="6" ry="5" fill="#1b1b1b"/>
    <path d="M104 154 Q120 164 136 154" stroke="#3a1f12" stroke-width="4" fill="none" stroke-linecap="round"/>
  </svg>`;
}

async function store(db: DbOrTx, uploadsDir: string, row: { organisationId: string; schoolId: string; purpose: string; name: string; png: Buffer }) {
  const storageKey = `${randomBytes(18).toString('base64url')}.png`;
  await fs.writeFile(path.join(uploadsDir, storageKey), row.png, { flag: 'wx' });
  const [upload] = await db
    .insert(uploads)
    .values({
      organisationId: row.organisationId,
      schoolId: row.schoolId,
      uploadedByUserId: null,
      purpose: row.purpose,
      originalName: row.name,
      mimeType: 'image/png',
      sizeBytes: row.png.length,
      storageKey,
    })
    .returning({ id: uploads.id });
  return upload.id;
}

/** The school's logo, and the photos of `studentIds` (of this school). */
export async function seedPictures(
  db: DbOrTx,
  uploadsDir: string,
  school: { id: string; organisationId: string; name: string },
  index: number,
  studentIds: string[],
) {
  await fs.mkdir(uploadsDir, { recursive: true });
  const logo = await sharp(Buffer.from(crestSvg(school.name, CREST_COLOURS[index % CREST_COLOURS.length])))
    .png()
    .toBuffer();
  const logoId = await store(db, uploadsDir, {
    organisationId: school.organisationId,
    schoolId: school.id,
    purpose: 'school-logo',
    name: 'crest.png',
    png: logo,
  });
  await db.update(schools).set({ logoUploadId: logoId }).where(eq(schools.id, school.id));
  if (studentIds.length === 0) return;
  const pupils = await db
    .select({ id: students.id, gender: students.gender })
    .from(students)
    .where(and(eq(students.schoolId, school.id), inArray(students.id, studentIds)));
  for (const [i, pupil] of pupils.entries()) {
    const png = await sharp(Buffer.from(passportSvg(i * 7 + 3, pupil.gender === 'female')))
      .png()
      .toBuffer();
    const id = await store(db, uploadsDir, { organisationId: school.organisationId, schoolId: school.id, purpose: 'student-photo', name: 'passport.png', png });
    await db
      .update(students)
      .set({ photoPath: id })
      .where(and(eq(students.schoolId, school.id), eq(students.id, pupil.id)));
  }
}

/** The students of the demo class (JSS 1 A of the Active session) and of the demo parent's children, in one school. */
export async function demoPictureStudents(db: DbOrTx, schoolId: string, extraStudentIds: string[]): Promise<string[]> {
  const rows = rowsOf<{ student_id: string }>(
    await db.execute(sql`
      select e.student_id from enrolments e
      join classes c on c.school_id = e.school_id and c.id = e.class_id
      join academic_sessions s on s.school_id = c.school_id and s.id = c.academic_session_id
      where e.school_id = ${schoolId} and s.status = 'Active' and c.level = 'JSS 1' and c.arm = 'A'`),
  );
  return [...new Set([...rows.map((r) => r.student_id), ...extraStudentIds])];
}
