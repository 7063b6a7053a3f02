import { PASSWORD_MIN_LENGTH } from '../constants';
import type { SecuritySettings } from '../organisations/responses';

/** An organisation's security settings (settings/security-setting): their shape is the answer of GET /api/organisation/security-settings. */
export type { SecuritySettings };

export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  passwordMinLength: PASSWORD_MIN_LENGTH,
  sessionIdleMinutes: 240,
  maxLoginAttempts: 5,
};

/** A session ends this long after sign-in, however active. */
export const SESSION_ABSOLUTE_DAYS = 7;
/** The longest wait between sign-in attempts at one account after repeated failures. */
export const LOCKOUT_MINUTES = 15;
/** Failed sign-ins from one IP address per window (successful ones do not count): far above a computer lab's typos. */
export const LOGIN_IP_LIMIT = 100;
export const LOGIN_IP_WINDOW_MINUTES = 15;
export const RESET_TOKEN_MINUTES = 60;
