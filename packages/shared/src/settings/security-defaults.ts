import { PASSWORD_MIN_LENGTH } from '../constants';

/** An organisation's security settings (settings/security-setting) and their defaults. */
export interface SecuritySettings {
  passwordMinLength: number;
  /** A session unused this long ends. */
  sessionIdleMinutes: number;
  /** Failed sign-ins in a row before the account is locked for LOCKOUT_MINUTES. */
  maxLoginAttempts: number;
}

export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  passwordMinLength: PASSWORD_MIN_LENGTH,
  sessionIdleMinutes: 240,
  maxLoginAttempts: 5,
};

/** A session ends this long after sign-in, however active. */
export const SESSION_ABSOLUTE_DAYS = 7;
export const LOCKOUT_MINUTES = 15;
/** Sign-in attempts from one IP address per window. */
export const LOGIN_IP_LIMIT = 30;
export const LOGIN_IP_WINDOW_MINUTES = 15;
export const RESET_TOKEN_MINUTES = 60;
