export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
/** Results of each kind (students, staff, classes) the top-bar search answers at most. */
export const SEARCH_RESULTS_PER_KIND = 5;
/** How long the search box waits after the last key before asking. */
export const SEARCH_DEBOUNCE_MS = 250;

export const SEARCH_TOO_SHORT = `Type at least ${SEARCH_MIN_LENGTH} characters`;
