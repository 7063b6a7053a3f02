import { LOCKOUT_MINUTES, LOGIN_IP_WINDOW_MINUTES, RESET_TOKEN_MINUTES, SESSION_ABSOLUTE_DAYS } from '@school/shared/settings/security-defaults';
import type { Role } from '@school/shared/auth/roles';
import type { FastifyInstance } from 'fastify';
import { isStudent } from '../../policies/actors';
import type { DbOrTx } from '../../db/client';
import { accountIdByEmail } from '../../lib/accounts';
import { audit } from '../../lib/audit';
import { badRequest, forbidden, HttpError, unauthorized } from '../../lib/http-errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { clear, hit, refund, takeTurn } from '../../lib/rate-limit';
import { randomToken, sha256 } from '../../lib/tokens';
import { accountToken, parseAccountToken, securitySettings } from '../../plugins/authentication';
import { presentSessionUser } from './auth.presenter';
import * as repo from './auth.repository';
import { accountPhone, plainText, queueMessages } from '../messaging/messaging.api';

export const INVALID_LOGIN = 'Invalid email or password';
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired.';
export const FORGOT_PASSWORD_ANSWER = 'If an account exists for that email, we have sent a link to reset the password.';

/** A 429 that says, in seconds, when to try again: the login route sends that as Retry-After. */
export class SignInRefused extends HttpError {
  constructor(
    message: string,
    public retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/** The first wait once an account's free failures are used up; each further failure doubles it. */
const FIRST_WAIT_MS = 1000;
/** Failures in a row are remembered this long (a successful sign-in forgets them at once). */
const ACCOUNT_FAILURE_WINDOW_MS = 24 * 60 * 60_000;

const ipKey = (ip: string) => `login:ip-failures:${ip}`;
const accountKeys = (email: string) => {
  const account = email.trim().toLowerCase();
  return { failures: `login:account-failures:${account}`, turn: `login:account-turn:${account}` };
};

const waitText = (seconds: number) => {
  const [n, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
};
const refused = (who: string, until: Date, now: Date) => {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new SignInRefused(`Too many failed sign-ins ${who}. Please try again in ${waitText(seconds)}.`, seconds);
};
const FOR_ACCOUNT = 'for this account';
const FROM_ADDRESS = 'from this network';

/** How long the next attempt at an account waits after `failures` in a row: 0, then 1 s, 2 s, 4 s … capped. */
const accountWaitMs = (failures: number, freeFailures: number) =>
  failures < freeFailures ? 0 : Math.min(FIRST_WAIT_MS * 2 ** (failures - freeFailures), LOCKOUT_MINUTES * 60_000);

/** Counts a sign-in as a failure of its address before the password is checked, and refuses it past the limit. */
async function admitAddress(app: FastifyInstance, ip: string, now: Date) {
  const address = await hit(app.db, ipKey(ip), LOGIN_IP_WINDOW_MINUTES * 60_000, now);
  if (address.count > app.config.loginIpLimit) throw refused(FROM_ADDRESS, address.resetAt, now);
}

/**
 * Counts a sign-in as a failure of its account before the password is checked (so parallel guesses
 * cannot slip past), and refuses it while the account must wait. Returns when the account's next
 * attempt may come should this one fail.
 */
async function admitAccount(app: FastifyInstance, input: { email: string; ip: string }, freeFailures: number, now: Date) {
  const keys = accountKeys(input.email);
  const failures = await hit(app.db, keys.failures, ACCOUNT_FAILURE_WINDOW_MS, now);
  const nextTurn = new Date(now.getTime() + accountWaitMs(failures.count, freeFailures));
  const turn = await takeTurn(app.db, keys.turn, nextTurn, now);
  if (turn.taken) return nextTurn;
  // not a guess, as the password is not checked: it counts for neither the account nor the address
  await refund(app.db, keys.failures);
  await refund(app.db, ipKey(input.ip));
  throw refused(FOR_ACCOUNT, turn.waitUntil, now);
}

const forgetAccountFailures = (db: DbOrTx, email: string) => clear(db, ...Object.values(accountKeys(email)));

/** The right password: the account's failures are forgotten and the attempt does not count for its address. */
async function signInSucceeded(db: DbOrTx, input: { email: string; ip: string }) {
  await forgetAccountFailures(db, input.email);
  await refund(db, ipKey(input.ip));
}

export async function login(app: FastifyInstance, input: { email: string; password: string; ip: string; userAgent: string | null }) {
  const now = new Date();
  await admitAddress(app, input.ip, now);
  const row = await repo.findUserForLogin(app.db, input.email);
  const nextTurn = await admitAccount(app, input, securitySettings(row?.settings).maxLoginAttempts, now);
  const valid = await verifyPassword(row ? row.user.passwordHash : await dummyPasswordHash(), input.password);
  if (!row || !valid) {
    if (nextTurn > now) throw refused(FOR_ACCOUNT, nextTurn, now);
    throw unauthorized(INVALID_LOGIN);
  }
  await signInSucceeded(app.db, input);
  const { user } = row;
  // Only a caller who knows the password learns why the account cannot be used.
  if (row.organisationStatus !== 'active') {
    throw forbidden('Your organisation’s account is suspended. Please contact SchoolSuite support.');
  }
  if (row.schoolStatus && row.schoolStatus !== 'active') {
    throw forbidden('Your school has been deactivated by its owner. Please contact your school’s proprietor.');
  }
  if (user.status !== 'active') throw forbidden('Your account has been disabled. Please contact your school administrator.');

  const token = await app.db.transaction(async (tx) => {
    await repo.recordSuccessfulLogin(tx, user.id);
    return startSession(tx, { userId: user.id, ip: input.ip, userAgent: input.userAgent });
  });
  const studentId = isStudent(user) ? await repo.findStudentIdForUser(app.db, user) : null;
  return {
    token,
    user: presentSessionUser(
      {
        id: user.id,
        name: user.name,
        email: user.email,
        role: user.role as Role,
        organisationId: user.organisationId,
        organisationName: row.organisationName,
        schoolId: user.schoolId,
        schoolName: row.schoolName,
        selectedAcademicSessionId: user.selectedAcademicSessionId,
      },
      studentId,
    ),
  };
}

/** Creates a server session for the user and returns the `sid` cookie's value, `<user id>.<token>`. */
export async function startSession(db: DbOrTx, input: { userId: string; ip: string; userAgent: string | null }): Promise<string> {
  const token = randomToken();
  await repo.createSession(db, {
    tokenHash: sha256(token),
    userId: input.userId,
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_DAYS * 86_400_000),
    ip: input.ip,
    userAgent: input.userAgent,
  });
  return accountToken(input.userId, token);
}

export async function requestPasswordReset(app: FastifyInstance, input: { email: string; ip: string; origin: string }) {
  const ipHits = await hit(app.db, `forgot:ip:${input.ip}`, 15 * 60_000);
  const emailHits = await hit(app.db, `forgot:email:${input.email.toLowerCase()}`, 60 * 60_000);
  // Past the limits the answer stays the same; only the mail is not sent again.
  if (ipHits.count > 10 || emailHits.count > 3) return;
  const userId = await accountIdByEmail(app.db, input.email);
  const row = userId ? await repo.findUserById(app.db, userId) : null;
  if (!row || row.user.status !== 'active') return;
  const token = randomToken();
  // the link names the account, whose shard holds the token (ADR 0026)
  const link = `${input.origin}/auth/reset-password?token=${encodeURIComponent(accountToken(row.user.id, token))}`;
  const message = {
    to: row.user.email,
    subject: 'Reset your SchoolSuite password',
    body: [
      `Hello ${row.user.name},`,
      '',
      'Someone (we hope you) asked to reset the password of your SchoolSuite account.',
      `Open this link within ${RESET_TOKEN_MINUTES} minutes to choose a new password:`,
      '',
      link,
      '',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
    organisationId: row.user.organisationId,
    schoolId: row.user.schoolId,
  };
  let texted = 0;
  const outboxId = await app.db.transaction(async (tx) => {
    const tokenHash = sha256(token);
    await repo.createResetToken(tx, {
      tokenHash,
      userId: row.user.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
    });
    // the same link by SMS or WhatsApp to the phone the school knows for the account (ADR 0039): only
    // ever to the account's own number, so it says no more than the mail; an owner's stays email
    const schoolId = row.user.schoolId;
    if (schoolId) {
      texted = await queueMessages(app, tx, { organisationId: row.user.organisationId, schoolId, userId: row.user.id }, [
        {
          event: 'passwordReset',
          dedupeKey: `passwordReset:${row.user.id}:${tokenHash.slice(0, 16)}`,
          phone: await accountPhone(tx, schoolId, row.user.id),
          recipientName: row.user.name,
          body: passwordResetText(link),
        },
      ]);
    }
    return app.mailer.queue(tx, message);
  });
  await app.mailer.deliver(app.db, outboxId, message);
  if (texted > 0) app.messageWorker.kick();
}

/** The reset link by SMS: plain GSM characters. */
export function passwordResetText(link: string) {
  return plainText(
    `SchoolSuite: to reset your password, open this link within ${RESET_TOKEN_MINUTES} minutes: ${link} If you did not ask for this, ignore this message.`,
  );
}

export async function resetPassword(app: FastifyInstance, input: { token: string; password: string; ip: string }) {
  await app.db.transaction(async (tx) => {
    // a link of another shape (one mailed before the account was named in it) is invalid too
    const parsed = parseAccountToken(input.token);
    if (!parsed || !(await repo.consumeResetToken(tx, parsed.userId, sha256(parsed.token)))) {
      throw badRequest(RESET_LINK_INVALID, { token: RESET_LINK_INVALID });
    }
    const { userId } = parsed;
    const row = await repo.findUserById(tx, userId);
    if (!row) throw badRequest(RESET_LINK_INVALID, { token: RESET_LINK_INVALID });
    checkPasswordLength(input.password, securitySettings(row.settings).passwordMinLength);
    await repo.setPassword(tx, userId, await hashPassword(input.password));
    await forgetAccountFailures(tx, row.user.email);
    await repo.deleteSessionsOfUser(tx, userId);
    await audit(tx, {
      organisationId: row.user.organisationId,
      schoolId: row.user.schoolId,
      userId,
      action: 'auth.password_reset',
      entity: 'user',
      entityId: userId,
      ip: input.ip,
    });
  });
}

export async function changePassword(
  app: FastifyInstance,
  input: { userId: string; sessionTokenHash: string; currentPassword: string; password: string; ip: string },
) {
  const row = await repo.findUserById(app.db, input.userId);
  if (!row) throw unauthorized();
  if (!(await verifyPassword(row.user.passwordHash, input.currentPassword))) {
    throw badRequest('Current password is incorrect', { currentPassword: 'Current password is incorrect' });
  }
  checkPasswordLength(input.password, securitySettings(row.settings).passwordMinLength);
  const passwordHash = await hashPassword(input.password);
  await app.db.transaction(async (tx) => {
    await repo.setPassword(tx, input.userId, passwordHash);
    // other browsers signed in as this user are signed out; this one stays
    await repo.deleteSessionsOfUser(tx, input.userId, input.sessionTokenHash);
    await audit(tx, {
      organisationId: row.user.organisationId,
      schoolId: row.user.schoolId,
      userId: input.userId,
      action: 'auth.password_changed',
      entity: 'user',
      entityId: input.userId,
      ip: input.ip,
    });
  });
}

/** The organisation may ask for longer passwords than the schema's minimum. */
function checkPasswordLength(password: string, minLength: number) {
  if (password.length < minLength) {
    const message = `Password must be at least ${minLength} characters`;
    throw badRequest(message, { password: message });
  }
}
