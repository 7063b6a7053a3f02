/**
 * Tables of sign-in: login sessions, password-reset tokens, the invitations that let a new user set
 * a password, and the rate-limit counters that guard them.
 */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';
import { byUserId, nullableSchoolId, organisationId, userId } from './schema-core';

/** Server-side login sessions; the cookie holds a random token, the table its SHA-256. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: userId('cascade'),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: userId('cascade'),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Fixed-window counters for rate limits that must hold across processes (sign-in by IP and account). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamptz('reset_at').notNull(),
});

/** A numeric code mailed to a new user; /auth/register exchanges it (once, before expiry) for a password. */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    organisationId: organisationId(),
    schoolId: nullableSchoolId(),
    userId: userId('cascade'),
    codeHash: text('code_hash').notNull(),
    invitedByUserId: byUserId('invited_by_user_id'),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_user_idx').on(t.userId)],
);
