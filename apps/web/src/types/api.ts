/** The signed-in user, as GET /api/auth/me answers: inferred from the server's response schema. */
export type { SessionUser } from '@school/shared/auth/responses';
