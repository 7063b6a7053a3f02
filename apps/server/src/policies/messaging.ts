/**
 * SMS and WhatsApp (issue 20, ADR 0039). The gateway's keys and which events go by which channels are
 * settings: the organisation's owners set them for every school, a school's administrators override
 * them for their school. The message log and its resends are the school's administrators'. A parent
 * chooses for their own number whether to get messages by each channel.
 */
import { ADMINISTRATORS, SCHOOL_ADMINS, PARENTS } from './actors';
import { matrixRoute, ownAccount, publicRoute, record } from './policy';
import { batchInActorsSchools, schoolRecord } from './records';

const message = schoolRecord('message', 'messages');
/** A bulk send's batch, by the id the send's answer gave: reachable when it has messages in the actor's schools. */
const batch = record('message-batch', (db, ctx, id) => batchInActorsSchools(db, ctx, id), 'No such send');

export const messagingPolicy = {
  readSettings: matrixRoute('messaging.readSettings', 'settings', 'view', { actors: ADMINISTRATORS }),
  editSettings: matrixRoute('messaging.editSettings', 'settings', 'edit', { actors: ADMINISTRATORS }),
  listMessages: matrixRoute('messaging.listMessages', 'settings', 'view', { actors: SCHOOL_ADMINS }),
  /** What is left on the Termii account: the school's (or, for an owner, the organisation's). */
  readBalance: matrixRoute('messaging.readBalance', 'settings', 'view', { actors: ADMINISTRATORS }),
  resend: matrixRoute('messaging.resend', 'settings', 'edit', { actors: SCHOOL_ADMINS, params: { id: message } }),
  /** The progress of a bulk send (results published, a notice by SMS) that an administrator or owner started. */
  batchProgress: matrixRoute('messaging.batchProgress', 'settings', 'view', { actors: ADMINISTRATORS, params: { batchId: batch } }),
  /** A parent's own choice of channels for their own number. */
  readOwnChannels: ownAccount('messaging.readOwnChannels', { actors: PARENTS }),
  editOwnChannels: ownAccount('messaging.editOwnChannels', { actors: PARENTS }),
  /** Termii's delivery reports: public, accepted only at the organisation's secret address (messaging.delivery). */
  termiiDeliveryReport: publicRoute('messaging.termiiDeliveryReport'),
};
