import 'server-only';
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { databaseUrl } from '@/db/open.mjs';
import { addScrubbedSecrets } from '@/lib/log.mjs';
import { accountsMode } from '@/lib/security/accounts-mode.mjs';
import { ApiError } from './api-error';

/**
 * Secrets at rest (provider keys, MCP header values): AES-256-GCM, one random
 * 96-bit IV per value, stored as `enc:v1:<iv>:<ciphertext+tag>` (base64url).
 *
 * The key: with accounts on, HKDF-SHA256 of AUTH_SECRET (fixed info string; `v1`
 * names the derivation and the format, so a later scheme can sit beside it).
 * Without accounts, a random key created once next to the local SQLite file
 * (`<data dir>/secret-key`, mode 0600), as lib/server/approval-secret.ts keeps its
 * secret. A remote database without AUTH_SECRET has nowhere safe for a key: new
 * secrets are refused with a clear error (stored plaintext from before still reads).
 *
 * Turning accounts on later keeps old secrets readable: the local key file, when
 * present, is tried after AUTH_SECRET's key, and the startup upgrade re-encrypts
 * what only it opens (lib/server/stored-secrets.ts).
 */

const SEALED_PREFIX = 'enc:v1:';
const KEY_INFO = 'agent-playground/secret-box/v1';
const KEY_FILE_NAME = 'secret-key';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Values as short as this are too likely to occur by chance in a log line to be replaced there. */
const MIN_SCRUBBED_CHARS = 8;

export interface SecretKeyring {
  /** Seals new values; null when no key can be kept (remote database without AUTH_SECRET). */
  primary: Buffer | null;
  /** Older keys that still open values (the local key file after AUTH_SECRET was set). */
  previous: Buffer[];
  /** Named in errors: where the primary key comes from. */
  source: 'AUTH_SECRET' | 'key-file' | 'none';
}

/** A stored value that no key of this server opens: the key changed since it was saved. */
export class SecretDecryptError extends Error {
  constructor(reason: 'wrong-key' | 'malformed') {
    super(
      reason === 'malformed'
        ? 'A stored secret is damaged (not a valid enc:v1 value). Enter it again.'
        : 'A stored secret could not be decrypted with this server’s key: AUTH_SECRET changed or was removed since it was saved (or the secret-key file next to the local database was replaced). Restore the previous AUTH_SECRET, or enter the secret again.',
    );
    this.name = 'SecretDecryptError';
  }
}

/** HKDF-SHA256 of the input key material, with the fixed, versioned info string. */
export function deriveSecretKey(material: string | Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', material, Buffer.alloc(0), KEY_INFO, 32));
}

export function isSealed(value: string): boolean {
  return value.startsWith(SEALED_PREFIX);
}

