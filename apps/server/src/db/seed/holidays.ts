/**
 * Demo holidays (issue 18): for each session of a school, the Nigerian public holidays falling on a
 * weekday inside its terms and a mid-term break in each term (`demoHolidays` in ./calendar). Runs
 * before the attendance seed, which takes no register on them. One school at a time (ADR 0026).
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { academicSessions, schoolHolidays } from '../schema';
import { demoHolidays, sessionStartYear } from './calendar';

export async function seedHolidays(db: DbOrTx, schoolId: string): Promise<void> {
  const sessions = await db.select({ name: academicSessions.name }).from(academicSessions).where(eq(academicSessions.schoolId, schoolId));
  const rows = sessions.flatMap((s) => demoHolidays(sessionStartYear(s.name)).map((h) => ({ schoolId, ...h })));
  if (rows.length > 0) await db.insert(schoolHolidays).values(rows);
}
