export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
/** Results of each kind (students, staff, classes) the top-bar search answers at most. */
export const SEARCH_RESULTS_PER_KIND = 5;
/** How long the search box waits after the last key before asking. */
export const SEARCH_DEBOUNCE_MS = 250;

export const SEARCH_TOO_SHORT = `Type at least ${SEARCH_MIN_LENGTH} characters`;

/**
 * Roles the top-bar search finds nothing for (policies/search.ts): it finds a school's students, staff and
 * classes (spec 9), none of which a pupil or a family may look up; their own pages are all in their
 * sidebar. The search box is not offered to them rather than always answering "No results".
 */
export const ROLES_WITHOUT_SEARCH: readonly string[] = ['student', 'parent'];
