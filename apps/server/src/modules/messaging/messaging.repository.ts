import { and, count, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  guardians,
  messageOptOuts,
  messages,
  organisationMessagingSettings,
  schoolMessagingSettings,
  schools,
  staff,
  studentGuardians,
  students,
  users,
} from '../../db/schema';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
export type GatewaySettingsRow = typeof organisationMessagingSettings.$inferSelect;

export async function organisationSettings(db: DbOrTx, organisationId: string) {
  const [row] = await db.select().from(organisationMessagingSettings).where(eq(organisationMessagingSettings.organisationId, organisationId)).limit(1);
  return row ?? null;
}

export async function schoolSettings(db: DbOrTx, schoolId: string) {
  const [row] = await db.select().from(schoolMessagingSettings).where(eq(schoolMessagingSettings.schoolId, schoolId)).limit(1);
  return row ?? null;
}

type SettingsValues = Pick<GatewaySettingsRow, 'apiKeyEncrypted' | 'apiKeyLast4' | 'senderId' | 'eventChannels' | 'updatedByUserId'>;

export async function upsertOrganisationSettings(db: DbOrTx, organisationId: string, values: SettingsValues) {
  const set = { ...values, updatedAt: new Date() };
  await db
    .insert(organisationMessagingSettings)
    .values({ organisationId, ...set })
    .onConflictDoUpdate({ target: organisationMessagingSettings.organisationId, set });
}

export async function upsertSchoolSettings(db: DbOrTx, schoolId: string, values: SettingsValues) {
  const set = { ...values, updatedAt: new Date() };
  await db
    .insert(schoolMessagingSettings)
    .values({ schoolId, ...set })
    .onConflictDoUpdate({ target: schoolMessagingSettings.schoolId, set });
}

/** The numbers of the school that opted out of a channel, of those given. */
export async function optedOut(db: DbOrTx, schoolId: string, channel: string, phones: string[]): Promise<Set<string>> {
  if (phones.length === 0) return new Set();
  const rows = await db
    .select({ phone: messageOptOuts.phone })
    .from(messageOptOuts)
    .where(and(eq(messageOptOuts.schoolId, schoolId), eq(messageOptOuts.channel, channel), inArray(messageOptOuts.phone, phones)));
  return new Set(rows.map((r) => r.phone));
}

export async function setOptOut(db: DbOrTx, schoolId: string, phone: string, channel: string, out: boolean) {
  if (out) await db.insert(messageOptOuts).values({ schoolId, phone, channel }).onConflictDoNothing();
  else await db.delete(messageOptOuts).where(and(eq(messageOptOuts.schoolId, schoolId), eq(messageOptOuts.phone, phone), eq(messageOptOuts.channel, channel)));
}

/** Rows per statement: a school-wide notice is thousands of messages, a statement takes at most 65,535 parameters. */
const INSERT_CHUNK = 1000;

/** Inserts the messages; one already made for the same event, recipient and channel is left as it is. */
export async function insertMessages(db: DbOrTx, rows: NewMessage[]): Promise<MessageRow[]> {
  const inserted: MessageRow[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    inserted.push(
      ...(await db
        .insert(messages)
        .values(rows.slice(i, i + INSERT_CHUNK))
        .onConflictDoNothing({ target: [messages.schoolId, messages.channel, messages.dedupeKey] })
        .returning()),
    );
  }
  return inserted;
}

/**
 * Claims up to `limit` messages due, across schools (the worker's one cross-school statement): each is
 * pushed `leaseSeconds` on, so that a message whose worker died is claimed again then, and counted as
 * an attempt. SKIP LOCKED lets two processes share the work.
 */
