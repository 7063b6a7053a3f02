/** SQL of the school calendar's holidays (issue 18): `school_holidays`, with the terms they fall in. */
import { and, asc, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { attendanceRegisters, schoolHolidays, terms } from '../../db/schema';

export type HolidayRow = typeof schoolHolidays.$inferSelect;

/** The holidays of a school touching the span from `from` to `to`, earliest first. */
export async function holidaysBetween(db: DbOrTx, schoolId: string, from: string, to: string): Promise<HolidayRow[]> {
  return db
    .select()
    .from(schoolHolidays)
    .where(and(eq(schoolHolidays.schoolId, schoolId), lte(schoolHolidays.startDate, to), gte(schoolHolidays.endDate, from)))
    .orderBy(asc(schoolHolidays.startDate));
}

/** A holiday of one of these schools (the actor's), or null. */
export async function findHoliday(db: DbOrTx, schoolIds: string[], id: string): Promise<HolidayRow | null> {
  if (schoolIds.length === 0) return null;
  const [row] = await db
    .select()
    .from(schoolHolidays)
    .where(and(inArray(schoolHolidays.schoolId, schoolIds), eq(schoolHolidays.id, id)))
    .limit(1);
  return row ?? null;
}

/** The term of the school (of one session when given) holding every day from `from` to `to`, or null. */
export async function termHolding(db: DbOrTx, schoolId: string, from: string, to: string, academicSessionId?: string) {
  const [row] = await db
    .select({ id: terms.id, name: terms.name, academicSessionId: terms.academicSessionId })
    .from(terms)
    .where(
      and(
        eq(terms.schoolId, schoolId),
        lte(terms.startDate, from),
        gte(terms.endDate, to),
        academicSessionId ? eq(terms.academicSessionId, academicSessionId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Another holiday of the school sharing a day with `from`…`to`, or null. */
export async function overlappingHoliday(db: DbOrTx, schoolId: string, from: string, to: string, exceptId?: string) {
  const [row] = await db
    .select()
    .from(schoolHolidays)
    .where(
      and(
        eq(schoolHolidays.schoolId, schoolId),
        lte(schoolHolidays.startDate, to),
        gte(schoolHolidays.endDate, from),
        exceptId ? ne(schoolHolidays.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(schoolHolidays.startDate))
    .limit(1);
  return row ?? null;
}

/** The first day from `from` to `to` on which some register of the school was taken, or null. */
export async function firstRegisterBetween(db: DbOrTx, schoolId: string, from: string, to: string): Promise<string | null> {
  const [row] = await db
    .select({ date: attendanceRegisters.date })
    .from(attendanceRegisters)
    .where(and(eq(attendanceRegisters.schoolId, schoolId), gte(attendanceRegisters.date, from), lte(attendanceRegisters.date, to)))
    .orderBy(asc(attendanceRegisters.date))
    .limit(1);
  return row?.date ?? null;
}

export async function insertHoliday(tx: DbOrTx, values: { schoolId: string; name: string; startDate: string; endDate: string; createdByUserId: string }) {
  const [row] = await tx.insert(schoolHolidays).values(values).returning();
  return row;
}

export async function updateHoliday(tx: DbOrTx, schoolId: string, id: string, values: { name: string; startDate: string; endDate: string }) {
  const [row] = await tx
    .update(schoolHolidays)
    .set(values)
    .where(and(eq(schoolHolidays.schoolId, schoolId), eq(schoolHolidays.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteHoliday(tx: DbOrTx, schoolId: string, id: string) {
  const [row] = await tx
    .delete(schoolHolidays)
    .where(and(eq(schoolHolidays.schoolId, schoolId), eq(schoolHolidays.id, id)))
    .returning();
  return row ?? null;
}
