/**
 * Invitations: whoever holds an invitation's mailed code creates their account with it, signed out
 * (the code is the credential; the service checks it).
 */
import { publicRoute } from './policy';

export const invitationsPolicy = {
  register: publicRoute('invitations.register'),
};