export async function claimDue(db: DbOrTx, limit: number, leaseSeconds: number): Promise<MessageRow[]> {
  // every school's, named (ADR 0026): the worker's one look over all shards, made explicit
  const schoolIds = (await db.select({ id: schools.id }).from(schools)).map((s) => s.id);
  if (schoolIds.length === 0) return [];
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ schoolId: messages.schoolId, id: messages.id })
      .from(messages)
      .where(and(inArray(messages.schoolId, schoolIds), eq(messages.status, 'queued'), lte(messages.nextAttemptAt, sql`now()`)))
      .orderBy(messages.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    const bySchool = new Map<string, string[]>();
    for (const d of due) bySchool.set(d.schoolId, [...(bySchool.get(d.schoolId) ?? []), d.id]);
    const rows: MessageRow[] = [];
    for (const [schoolId, ids] of bySchool) {
      rows.push(
        ...(await tx
          .update(messages)
          .set({ nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`, attempts: sql`${messages.attempts} + 1` })
          .where(and(eq(messages.schoolId, schoolId), inArray(messages.id, ids)))
          .returning()),
      );
    }
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  });
}

export async function updateMessage(db: DbOrTx, schoolId: string, id: string, values: Partial<NewMessage>) {
  await db
    .update(messages)
    .set(values)
    .where(and(eq(messages.schoolId, schoolId), eq(messages.id, id)));
}

/** Updates the message only while its status is one of `from`; answers whether it did (a report racing another). */
export async function updateMessageFrom(db: DbOrTx, schoolId: string, id: string, from: string[], values: Partial<NewMessage>): Promise<boolean> {
  const rows = await db
    .update(messages)
    .set(values)
    .where(and(eq(messages.schoolId, schoolId), eq(messages.id, id), inArray(messages.status, from)))
    .returning({ id: messages.id });
  return rows.length > 0;
}

export interface MessageFilter {
  status?: string;
  channel?: string;
  event?: string;
  batchId?: string;
  from?: Date;
  before?: Date;
}

function filterOf(schoolId: string, filter: MessageFilter): SQL {
  const parts: SQL[] = [eq(messages.schoolId, schoolId)];
  if (filter.status) parts.push(eq(messages.status, filter.status));
  if (filter.channel) parts.push(eq(messages.channel, filter.channel));
  if (filter.event) parts.push(eq(messages.event, filter.event));
  if (filter.batchId) parts.push(eq(messages.batchId, filter.batchId));
  if (filter.from) parts.push(gte(messages.createdAt, filter.from));
  if (filter.before) parts.push(lt(messages.createdAt, filter.before));
  return and(...parts)!;
}

export async function listMessages(db: DbOrTx, schoolId: string, filter: MessageFilter, page: { limit: number; offset: number }) {
  const where = filterOf(schoolId, filter);
  const [rows, [total]] = await Promise.all([
    db.select().from(messages).where(where).orderBy(desc(messages.createdAt), desc(messages.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(messages).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findMessage(db: DbOrTx, schoolId: string, id: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.schoolId, schoolId), eq(messages.id, id)))
    .limit(1);
  return row ?? null;
}

/** Messages and units by status since `from` (a term's start), and the units of those the gateway took. */
export async function statusCounts(db: DbOrTx, schoolId: string, filter: MessageFilter) {
  return db
    .select({ status: messages.status, messages: count(), units: sql<number>`coalesce(sum(${messages.units}), 0)::int` })
    .from(messages)
    .where(filterOf(schoolId, filter))
    .groupBy(messages.status);
}

/** How many resends a message already has (their keys are the message's own with `:resend:n`). */
export async function resendCount(db: DbOrTx, schoolId: string, channel: string, dedupeKey: string) {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.schoolId, schoolId), eq(messages.channel, channel), sql`${messages.dedupeKey} like ${`${dedupeKey}:resend:%`}`));
  return row?.n ?? 0;
}

/** A delivery report: the message the gateway names by its id, among these schools' (an organisation's). */
export async function findByProviderId(db: DbOrTx, schoolIds: string[], providerMessageId: string) {
  if (schoolIds.length === 0) return null;
  const [row] = await db
    .select()
    .from(messages)
    .where(and(inArray(messages.schoolId, schoolIds), eq(messages.providerMessageId, providerMessageId)))
    .orderBy(desc(messages.createdAt))
    .limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------- whom the events text

/** Each guardian with a phone of each of these students (a guardian of two of them comes twice, once per child). */
export async function guardianPhonesOf(db: DbOrTx, schoolId: string, studentIds: string[]) {
  if (studentIds.length === 0) return [];
  return db
    .select({
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      guardianId: guardians.id,
      guardianName: guardians.name,
      phone: guardians.phone,
    })
    .from(studentGuardians)
    .innerJoin(students, and(eq(students.schoolId, studentGuardians.schoolId), eq(students.id, studentGuardians.studentId)))
    .innerJoin(guardians, and(eq(guardians.schoolId, studentGuardians.schoolId), eq(guardians.id, studentGuardians.guardianId)))
    .where(
      and(
        eq(studentGuardians.schoolId, schoolId),
        inArray(studentGuardians.studentId, [...new Set(studentIds)]),
        sql`nullif(trim(${guardians.phone}), '') is not null`,
      ),
    )
    .orderBy(students.lastName, students.firstName, guardians.name);
}

/**
 * The phone a school knows for an account: the account's own, else its staff record's, else its
 * guardian record's (a student's is only ever the account's own: student records have none).
 */
export async function accountPhone(db: DbOrTx, schoolId: string, userId: string): Promise<string | null> {
  const filled = (phone: string | null | undefined) => (phone && phone.trim() ? phone : null);
  const [account] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)).limit(1);
  if (filled(account?.phone)) return account!.phone;
  const [member] = await db
    .select({ phone: staff.phone })
    .from(staff)
    .where(and(eq(staff.schoolId, schoolId), eq(staff.userId, userId)))
    .limit(1);
  if (filled(member?.phone)) return member!.phone;
  const kin = await db
    .select({ phone: guardians.phone })
    .from(guardians)
    .where(and(eq(guardians.schoolId, schoolId), eq(guardians.userId, userId)));
  return kin.map((g) => filled(g.phone)).find((p) => p !== null) ?? null;
}

// ---------------------------------------------------------------- a bulk send's progress

/** A batch's messages by status, among these schools' (named one by one: ADR 0026). */
export async function batchStatusCounts(db: DbOrTx, schoolIds: string[], batchId: string) {
  if (schoolIds.length === 0) return [];
  return db
    .select({ status: messages.status, messages: count() })
    .from(messages)
    .where(and(inArray(messages.schoolId, schoolIds), eq(messages.batchId, batchId)))
    .groupBy(messages.status);
}
