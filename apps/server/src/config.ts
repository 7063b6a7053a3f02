import { LOGIN_IP_LIMIT } from '@school/shared/settings/security-defaults';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SERVER_ROOT = path.resolve(here, '..');
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');

export interface Config {
  port: number;
  host: string;
  /** postgres://… when a real server is used; otherwise the embedded PGlite in dataDir */
  databaseUrl: string | null;
  dataDir: string;
  uploadsDir: string;
  webDist: string | null;
  nodeEnv: string;
  /** Expose GET /api/dev/outbox (tests and local demos only) */
  exposeOutbox: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  /** Base URL for links in mail; derived from the request when not set */
  publicUrl: string | null;
  logLevel: string;
  /** Cookies get `Secure` unless served from localhost over plain HTTP */
  secureCookies: boolean;
  /** Sign-in attempts per IP address per window (a school office shares one IP; browser tests too). */
  loginIpLimit: number;
  /** Paystack's API (finance); a local fake in tests. */
  paystackBaseUrl: string;
  /** Termii's API (SMS and WhatsApp, ADR 0039); a local fake in tests. */
  termiiBaseUrl: string;
  /** How often the message worker looks for messages due (ms); 0: no worker (API tests run it by hand). */
  messageWorkerIntervalMs: number;
  /** 32-byte key (64 hex characters or base64) encrypting stored secrets; else a key file in dataDir (ADR 0015). */
  secretsKey: string | null;
  /** Answer 500 when a route sends a status its schema does not declare (tests: the contracts stay true). */
  strictContracts: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(REPO_ROOT, env.DATA_DIR ?? 'data');
  const nodeEnv = env.NODE_ENV ?? 'development';
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || null,
    dataDir,
    uploadsDir: path.resolve(REPO_ROOT, env.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    // WEB_DIST serves another build (a developer's own copy, so parallel work does not race on one dist).
    webDist: env.WEB_DIST ? path.resolve(REPO_ROOT, env.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist'),
    nodeEnv,
    exposeOutbox: nodeEnv === 'test' || env.EXPOSE_OUTBOX === '1',
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'SchoolSuite <no-reply@schoolsuite.local>',
    publicUrl: env.PUBLIC_URL || null,
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    secureCookies: env.SECURE_COOKIES === '1',
    loginIpLimit: Number(env.LOGIN_IP_LIMIT ?? LOGIN_IP_LIMIT),
    paystackBaseUrl: (env.PAYSTACK_BASE_URL || 'https://api.paystack.co').replace(/\/+$/, ''),
    termiiBaseUrl: (env.TERMII_BASE_URL || 'https://api.ng.termii.com').replace(/\/+$/, ''),
    messageWorkerIntervalMs: Number(env.MESSAGE_WORKER_INTERVAL_MS ?? (nodeEnv === 'test' ? 0 : 2000)),
    secretsKey: env.SECRETS_KEY || null,
    strictContracts: nodeEnv === 'test' || env.STRICT_CONTRACTS === '1',
    ...overrides,
  };
}
