/**
 * The academic session chosen in the top bar. Kept in localStorage so that every request (and a
 * reload) uses it; the server also remembers it per user (PUT /api/me/academic-session).
 */
const STORAGE_KEY = 'school.academicSessionId';

export function getSelectedAcademicSessionId(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setSelectedAcademicSessionId(id: string | null): void {
  try {
    if (id) window.localStorage.setItem(STORAGE_KEY, id);
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode, quota); the server's default session then applies.
  }
}
