/**
 * Results published, by SMS or WhatsApp to each published student's guardians with a phone (issue 20,
 * ADR 0039): queued in the publication's transaction, one batch per publication, one message per term,
 * student and guardian however often the class is published again. A family whose results the fee gate
 * withholds is told so, and where to pay.
 */
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { personName } from '../../lib/names';
import { guardianPhonesOf, nairaText, plainText, queueMessages } from '../messaging/messaging.api';
import { withheldFromFamilies } from './results.fee-gate';

export interface PublishedTexts {
  organisationId: string;
  schoolId: string;
  userId: string;
  schoolName: string;
  /** the base URL of the links */
  origin: string;
  term: { id: string; name: string };
  studentIds: string[];
  batchId: string;
}

/** "Greenfield: Ada Obi's First term results are published. View them at https://…/parent/children/<id>/results" */
export function resultsText(schoolName: string, child: string, termName: string, origin: string, studentId: string) {
  return plainText(`${schoolName}: ${child}'s ${termName} term results are published. View them at ${origin}/parent/children/${studentId}/results`);
}

/**
 * The text of a student whose results the fee gate withholds (ADR 0030's addendum): it says so, and
 * where to pay, rather than send the family to a page that will not open.
 * "Greenfield: Ada Obi's First term results are published, and will open once the fees owed (N12,500) are paid. Pay at https://…/parent/children/<id>/fees"
 */
export function withheldResultsText(schoolName: string, child: string, termName: string, owedKobo: number, origin: string, studentId: string) {
  return plainText(
    `${schoolName}: ${child}'s ${termName} term results are published, and will open once the fees owed (${nairaText(owedKobo)}) are paid. ` +
      `Pay at ${origin}/parent/children/${studentId}/fees`,
  );
}

/** Queues the texts; answers how many are queued to send (kick the worker after the commit when any). */
export async function queueResultsTexts(app: FastifyInstance, tx: DbOrTx, p: PublishedTexts): Promise<number> {
  const guardians = await guardianPhonesOf(tx, p.schoolId, p.studentIds);
  const withheld = await withheldFromFamilies(tx, p.schoolId, [...new Set(guardians.map((g) => g.studentId))]);
  return queueMessages(
    app,
    tx,
    { organisationId: p.organisationId, schoolId: p.schoolId, userId: p.userId, batchId: p.batchId },
    guardians.map((g) => ({
      event: 'results' as const,
      dedupeKey: `results:${p.term.id}:${g.studentId}:${g.guardianId}`,
      phone: g.phone,
      recipientName: g.guardianName,
      body: withheld.has(g.studentId)
        ? withheldResultsText(p.schoolName, personName(g), p.term.name, withheld.get(g.studentId)!, p.origin, g.studentId)
        : resultsText(p.schoolName, personName(g), p.term.name, p.origin, g.studentId),
    })),
  );
}
