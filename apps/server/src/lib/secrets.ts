import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/**
 * Secrets kept in the database (a Paystack secret key) are encrypted with AES-256-GCM. The key is
 * SECRETS_KEY (64 hex characters or base64 of 32 bytes); without it, a random key generated once in
 * `<dataDir>/secrets.key` (mode 0600). Losing the key means re-entering the secrets (ADR 0015).
 */
const cache = new Map<string, Buffer>();

export function secretsKey(config: Pick<Config, 'secretsKey' | 'dataDir'>): Buffer {
  if (config.secretsKey) {
    const text = config.secretsKey.trim();
    const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
    if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes: 64 hex characters or base64');
    return key;
  }
  const file = path.join(config.dataDir, 'secrets.key');
  const cached = cache.get(file);
  if (cached) return cached;
  let key: Buffer;
  try {
    key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  }
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key`);
  cache.set(file, key);
  return key;
}

/** base64(iv).base64(tag).base64(ciphertext) */
export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64')).join('.');
}

export function decryptSecret(key: Buffer, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64'));
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

/** The last four characters behind dots: the secret itself is never sent back. */
export function maskSecret(last4: string): string {
  return `••••••••${last4}`;
}
