/**
 * End-of-session promotion (admin/academics/promotion): every student's cumulative average and the
 * school's placement into the next session are its administrators'. Students and parents hold
 * academics `view` for their own subjects and timetable, not for their classmates' averages.
 */
import { SCHOOL_ADMINS } from './actors';
import { matrixRoute } from './policy';

export const promotionPolicy = {
  view: matrixRoute('promotion.view', 'academics', 'view', { actors: SCHOOL_ADMINS }),
  promote: matrixRoute('promotion.promote', 'academics', 'edit', { actors: SCHOOL_ADMINS }),
};
