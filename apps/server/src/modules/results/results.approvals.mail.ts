/**
 * The mails of the approval chain (ADR 0032, addendum): the next person is told it is their turn. Plain
 * and short; each links to the screen where the person acts, in their own area of the web app
 * (apps/web/src/app/router.tsx: a teacher's under /teachers, an administrator's under /admin).
 */
import type { MailMessage } from '../../lib/mailer';
import { isSchoolAdmin } from '../../policies/actors';

type Mail = Pick<MailMessage, 'subject' | 'body'>;

/** The class and term a mail is about. */
export interface MailPlace {
  termId: string;
  termName: string;
  sessionName: string;
  classId: string;
  className: string;
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** The approvals screen of the term, as the recipient's role sees it. */
export function approvalsLink(origin: string, recipient: { role: string }, termId: string) {
  const path = isSchoolAdmin(recipient) ? '/admin/records/approvals' : '/teachers/approvals';
  return `${origin}${path}?${query({ termId })}`;
}

/** A subject's score sheet: a teacher's grid, or an administrator's class results where any sheet is corrected. */
export function sheetLink(origin: string, recipient: { role: string }, place: { termId: string; classId: string; subjectId: string }) {
  return isSchoolAdmin(recipient)
    ? `${origin}/admin/records/results?${query({ termId: place.termId, classId: place.classId })}`
    : `${origin}/teachers/assessments/results?${query({ termId: place.termId, classId: place.classId, subjectId: place.subjectId })}`;
}

const termOf = (p: MailPlace) => `the ${p.termName} term of ${p.sessionName}`;

/** To the class teacher, when the last sheet of the class is submitted. */
export function classCompleteMail(p: MailPlace, name: string, link: string): Mail {
  return {
    subject: `${p.className}: every subject is submitted for ${p.termName} term`,
    body: [
      `Dear ${name},`,
      '',
      `Every subject teacher of ${p.className} has submitted their score sheet for ${termOf(p)}.`,
      `The class is ready for your review: ${link}`,
    ].join('\n'),
  };
}

/** To the school's administrators, when the class teacher has reviewed a class. */
export function classReviewedMail(p: MailPlace, name: string, reviewedBy: string, link: string): Mail {
  return {
    subject: `${p.className}: reviewed and ready for approval (${p.termName} term)`,
    body: [
      `Dear ${name},`,
      '',
      `${reviewedBy} has reviewed the results of ${p.className} for ${termOf(p)}.`,
      `You can approve the class or return it to its class teacher: ${link}`,
    ].join('\n'),
  };
}

/** To the subject's teacher, when their sheet is sent back. */
export function sheetReturnedMail(p: MailPlace & { subjectName: string }, name: string, returnedBy: string, note: string, link: string): Mail {
  return {
    subject: `${p.className}: your ${p.subjectName} sheet was returned (${p.termName} term)`,
    body: [
      `Dear ${name},`,
      '',
      `${returnedBy} returned your ${p.subjectName} score sheet of ${p.className} for ${termOf(p)}, with this note:`,
      '',
      note,
      '',
      `The sheet is open again: correct it and submit it again here: ${link}`,
    ].join('\n'),
  };
}

/** To the class teacher, when the principal sends the class back. */
export function classReturnedMail(p: MailPlace, name: string, returnedBy: string, note: string, link: string): Mail {
  return {
    subject: `${p.className}: returned to you (${p.termName} term)`,
    body: [
      `Dear ${name},`,
      '',
      `${returnedBy} returned the results of ${p.className} for ${termOf(p)} to you, with this note:`,
      '',
      note,
      '',
      `Review the class again when it is ready: ${link}`,
    ].join('\n'),
  };
}
