/**
 * Affective and psychomotor ratings (issue 18): the school's traits (defaults inserted the first time
 * they are read), and a class's rating grid for a term, saved whole in one transaction.
 */
import { className } from '@school/shared/academics/schemas';
import {
  DEFAULT_TRAITS,
  DUPLICATE_TRAIT,
  NOT_CLASS_TEACHER,
  RATING_DOMAINS,
  RATING_KEY,
  RATING_OUT_OF_RANGE,
  RATINGS_LOCKED,
  STUDENT_NOT_IN_CLASS,
  TRAIT_NOT_FOUND,
  TRAIT_NOT_RATED,
  isRating,
  type RatingDomain,
} from '@school/shared/ratings/constants';
import type { RatingOptions, RatingSheet, Trait, Traits } from '@school/shared/ratings/responses';
import type { RatingSheetQuery, SaveRatingSheetInput, SaveTraitsInput } from '@school/shared/ratings/schemas';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { badRequest, forbidden, notFound } from '../../lib/http-errors';
import { personName } from '../../lib/names';
import { type RequestContext, requireSchool } from '../../policies/context';
import { changesPublishedRatings, editsTraits, mayRateClass, ratesEveryClass } from '../../policies/ratings';
import * as academics from '../academics/academics.api';
import * as people from '../people/people.api';
import { publishedClassIds } from '../results/results.api';
import * as repo from './ratings.repository';

const CLASS_NOT_FOUND = 'Class not found';
const TERM_NOT_FOUND = 'Term not found';

/** The school's traits, inserting the defaults the first time a school with none is read (idempotent). */
export async function ensureTraits(db: DbOrTx, schoolId: string): Promise<repo.TraitRow[]> {
  const rows = await repo.traitsOf(db, schoolId);
  if (rows.length > 0) return rows;
  await repo.insertTraits(
    db,
    RATING_DOMAINS.flatMap((domain) => DEFAULT_TRAITS[domain].map((name, position) => ({ schoolId, domain, name, position }))),
  );
  return repo.traitsOf(db, schoolId);
}

const byDomain = (rows: repo.TraitRow[], domain: RatingDomain) => rows.filter((t) => t.domain === domain).sort((a, b) => a.position - b.position);

// ---------------------------------------------------------------- traits

export async function getTraits(app: FastifyInstance, ctx: RequestContext): Promise<Traits> {
  const schoolId = requireSchool(ctx);
  const rows = await ensureTraits(app.db, schoolId);
  const rated = await repo.ratedTraitIds(
    app.db,
    schoolId,
    rows.map((r) => r.id),
  );
  const present = (t: repo.TraitRow): Trait => ({
    id: t.id,
    domain: t.domain as RatingDomain,
    name: t.name,
    position: t.position,
    active: t.active,
    rated: rated.has(t.id),
  });
  return { affective: byDomain(rows, 'affective').map(present), psychomotor: byDomain(rows, 'psychomotor').map(present), canEdit: editsTraits(ctx) };
}

/**
 * Replaces the school's lists of traits: each domain's in the order sent (rename, reorder, activate or
 * deactivate by id; a new name is added, or takes back a trait of that name left out earlier); a trait
 * left out is removed, or deactivated when students have ratings for it. One transaction, audited.
 */
