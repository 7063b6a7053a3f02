/**
 * Tables of sign-in: login sessions, password-reset tokens, the invitations that let a new user set
 * a password, and the rate-limit counters that guard them.
 */
import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { nullableSchoolId, organisationId, userId } from './schema-core';

/**
 * Server-side login sessions; the cookie holds the account's id and a random token, the table the token's
 * SHA-256 under the account (ADR 0026: the user group is spread by the account's id).
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    tokenHash: text('token_hash').notNull(),
    userId: userId('cascade'),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * An owner running one of the organisation's schools as its administrator (ADR 0038): the school
     * this session acts in, checked against the owner's organisation on every request. No foreign
     * key: the school's row sits in the school's shard, the session in the account's.
     */
    actingSchoolId: uuid('acting_school_id'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tokenHash] })],
);

/** The mailed link names the account and a random token; the table keeps the token's SHA-256 under it. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').notNull(),
    userId: userId('cascade'),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tokenHash] })],
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
    id: uuid('id').notNull().defaultRandom(),
    organisationId: organisationId(),
    schoolId: nullableSchoolId(),
    userId: userId('cascade'),
    codeHash: text('code_hash').notNull(),
    // another account, perhaps on another node (ADR 0026): its id is kept, without a foreign key
    invitedByUserId: uuid('invited_by_user_id'),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] })],
);

/**
 * Which account an e-mail address is, by the address in lower case: sign-in, invitations and the
 * address's uniqueness across the whole deployment start here (ADR 0026: spread by the address, where
 * `users` is spread by the account's id). Written in the transaction that writes `users.email`.
 */
export const userEmails = pgTable('user_emails', {
  email: text('email').primaryKey(),
  userId: uuid('user_id').notNull(),
});
