/**
 * Invitation slips for staff (ADR 0036), as for a class's students and parents: invitation codes are kept
 * hashed, so a slip cannot show an earlier code; printing slips issues new codes to the staff accounts
 * that have not signed up yet (the earlier code of each stops working) and answers them once, to the
 * school's administrator. The new codes are mailed too when mail is configured.
 */
import type { StaffIssuedInvitation } from '@school/shared/staff/import';
import type { StaffInvitationSlips } from '@school/shared/staff/responses';
import type { FastifyInstance } from 'fastify';
import { accountsByIds } from '../../lib/accounts';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/http-errors';
import type { MailMessage } from '../../lib/mailer';
import { isSchoolStaff } from '../../policies/actors';
import { inviteUser } from '../invitations/invitations.service';
import * as repo from './staff.repository';
import type { WriteContext } from './staff.service';

export async function issueStaffSlips(app: FastifyInstance, ctx: WriteContext): Promise<StaffInvitationSlips> {
  const { slips, mails } = await app.db.transaction(async (tx) => {
    const schoolName = await repo.findSchoolName(tx, ctx.schoolId);
    if (schoolName === null) throw notFound('School not found');
    const members = await repo.activeStaffWithAccounts(tx, ctx.schoolId);
    const accounts = await accountsByIds(
      tx,
      members.map((m) => m.userId),
    );

    const items: StaffIssuedInvitation[] = [];
    const queued: Array<{ outboxId: string; message: MailMessage }> = [];
    // only accounts still waiting for their first sign-in: a used code is never shown again
    for (const member of members) {
      const account = accounts.get(member.userId!);
      if (!account || account.status !== 'invited' || account.hasPassword) continue;
      if (!isSchoolStaff(account)) continue;
      const invited = await inviteUser(app, tx, { userId: account.id, invitedByUserId: ctx.actor.id, origin: ctx.origin });
      queued.push(invited);
      items.push({
        name: member.name,
        email: account.email,
        role: account.role as StaffIssuedInvitation['role'],
        code: invited.code,
        expiresAt: invited.expiresAt.toISOString(),
      });
    }
    await audit(tx, {
      organisationId: ctx.actor.organisationId,
      schoolId: ctx.schoolId,
      userId: ctx.actor.id,
      ip: ctx.ip,
      action: 'invitations.slips_issued',
      entity: 'staff',
      // who was given a new code, never the codes
      after: { accounts: items.map((i) => i.email) },
    });
    const registerUrl = `${(ctx.origin || app.config.publicUrl || 'http://localhost:3000').replace(/\/$/, '')}/auth/register`;
    return { slips: { schoolName, registerUrl, items }, mails: queued };
  });
  for (const mail of mails) await app.mailer.deliver(app.db, mail.outboxId, mail.message);
  if (mails.length > 0) app.messageWorker.kick(); // their SMS or WhatsApp (ADR 0039)
  return slips;
}
