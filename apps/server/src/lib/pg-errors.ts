/**
 * PostgreSQL error codes that a handler turns into a clear answer. Drizzle wraps the driver's error
 * (postgres.js or PGlite) in its own, so the code may sit on the error or on its cause.
 */
export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

function pgCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgCode(error) === UNIQUE_VIOLATION;
export const isForeignKeyViolation = (error: unknown) => pgCode(error) === FOREIGN_KEY_VIOLATION;

/** The database's own message (e.g. a trigger's RAISE), from wherever the driver put it. */
export function pgMessage(error: unknown): string | undefined {
  let found: string | undefined;
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && typeof message === 'string') found = message;
    current = (current as { cause?: unknown }).cause;
  }
  return found;
}