/** Encrypts with a fresh random IV. */
export function sealWith(key: Buffer, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${SEALED_PREFIX}${iv.toString('base64url')}:${body.toString('base64url')}`;
}

/** The plaintext, or null when this key did not seal it (GCM's tag fails). Throws on a malformed value. */
export function openWith(key: Buffer, sealed: string): string | null {
  const [iv, body] = splitSealed(sealed);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

function splitSealed(sealed: string): [Buffer, Buffer] {
  if (!isSealed(sealed)) throw new SecretDecryptError('malformed');
  const parts = sealed.slice(SEALED_PREFIX.length).split(':');
  const valid = parts.length === 2 && parts.every((part) => /^[A-Za-z0-9_-]+$/.test(part));
  const iv = valid ? Buffer.from(parts[0], 'base64url') : Buffer.alloc(0);
  const body = valid ? Buffer.from(parts[1], 'base64url') : Buffer.alloc(0);
  if (iv.length !== IV_BYTES || body.length < TAG_BYTES) throw new SecretDecryptError('malformed');
  return [iv, body];
}

/** Seals a secret with this server's key; 400 `secrets_unavailable` when it has none. */
export function sealSecret(plaintext: string): string {
  const { primary } = secretKeyring();
  if (!primary) {
    throw new ApiError(
      'secrets_unavailable',
      'This server cannot store secrets: its database is remote and AUTH_SECRET is not set, so there is no key to encrypt them with. Set AUTH_SECRET (32+ characters) and restart.',
    );
  }
  rememberForScrubbing(plaintext);
  return sealWith(primary, plaintext);
}

/** Opens a sealed secret with the current key, else an older one; SecretDecryptError when none fits. */
export function openSecret(sealed: string): string {
  const { primary, previous } = secretKeyring();
  for (const key of primary ? [primary, ...previous] : previous) {
    const plaintext = openWith(key, sealed);
    if (plaintext !== null) return rememberForScrubbing(plaintext);
  }
  splitSealed(sealed); // a malformed value says so rather than "wrong key"
  throw new SecretDecryptError('wrong-key');
}

/** A value the startup upgrade should write again: plaintext, or sealed with an older key only. */
export function needsReseal(value: string): boolean {
  const { primary } = secretKeyring();
  if (!primary) return false;
  return !isSealed(value) || openWith(primary, value) === null;
}

/** Whether new secrets can be stored (false: remote database without AUTH_SECRET). */
export function canStoreSecrets(): boolean {
  return secretKeyring().primary !== null;
}

/** Every secret this process handled is replaced in its log lines (lib/log.mjs). */
function rememberForScrubbing(plaintext: string): string {
  if (plaintext.length >= MIN_SCRUBBED_CHARS) addScrubbedSecrets([plaintext]);
  return plaintext;
}

const globalForKeys = globalThis as { __secretKeyring?: { fingerprint: string; keyring: SecretKeyring } };

/** The keys for the current AUTH_SECRET and database, read (or created) once per configuration. */
export function secretKeyring(): SecretKeyring {
  const mode = accountsMode();
  const authSecret = mode.on ? mode.secret : null;
  const file = keyFilePath();
  const fingerprint = createHash('sha256').update(`${authSecret ?? ''}\0${file ?? ''}`).digest('hex');
  if (globalForKeys.__secretKeyring?.fingerprint === fingerprint) return globalForKeys.__secretKeyring.keyring;
  const keyring = loadKeyring(authSecret, file);
  globalForKeys.__secretKeyring = { fingerprint, keyring };
  return keyring;
}

function loadKeyring(authSecret: string | null, file: string | null): SecretKeyring {
  if (authSecret) {
    const fileKey = file ? readKeyFile(file) : null;
    return { primary: deriveSecretKey(authSecret), previous: fileKey ? [fileKey] : [], source: 'AUTH_SECRET' };
  }
  if (!file) return { primary: null, previous: [], source: 'none' };
  return { primary: readKeyFile(file) ?? createKeyFile(file), previous: [], source: 'key-file' };
}

/** `<directory of the local SQLite file>/secret-key`; null for a remote or in-memory database. */
function keyFilePath(): string | null {
  const url = databaseUrl();
  if (!url.startsWith('file:')) return null;
  const dbFile = url.replace(/^file:(\/\/)?/, '');
  if (!dbFile || dbFile === ':memory:') return null;
  return path.join(path.dirname(path.resolve(dbFile)), KEY_FILE_NAME);
}

function readKeyFile(file: string): Buffer | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
  const material = Buffer.from(text, 'base64url');
  if (material.length < 32) throw new Error(`${file} does not hold a key (32 random bytes, base64url). Restore it from a backup, or remove it to start over (stored secrets must then be entered again).`);
  return deriveSecretKey(material);
}

/**
 * Creates the key file exactly once, also when two processes start together: the key is
 * written to a temporary file and linked into place, which fails if another process won.
 */
function createKeyFile(file: string): Buffer {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  const key = readKeyFile(file);
  if (!key) throw new Error(`Could not read ${file} after creating it.`);
  return key;
}