export async function saveTraits(app: FastifyInstance, ctx: RequestContext, input: SaveTraitsInput): Promise<Traits> {
  const schoolId = requireSchool(ctx);
  const lists = { affective: input.affective, psychomotor: input.psychomotor } as Record<RatingDomain, SaveTraitsInput['affective']>;
  for (const domain of RATING_DOMAINS) {
    const seen = new Set<string>();
    lists[domain].forEach((item, i) => {
      const key = item.name.trim().toLowerCase();
      if (seen.has(key)) {
        const message = DUPLICATE_TRAIT(domain, item.name.trim());
        throw badRequest(message, { [`${domain}.${i}.name`]: message });
      }
      seen.add(key);
    });
  }
  await ensureTraits(app.db, schoolId);
  await app.db.transaction(async (tx) => {
    const existing = await repo.lockTraits(tx, schoolId);
    const byId = new Map(existing.map((t) => [t.id, t]));
    const rated = await repo.ratedTraitIds(
      tx,
      schoolId,
      existing.map((t) => t.id),
    );
    const claimed = new Set<string>();
    const plan: Array<{ domain: RatingDomain; id: string | null; name: string; position: number; active: boolean }> = [];
    for (const domain of RATING_DOMAINS) {
      lists[domain].forEach((item, i) => {
        if (item.id) {
          const trait = byId.get(item.id);
          if (!trait || trait.domain !== domain) throw badRequest(TRAIT_NOT_FOUND, { [`${domain}.${i}.id`]: TRAIT_NOT_FOUND });
          claimed.add(trait.id);
        }
      });
    }
    for (const domain of RATING_DOMAINS) {
      lists[domain].forEach((item, i) => {
        const name = item.name.trim();
        const sameName = existing.find((t) => t.domain === domain && t.name.toLowerCase() === name.toLowerCase() && t.id !== item.id);
        let id = item.id ?? null;
        if (sameName && !claimed.has(sameName.id)) {
          if (id) {
            // a trait left out and not rated is removed: its name is free
            if (!rated.has(sameName.id)) return plan.push({ domain, id, name, position: i, active: item.active ?? true });
            const message = `${sameName.name} is a trait no longer rated: add it as a new trait instead of renaming another`;
            throw badRequest(message, { [`${domain}.${i}.name`]: message });
          }
          // a trait left out earlier (kept for its ratings) comes back
          id = sameName.id;
          claimed.add(id);
        }
        plan.push({ domain, id, name, position: i, active: item.active ?? true });
      });
    }
    const removed = existing.filter((t) => !claimed.has(t.id));
    await repo.deleteTraits(
      tx,
      schoolId,
      removed.filter((t) => !rated.has(t.id)).map((t) => t.id),
    );
    const kept = plan.filter((p) => p.id !== null);
    // names move between traits in one save (a swap): free them first
    const renamed = kept.filter((p) => byId.get(p.id!)!.name !== p.name);
    for (const p of renamed) await repo.updateTrait(tx, schoolId, p.id!, { name: `#${p.id}`, position: p.position, active: p.active });
    for (const p of kept) await repo.updateTrait(tx, schoolId, p.id!, { name: p.name, position: p.position, active: p.active });
    for (const t of removed.filter((r) => rated.has(r.id))) {
      await repo.updateTrait(tx, schoolId, t.id, { name: t.name, position: 1000 + t.position, active: false });
    }
    await repo.insertTraits(
      tx,
      plan.filter((p) => p.id === null).map((p) => ({ schoolId, domain: p.domain, name: p.name, position: p.position, active: p.active })),
    );
    const summary = (rows: Array<{ domain: string; name: string; active: boolean }>) =>
      Object.fromEntries(RATING_DOMAINS.map((d) => [d, rows.filter((r) => r.domain === d).map((r) => (r.active ? r.name : `${r.name} (inactive)`))]));
    await audit(tx, {
      organisationId: ctx.organisationId,
      schoolId,
      userId: ctx.user.id,
      action: 'ratings.traits_saved',
      entity: 'rating_traits',
      entityId: null,
      before: summary(existing),
      after: summary([...plan, ...removed.filter((r) => rated.has(r.id)).map((r) => ({ ...r, active: false }))]),
      ip: ctx.ip,
    });
  });
  return getTraits(app, ctx);
}

// ---------------------------------------------------------------- the grid

/** The selected session's terms and the classes the actor rates (an administrator all, a teacher those they are class teacher of). */
export async function getOptions(app: FastifyInstance, ctx: RequestContext): Promise<RatingOptions> {
  const schoolId = requireSchool(ctx);
  const session = await ctx.academicSession();
  if (!session) return { terms: [], classes: [] };
  const staff = ratesEveryClass(ctx) ? null : await people.staffForUser(app.db, schoolId, ctx.user.id);
  if (!ratesEveryClass(ctx) && !staff) return { terms: [], classes: [] };
  const [terms, classes] = await Promise.all([
    academics.termsOfSession(app.db, schoolId, session.id),
    academics.classesOfSession(app.db, schoolId, session.id, staff?.id),
  ]);
  return {
    terms,
    classes: classes.filter((c) => mayRateClass(ctx, c, staff?.id ?? null)).map((c) => ({ id: c.id, name: className(c.level, c.arm) })),
  };
}

/** The class and term a grid is about, once the actor is known to rate the class: 404 another school's, 403 not the class teacher. */
async function placeOf(db: DbOrTx, ctx: RequestContext, termId: string, classId: string) {
  const schoolId = requireSchool(ctx, CLASS_NOT_FOUND);
  const [cls, term] = await Promise.all([academics.findClass(db, schoolId, classId), academics.findTerm(db, schoolId, termId)]);
  if (!cls) throw notFound(CLASS_NOT_FOUND);
  if (!term) throw notFound(TERM_NOT_FOUND);
  const name = className(cls.level, cls.arm);
  const staff = ratesEveryClass(ctx) ? null : await people.staffForUser(db, schoolId, ctx.user.id);
  if (!mayRateClass(ctx, cls, staff?.id ?? null)) throw forbidden(NOT_CLASS_TEACHER(name));
  if (term.academicSessionId !== cls.academicSessionId) {
    const message = `The ${term.name} term is not in the session of ${name}`;
    throw badRequest(message, { termId: message });
  }
  const published = (await publishedClassIds(db, schoolId, [term.id])).some((p) => p.classId === cls.id);
  const locked = published && !changesPublishedRatings(ctx);
  return { schoolId, cls, term, name, locked };
}

