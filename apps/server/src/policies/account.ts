/**
 * One's own account: signing in and out, resetting a forgotten password (public), and reading or
 * changing one's own account once signed in.
 */
import { ownAccount, publicRoute } from './policy';

export const accountPolicy = {
  readSession: publicRoute('account.readSession'),
  /** What every page needs first (modules/bootstrap): public, each part under its own endpoint's policy. */
  bootstrap: publicRoute('account.bootstrap'),
  signIn: publicRoute('account.signIn'),
  signOut: publicRoute('account.signOut'),
  forgotPassword: publicRoute('account.forgotPassword'),
  resetPassword: publicRoute('account.resetPassword'),
  me: ownAccount('account.me'),
  changePassword: ownAccount('account.changePassword'),
};
