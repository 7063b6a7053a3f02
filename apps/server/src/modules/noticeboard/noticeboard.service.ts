import { CLASS_LEVELS } from '@school/shared/constants';
import { ALL_SCHOOLS, CLASS_NEEDS_ONE_SCHOOL, NOTICE_LIMITS, SCHOOL_REQUIRED, type NoticeFlags, type NoticeValues } from '@school/shared/noticeboard/schemas';
import type { ManagedNotice, ManagedNoticeList, NoticeItem, NoticeList, NoticeOptions, NoticeRef, PostedNotice } from '@school/shared/noticeboard/responses';
import type { SentTexts } from '@school/shared/messaging/responses';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import type { notices } from '../../db/schema';
import { audit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/http-errors';
import type { RequestContext } from '../../policies/context';
import { editsWholeBroadcast, noticeAddressee, noticeManagerScope, readableNotice, type NoticeReader } from '../../policies/noticeboard';
import { auditView, className, presentManaged, presentNotice } from './noticeboard.presenter';
import * as repo from './noticeboard.repository';
import { queueNoticeTexts } from './noticeboard.texts';
import { sentTexts } from '../messaging/messaging.api';

const NOTICE_NOT_FOUND = 'Notice not found';
type NoticeRecord = typeof notices.$inferSelect;

const levelRank = (level: string) => {
  const index = (CLASS_LEVELS as readonly string[]).indexOf(level);
  return index < 0 ? CLASS_LEVELS.length : index;
};

/** The latest notices addressed to a user, pinned first (for dashboards). */
export async function latestNoticesFor(db: DbOrTx, user: NoticeReader, limit: number = NOTICE_LIMITS.latestCount): Promise<NoticeItem[]> {
  const who = await noticeAddressee(db, user);
  const rows = await repo.listAddressed(db, who, { limit, offset: 0 });
  return rows.map(presentNotice);
}

// ---------------------------------------------------------------- reading

export async function listBoard(app: FastifyInstance, ctx: RequestContext, query: { page: number; pageSize: number }): Promise<NoticeList> {
  const who = await noticeAddressee(app.db, ctx.user);
  const [rows, counts] = await Promise.all([
    repo.listAddressed(app.db, who, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    repo.countAddressed(app.db, who),
  ]);
  return { items: rows.map(presentNotice), total: counts.total, unread: counts.unread, page: query.page, pageSize: query.pageSize };
}

export async function unreadCount(app: FastifyInstance, ctx: RequestContext) {
  const counts = await repo.countAddressed(app.db, await noticeAddressee(app.db, ctx.user));
  return { unread: counts.unread };
}

/** Marks a notice read for the user: one addressed to them, or one they manage. */
export async function markRead(app: FastifyInstance, ctx: RequestContext, id: string): Promise<NoticeItem> {
  const row = await readableNotice(app.db, ctx, id);
  if (!row) throw notFound(NOTICE_NOT_FOUND);
  // A read receipt is a log in itself; it is not written to the audit log.
  await repo.markRead(app.db, row.schoolId, row.id, ctx.user.id);
  return presentNotice({ ...row, readAt: row.readAt ?? new Date(), read: true });
}

// ---------------------------------------------------------------- managing

function requireScope(ctx: RequestContext): repo.Scope {
  const scope = noticeManagerScope(ctx);
  if (!scope) throw notFound(NOTICE_NOT_FOUND);
  return scope;
}

export async function listManaged(
  app: FastifyInstance,
  ctx: RequestContext,
  query: { page: number; pageSize: number; schoolId?: string },
): Promise<ManagedNoticeList> {
  const scope = requireScope(ctx);
  const organisationWide = 'organisationId' in scope;
  const rows = await repo.listManaged(app.db, scope, ctx.user.id, organisationWide ? query.schoolId : undefined);
  // The super administrator sees a broadcast once, with its schools; an administrator their copy.
  const grouped = organisationWide && !query.schoolId;
  const seen = new Set<string>();
  const shown = grouped
    ? rows.filter((row) => {
        if (!row.broadcastId) return true;
        if (seen.has(row.broadcastId)) return false;
        seen.add(row.broadcastId);
        return true;
      })
    : rows;
  const page = shown.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);
  const schoolsOf = new Map<string, NoticeRef[]>();
  if (grouped) {
    const broadcastIds = [...new Set(page.map((r) => r.broadcastId).filter((id): id is string => Boolean(id)))];
    for (const s of await repo.broadcastSchools(app.db, ctx.organisationId, broadcastIds)) {
      const list = schoolsOf.get(s.broadcastId!) ?? [];
      list.push({ id: s.id, name: s.name });
      schoolsOf.set(s.broadcastId!, list);
    }
  }
  return {
    items: page.map((row) => presentManaged(row, row.broadcastId ? (schoolsOf.get(row.broadcastId) ?? null) : null)),
    total: shown.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function getOptions(app: FastifyInstance, ctx: RequestContext): Promise<NoticeOptions> {
  const scope = noticeManagerScope(ctx);
  const schools = scope ? await repo.activeSchools(app.db, ctx.organisationId, 'schoolId' in scope ? scope.schoolId : undefined) : [];
  const classes = await repo.activeClasses(
    app.db,
    schools.map((s) => s.id),
  );
  return {
    schools,
    classes: classes
      .sort((a, b) => levelRank(a.level) - levelRank(b.level) || a.arm.localeCompare(b.arm, 'en', { numeric: true }))
      .map((c) => ({ id: c.id, schoolId: c.schoolId, name: className(c.level, c.arm) })),
  };
}

function auditBase(ctx: RequestContext, schoolId: string | null) {
  return { organisationId: ctx.organisationId, schoolId, userId: ctx.user.id, entity: 'notice', ip: ctx.ip };
}

/** The schools a new notice goes to: the administrator's own, or the super administrator's choice. */
async function targetSchools(db: DbOrTx, ctx: RequestContext, input: NoticeValues): Promise<NoticeRef[]> {
  const scope = noticeManagerScope(ctx);
  if (!scope) throw notFound('School not found');
  if ('schoolId' in scope) {
    const own = await repo.activeSchools(db, ctx.organisationId, scope.schoolId);
    if (!own.length) throw notFound('School not found');
    return own;
  }
  if (!input.schoolId) throw badRequest(SCHOOL_REQUIRED, { schoolId: SCHOOL_REQUIRED });
  if (input.schoolId === ALL_SCHOOLS) {
    const all = await repo.activeSchools(db, ctx.organisationId);
    if (!all.length) throw notFound('School not found');
    return all;
  }
  const one = await repo.activeSchools(db, ctx.organisationId, input.schoolId);
  if (!one.length) throw notFound('School not found');
  return one;
}

async function checkClass(db: DbOrTx, schoolId: string, input: NoticeValues) {
  if (input.audience !== 'class') return null;
  const cls = await repo.findClass(db, schoolId, input.classId!);
  if (!cls) throw notFound('Class not found');
  return cls.id;
}

export async function createNotice(app: FastifyInstance, ctx: RequestContext, input: NoticeValues): Promise<PostedNotice> {
  const user = ctx.user;
  const schools = await targetSchools(app.db, ctx, input);
  if (input.audience === 'class' && schools.length !== 1) throw badRequest(CLASS_NEEDS_ONE_SCHOOL, { classId: CLASS_NEEDS_ONE_SCHOOL });
  let texted = 0;
  let texts: SentTexts | null = null;
  const id = await app.db.transaction(async (tx) => {
    const classId = await checkClass(tx, schools[0].id, input);
    const broadcastId = editsWholeBroadcast(ctx) && input.schoolId === ALL_SCHOOLS ? randomUUID() : null;
    const rows = await repo.insertNotices(
      tx,
      schools.map((school) => ({
        schoolId: school.id,
        organisationId: user.organisationId,
        broadcastId,
        title: input.title,
        description: input.description,
        date: input.date,
        audience: input.audience,
        classId,
        pinned: input.pinned,
        published: true,
        sendSms: input.sendSms,
        createdByUserId: user.id,
      })),
    );
    for (const row of rows) {
      await audit(tx, { ...auditBase(ctx, row.schoolId), action: 'notice.created', entityId: row.id, before: null, after: auditView(row) });
    }
    if (input.sendSms) ({ queued: texted, texts } = await queueTexts(app, tx, ctx, rows, schools));
    return rows[0].id;
  });
  if (texted > 0) app.messageWorker.kick();
  return { ...(await managedOne(app, ctx, id)), ...(texts ? { texts } : {}) };
}

/**
 * Queues the SMS of published notices (one batch for them all); answers how many are queued to send,
 * and the batch the answer names (every school's copy) so that the page follows its sending.
 */
async function queueTexts(
  app: FastifyInstance,
  tx: DbOrTx,
  ctx: RequestContext,
  rows: NoticeRecord[],
  schools: NoticeRef[],
): Promise<{ queued: number; texts: SentTexts | null }> {
  const batchId = randomUUID();
  const nameOf = new Map(schools.map((s) => [s.id, s.name]));
  let queued = 0;
  for (const notice of rows.filter((r) => r.published)) {
    queued += await queueNoticeTexts(app, tx, { notice, schoolName: nameOf.get(notice.schoolId) ?? '', userId: ctx.user.id, batchId });
  }
  return { queued, texts: await sentTexts(tx, [...new Set(rows.map((r) => r.schoolId))], batchId) };
}

async function managedOne(app: FastifyInstance, ctx: RequestContext, id: string): Promise<ManagedNotice> {
  const scope = requireScope(ctx);
  const row = await repo.findManaged(app.db, scope, ctx.user.id, id);
  if (!row) throw notFound(NOTICE_NOT_FOUND);
  let schools: NoticeRef[] | null = null;
  if (row.broadcastId && editsWholeBroadcast(ctx)) {
    schools = (await repo.broadcastSchools(app.db, ctx.organisationId, [row.broadcastId])).map((s) => ({ id: s.id, name: s.name }));
  }
  return presentManaged(row, schools);
}

/**
 * Changes a notice. The super administrator's change of a broadcast changes every school's copy;
 * an administrator's content edit of a broadcast copy makes it their school's own notice.
 */
async function change(
  app: FastifyInstance,
  ctx: RequestContext,
  id: string,
  action: string,
  values: (targets: NoticeRecord[], tx: DbOrTx) => Promise<Partial<typeof notices.$inferInsert>>,
  then?: (after: NoticeRecord[], tx: DbOrTx) => Promise<number>,
): Promise<ManagedNotice> {
  const scope = requireScope(ctx);
  let texted = 0;
  await app.db.transaction(async (tx) => {
    const targets = await repo.lockTargets(tx, scope, id, editsWholeBroadcast(ctx));
    if (!targets.length) throw notFound(NOTICE_NOT_FOUND);
    const after = await repo.updateNotices(tx, targets, await values(targets, tx));
    const before = new Map(targets.map((t) => [t.id, t]));
    for (const row of after) {
      await audit(tx, { ...auditBase(ctx, row.schoolId), action, entityId: row.id, before: auditView(before.get(row.id)!), after: auditView(row) });
    }
    if (then) texted = await then(after, tx);
  });
  if (texted > 0) app.messageWorker.kick();
  return managedOne(app, ctx, id);
}

export async function updateNotice(app: FastifyInstance, ctx: RequestContext, id: string, input: NoticeValues): Promise<PostedNotice> {
  // ticked on an edit, the notice goes as SMS to whoever it has not gone to yet; never unsent
  let texted: SentTexts | null = null;
  const texts = async (after: NoticeRecord[], tx: DbOrTx) => {
    if (!input.sendSms) return 0;
    const sent = await queueTexts(app, tx, ctx, after, await repo.activeSchools(tx, ctx.organisationId, after.length === 1 ? after[0].schoolId : undefined));
    texted = sent.texts;
    return sent.queued;
  };
  const notice = await change(
    app,
    ctx,
    id,
    'notice.updated',
    async (targets, tx) => {
      // a notice stays in its school(s); a class belongs to exactly one school
      if (input.audience === 'class' && targets.length !== 1) throw badRequest(CLASS_NEEDS_ONE_SCHOOL, { classId: CLASS_NEEDS_ONE_SCHOOL });
      const classId = await checkClass(tx, targets[0].schoolId, input);
      return {
        title: input.title,
        description: input.description,
        date: input.date,
        audience: input.audience,
        classId,
        pinned: input.pinned,
        ...(input.sendSms ? { sendSms: true } : {}),
        ...(editsWholeBroadcast(ctx) ? {} : { broadcastId: null }),
      };
    },
    texts,
  );
  return { ...notice, ...(texted ? { texts: texted } : {}) };
}

export async function setFlags(app: FastifyInstance, ctx: RequestContext, id: string, flags: NoticeFlags): Promise<ManagedNotice> {
  const action =
    flags.published === false ? 'notice.unpublished' : flags.published === true ? 'notice.published' : flags.pinned ? 'notice.pinned' : 'notice.unpinned';
  return change(app, ctx, id, action, async () => ({
    ...(flags.pinned !== undefined ? { pinned: flags.pinned } : {}),
    ...(flags.published !== undefined ? { published: flags.published } : {}),
  }));
}

export async function deleteNotice(app: FastifyInstance, ctx: RequestContext, id: string): Promise<void> {
  const scope = requireScope(ctx);
  await app.db.transaction(async (tx) => {
    const targets = await repo.lockTargets(tx, scope, id, editsWholeBroadcast(ctx));
    if (!targets.length) throw notFound(NOTICE_NOT_FOUND);
    await repo.deleteNotices(tx, targets);
    for (const row of targets) {
      await audit(tx, { ...auditBase(ctx, row.schoolId), action: 'notice.deleted', entityId: row.id, before: auditView(row), after: null });
    }
  });
}