async function readSheet(db: DbOrTx, place: Awaited<ReturnType<typeof placeOf>>): Promise<RatingSheet> {
  const { schoolId, cls, term } = place;
  const [traits, students] = await Promise.all([ensureTraits(db, schoolId), people.studentsOfClasses(db, schoolId, [cls.id])]);
  const active = RATING_DOMAINS.flatMap((d) => byDomain(traits, d).filter((t) => t.active));
  const ratings = await repo.ratingsOf(
    db,
    schoolId,
    term.id,
    students.map((s) => s.id),
  );
  const activeIds = new Set(active.map((t) => t.id));
  const byStudent = new Map<string, Record<string, number>>();
  for (const r of ratings) {
    if (!activeIds.has(r.traitId)) continue;
    const cells = byStudent.get(r.studentId) ?? {};
    cells[r.traitId] = r.rating;
    byStudent.set(r.studentId, cells);
  }
  return {
    termId: term.id,
    termName: term.name,
    classId: cls.id,
    className: place.name,
    traits: active.map((t) => ({ id: t.id, domain: t.domain as RatingDomain, name: t.name })),
    students: students.map((s) => ({
      studentId: s.id,
      name: personName(s, { order: 'surname-first' }),
      admissionNumber: s.registrationNo,
      ratings: byStudent.get(s.id) ?? {},
    })),
    key: [...RATING_KEY],
    canEdit: !place.locked,
    lockedReason: place.locked ? RATINGS_LOCKED : null,
  };
}

export async function getSheet(app: FastifyInstance, ctx: RequestContext, query: RatingSheetQuery): Promise<RatingSheet> {
  return readSheet(app.db, await placeOf(app.db, ctx, query.termId, query.classId));
}

/** A cell as sent: null to clear it, the rating, or NaN (refused). */
function cellValue(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    return /^\d+$/.test(text) ? Number(text) : Number.NaN;
  }
  return typeof value === 'number' ? value : Number.NaN;
}

/**
 * Saves a class's grid for a term, all or nothing: every cell is checked first (the student is in
 * the class, the trait is an active one of the school's, the rating 1-5), then the changed cells are
 * set or cleared and audited in one transaction.
 */
export async function saveSheet(app: FastifyInstance, ctx: RequestContext, input: SaveRatingSheetInput): Promise<RatingSheet> {
  const place = await placeOf(app.db, ctx, input.termId, input.classId);
  if (place.locked) throw forbidden(RATINGS_LOCKED);
  const { schoolId, term } = place;
  const [traits, students] = await Promise.all([ensureTraits(app.db, schoolId), people.studentsOfClasses(app.db, schoolId, [place.cls.id])]);
  const traitById = new Map(traits.map((t) => [t.id, t]));
  const studentById = new Map(students.map((s) => [s.id, personName(s, { order: 'surname-first' })]));
  const wanted = new Map<string, { studentId: string; traitId: string; rating: number | null }>();
  input.entries.forEach((entry, i) => {
    const student = studentById.get(entry.studentId);
    if (!student) {
      const message = STUDENT_NOT_IN_CLASS('This student', place.name);
      throw badRequest(message, { [`entries.${i}.studentId`]: message });
    }
    const trait = traitById.get(entry.traitId);
    if (!trait) throw badRequest(TRAIT_NOT_FOUND, { [`entries.${i}.traitId`]: TRAIT_NOT_FOUND });
    if (!trait.active) {
      const message = TRAIT_NOT_RATED(trait.name);
      throw badRequest(message, { [`entries.${i}.traitId`]: message });
    }
    const rating = cellValue(entry.rating);
    if (rating !== null && !isRating(rating)) {
      const message = RATING_OUT_OF_RANGE(student, trait.name);
      throw badRequest(message, { [`entries.${i}.rating`]: message });
    }
    wanted.set(`${entry.studentId}:${entry.traitId}`, { studentId: entry.studentId, traitId: entry.traitId, rating });
  });
  const studentIds = [...new Set([...wanted.values()].map((w) => w.studentId))];
  await app.db.transaction(async (tx) => {
    const current = new Map((await repo.ratingsOf(tx, schoolId, term.id, studentIds)).map((r) => [`${r.studentId}:${r.traitId}`, r.rating]));
    const changes = [...wanted.entries()]
      .filter(([key, w]) => (current.get(key) ?? null) !== w.rating)
      .map(([key, w]) => ({ ...w, before: current.get(key) ?? null }));
    if (changes.length === 0) return;
    await repo.upsertRatings(
      tx,
      schoolId,
      term.id,
      ctx.user.id,
      changes.filter((c) => c.rating !== null).map((c) => ({ studentId: c.studentId, traitId: c.traitId, rating: c.rating! })),
    );
    await repo.deleteRatings(
      tx,
      schoolId,
      term.id,
      changes.filter((c) => c.rating === null),
    );
    await audit(tx, {
      organisationId: ctx.organisationId,
      schoolId,
      userId: ctx.user.id,
      action: 'ratings.saved',
      entity: 'student_ratings',
      entityId: place.cls.id,
      before: { termId: term.id, classId: place.cls.id, ratings: changes.map((c) => ({ studentId: c.studentId, traitId: c.traitId, rating: c.before })) },
      after: { termId: term.id, classId: place.cls.id, ratings: changes.map((c) => ({ studentId: c.studentId, traitId: c.traitId, rating: c.rating })) },
      ip: ctx.ip,
    });
  });
  return readSheet(app.db, place);
}
