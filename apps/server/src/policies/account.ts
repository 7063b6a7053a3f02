/**
 * One's own account: signing in and out, resetting a forgotten password (public), and reading or
 * changing one's own account once signed in.
 */
import { ownAccount, publicRoute } from './policy';

export const accountPolicy = {
  readSession: publicRoute('account.readSession'),
  signIn: publicRoute('account.signIn'),
  signOut: publicRoute('account.signOut'),
  forgotPassword: publicRoute('account.forgotPassword'),
  resetPassword: publicRoute('account.resetPassword'),
  me: ownAccount('account.me'),
  changePassword: ownAccount('account.changePassword'),
};
