import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { invitations, organisationSettings, schools, users } from '../../db/schema';
import { accountIdByEmail } from '../../lib/accounts';
import { audit } from '../../lib/audit';
import { badRequest, tooManyRequests } from '../../lib/http-errors';
import type { MailMessage } from '../../lib/mailer';
import { hashPassword } from '../../lib/passwords';
import { hit } from '../../lib/rate-limit';
import { sha256 } from '../../lib/tokens';
import { securitySettings } from '../../plugins/authentication';
import { accountPhone, plainText, queueMessages } from '../messaging/messaging.api';

export const INVITATION_DAYS = 7;
export const INVALID_INVITATION = 'This email and code do not match a valid invitation.';

/** 8 digits, never starting with 0, so the code survives being typed as a number. */
function newCode(): string {
  return String(randomInt(10_000_000, 100_000_000));
}

/**
 * Creates an invitation for a user without a password and queues its mail (and its SMS or WhatsApp to
 * the phone the school knows for the person, ADR 0039), inside the caller's transaction. Deliver the
 * returned message after the transaction commits: `await app.mailer.deliver(app.db, outboxId, message)`,
 * then `app.messageWorker.kick()` when `texted`.
 */
export async function inviteUser(
  app: FastifyInstance,
  tx: DbOrTx,
  input: { userId: string; invitedByUserId: string | null; origin?: string },
): Promise<{ outboxId: string; message: MailMessage; code: string; expiresAt: Date; registerUrl: string; texted: number }> {
  const [user] = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      organisationId: users.organisationId,
      schoolId: users.schoolId,
      schoolName: schools.name,
    })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!user) throw new Error(`inviteUser: no user ${input.userId}`);
  const code = newCode();
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  // a new invitation replaces any earlier one still open
  await tx
    .update(invitations)
    .set({ usedAt: new Date() })
    .where(and(eq(invitations.userId, user.id), isNull(invitations.usedAt)));
  const [invitation] = await tx
    .insert(invitations)
    .values({
      organisationId: user.organisationId,
      schoolId: user.schoolId,
      userId: user.id,
      codeHash: sha256(code),
      invitedByUserId: input.invitedByUserId,
      expiresAt,
    })
    .returning({ id: invitations.id });
  const registerUrl = `${(input.origin ?? app.config.publicUrl ?? 'http://localhost:3000').replace(/\/$/, '')}/auth/register`;
  const message: MailMessage = {
    to: user.email,
    subject: `Your SchoolSuite invitation${user.schoolName ? ` from ${user.schoolName}` : ''}`,
    body: [
      `Hello ${user.name},`,
      '',
      `You have been invited to SchoolSuite${user.schoolName ? ` by ${user.schoolName}` : ''}.`,
      `Your invitation code is: ${code}`,
      '',
      `Open ${registerUrl}, enter this email address, the code and a password of your choice.`,
      `The code works once and expires in ${INVITATION_DAYS} days.`,
    ].join('\n'),
    organisationId: user.organisationId,
    schoolId: user.schoolId,
  };
  const outboxId = await app.mailer.queue(tx, message);
  // and by SMS or WhatsApp to the phone the school knows for the person (ADR 0039); an owner's stays email
  let texted = 0;
  if (user.schoolId) {
    texted = await queueMessages(app, tx, { organisationId: user.organisationId, schoolId: user.schoolId, userId: input.invitedByUserId }, [
      {
        event: 'invitation',
        dedupeKey: `invitation:${invitation.id}`,
        phone: await accountPhone(tx, user.schoolId, user.id),
        recipientName: user.name,
        body: invitationText(user.schoolName, code, registerUrl, user.email),
      },
    ]);
  }
  return { outboxId, message, code, expiresAt, registerUrl, texted };
}

/** "Greenfield: your SchoolSuite invitation code is 12345678. Register at https://…/auth/register with ada@… within 7 days." */
export function invitationText(schoolName: string | null, code: string, registerUrl: string, email: string) {
  return plainText(
    `${schoolName ?? 'SchoolSuite'}: your SchoolSuite invitation code is ${code}. Register at ${registerUrl} with ${email} within ${INVITATION_DAYS} days.`,
  );
}

/**
 * /auth/register: exchange email + code for a password; the account becomes active. The address names
 * the account (user_emails), whose invitations are then read by its id (ADR 0026).
 */
export async function acceptInvitation(app: FastifyInstance, input: { email: string; code: number; password: string; ip: string }) {
  const ipHits = await hit(app.db, `register:ip:${input.ip}`, 15 * 60_000);
  const emailHits = await hit(app.db, `register:email:${input.email.toLowerCase()}`, 15 * 60_000);
  if (ipHits.count > 30 || emailHits.count > 5) throw tooManyRequests('Too many attempts. Please try again in 15 minutes.');
  const passwordHash = await hashPassword(input.password);
  return app.db.transaction(async (tx) => {
    const userId = await accountIdByEmail(tx, input.email);
    if (!userId) throw badRequest(INVALID_INVITATION, { code: INVALID_INVITATION });
    const [row] = await tx
      .select({ invitation: invitations, user: users })
      .from(invitations)
      .innerJoin(users, eq(users.id, invitations.userId))
      .where(
        and(
          eq(invitations.userId, userId),
          eq(invitations.codeHash, sha256(String(input.code))),
          isNull(invitations.usedAt),
          gt(invitations.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(invitations.createdAt))
      .limit(1);
    if (!row || row.user.status === 'disabled') throw badRequest(INVALID_INVITATION, { code: INVALID_INVITATION });
    const [org] = await tx
      .select({ settings: organisationSettings.settings })
      .from(organisationSettings)
      .where(eq(organisationSettings.organisationId, row.user.organisationId));
    const { passwordMinLength } = securitySettings(org?.settings);
    if (input.password.length < passwordMinLength) {
      const message = `Password must be at least ${passwordMinLength} characters`;
      throw badRequest(message, { password: message });
    }
    await tx
      .update(invitations)
      .set({ usedAt: new Date() })
      .where(and(eq(invitations.userId, row.user.id), eq(invitations.id, row.invitation.id)));
    await tx.update(users).set({ passwordHash, status: 'active', passwordChangedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, row.user.id));
    await audit(tx, {
      organisationId: row.user.organisationId,
      schoolId: row.user.schoolId,
      userId: row.user.id,
      action: 'auth.invitation_accepted',
      entity: 'user',
      entityId: row.user.id,
      before: { status: row.user.status },
      after: { status: 'active' },
      ip: input.ip,
    });
    return { email: row.user.email };
  });
}
