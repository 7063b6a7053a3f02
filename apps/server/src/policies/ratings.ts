/**
 * Affective and psychomotor ratings (issue 18): a school's staff read its traits; its administrators
 * set them; the class teacher rates a whole class for a term, as with the register (an administrator
 * any class, a teacher the classes they are class teacher of: `mayTakeRegister`). Once a class's
 * results of the term are published, only an administrator changes its ratings.
 */
import { mayTakeRegister } from './attendance';
import { isSchoolAdmin, SCHOOL_ADMINS, SCHOOL_STAFF } from './actors';
import type { RequestContext } from './context';
import { matrixRoute } from './policy';

const staff = { actors: SCHOOL_STAFF };

export const ratingsPolicy = {
  /** The traits of the school (any of its staff). */
  readTraits: matrixRoute('ratings.readTraits', 'attendance', 'view', staff),
  /** Add, rename, reorder and deactivate traits: the school's administrators. */
  editTraits: matrixRoute('ratings.editTraits', 'settings', 'edit', { actors: SCHOOL_ADMINS }),
  /** The terms and the classes the actor rates. */
  readOptions: matrixRoute('ratings.readOptions', 'attendance', 'view', staff),
  /** A class's rating grid: the class teacher or an administrator (checked with the class named in the query). */
  readSheet: matrixRoute('ratings.readSheet', 'attendance', 'view', staff),
  saveSheet: matrixRoute('ratings.saveSheet', 'attendance', 'edit', staff),
};

/** Who rates a class's students: the school's administrators any class, a teacher the classes they are class teacher of. */
export function mayRateClass(ctx: Pick<RequestContext, 'user'>, cls: { classTeacherId: string | null }, staffId: string | null): boolean {
  return mayTakeRegister(ctx, cls, staffId);
}

/** Whether the actor rates every class of the school (their options list them all). */
export const ratesEveryClass = (ctx: Pick<RequestContext, 'user'>) => isSchoolAdmin(ctx);

/** Whether the actor may still change a class's ratings once its results of the term are published. */
export const changesPublishedRatings = (ctx: Pick<RequestContext, 'user'>) => isSchoolAdmin(ctx);

/** Whether the actor may edit the school's traits (what the traits panel shows). */
export const editsTraits = (ctx: Pick<RequestContext, 'user'>) => isSchoolAdmin(ctx);
