/**
 * SMS and WhatsApp (issue 20, ADR 0039). The gateway's keys and which events go by which channels are
 * settings: the organisation's owners set them for every school, a school's administrators override
 * them for their school. The message log and its resends are the school's administrators'. A parent
 * chooses for their own number whether to get messages by each channel.
 */
import { ADMINISTRATORS, SCHOOL_ADMINS, PARENTS } from './actors';
import { matrixRoute, ownAccount } from './policy';
import { schoolRecord } from './records';

const message = schoolRecord('message', 'messages');

export const messagingPolicy = {
  readSettings: matrixRoute('messaging.readSettings', 'settings', 'view', { actors: ADMINISTRATORS }),
  editSettings: matrixRoute('messaging.editSettings', 'settings', 'edit', { actors: ADMINISTRATORS }),
  listMessages: matrixRoute('messaging.listMessages', 'settings', 'view', { actors: SCHOOL_ADMINS }),
  resend: matrixRoute('messaging.resend', 'settings', 'edit', { actors: SCHOOL_ADMINS, params: { id: message } }),
  /** A parent's own choice of channels for their own number. */
  readOwnChannels: ownAccount('messaging.readOwnChannels', { actors: PARENTS }),
  editOwnChannels: ownAccount('messaging.editOwnChannels', { actors: PARENTS }),
};
