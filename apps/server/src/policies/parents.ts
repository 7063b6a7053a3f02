/**
 * A parent's own area: their children (policies/students.ts says which students those are). Other
 * roles hold the dashboard grant for their own dashboards, not for this list.
 */
import { PARENTS } from './actors';
import { matrixRoute } from './policy';

export const parentsPolicy = {
  listChildren: matrixRoute('parents.listChildren', 'dashboard', 'view', { actors: PARENTS }),
};
