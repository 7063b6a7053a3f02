/**
 * Invitation slips for a class (ADR 0036): invitation codes are kept hashed, so a slip cannot show an
 * earlier code; printing slips issues new codes to the class's accounts that have not signed up yet
 * (the earlier code of each stops working) and answers them once, to the school's administrator.
 */
import type { InvitationSlips, IssuedInvitation } from '@school/shared/admissions/responses';
import { className } from '@school/shared/academics/schemas';
import type { FastifyInstance } from 'fastify';
import { accountsByIds } from '../../lib/accounts';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/http-errors';
import { personName } from '../../lib/names';
import { isParent, isStudent } from '../../policies/actors';
import { inviteUser } from '../invitations/invitations.service';
import * as admit from './admissions.admit.repository';
import { deliverAll, type Queued, type WriteContext } from './admissions.common';
import * as repo from './admissions.repository';

/** Who an account's slip is for: the student of their own login, or each child of a parent in the class. */
interface Holder {
  userId: string;
  whose: 'student' | 'parent';
  students: Array<{ name: string; registrationNo: string }>;
}

export async function issueClassSlips(app: FastifyInstance, ctx: WriteContext, classId: string): Promise<InvitationSlips> {
  const { slips, mails } = await app.db.transaction(async (tx) => {
    const klass = await repo.findClass(tx, ctx.schoolId, classId);
    if (!klass) throw notFound('Class not found');
    const school = (await repo.findSchool(tx, ctx.schoolId))!;
    const { pupils, parents } = await admit.accountsOfClass(tx, ctx.schoolId, classId);
    const holders = new Map<string, Holder>();
    const hold = (userId: string | null, whose: Holder['whose'], pupil: (typeof pupils)[number]) => {
      if (!userId) return;
      const holder = holders.get(userId) ?? { userId, whose, students: [] };
      holder.students.push({ name: personName(pupil), registrationNo: pupil.registrationNo });
      holders.set(userId, holder);
    };
    const byId = new Map(pupils.map((p) => [p.studentId, p]));
    for (const pupil of pupils) hold(pupil.userId, 'student', pupil);
    for (const link of parents) hold(link.userId, 'parent', byId.get(link.studentId)!);
    const accounts = await accountsByIds(tx, [...holders.keys()]);

    const items: IssuedInvitation[] = [];
    const queued: Queued[] = [];
    // only accounts still waiting for their first sign-in: a used code is never shown again
    for (const holder of holders.values()) {
      const account = accounts.get(holder.userId);
      if (!account || account.status !== 'invited' || account.hasPassword) continue;
      const ownAccount = { student: isStudent, parent: isParent }[holder.whose];
      if (!ownAccount(account)) continue;
      const invited = await inviteUser(app, tx, { userId: holder.userId, invitedByUserId: ctx.actor.id, origin: ctx.origin });
      queued.push(invited);
      items.push({
        studentName: holder.students.map((s) => s.name).join(', '),
        registrationNo: holder.students.map((s) => s.registrationNo).join(', '),
        role: holder.whose,
        name: account.name,
        email: account.email,
        code: invited.code,
        expiresAt: invited.expiresAt.toISOString(),
      });
    }
    items.sort((a, b) => a.studentName.localeCompare(b.studentName, 'en') || a.role.localeCompare(b.role));
    await audit(tx, {
      organisationId: ctx.actor.organisationId,
      schoolId: ctx.schoolId,
      userId: ctx.actor.id,
      ip: ctx.ip,
      action: 'invitations.slips_issued',
      entity: 'class',
      entityId: classId,
      // who was given a new code, never the codes
      after: { className: className(klass.level, klass.arm), session: klass.sessionName, accounts: items.map((i) => i.email) },
    });
    const registerUrl = `${(ctx.origin || app.config.publicUrl || 'http://localhost:3000').replace(/\/$/, '')}/auth/register`;
    return {
      slips: { schoolName: school.name, className: className(klass.level, klass.arm), sessionName: klass.sessionName, registerUrl, items },
      mails: queued,
    };
  });
  await deliverAll(app, mails);
  return slips;
}
