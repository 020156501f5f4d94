import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scrubSecrets } from '@/lib/log.mjs';
import { ApiError } from '@/lib/server/http';
import {
  deriveSecretKey,
  isSealed,
  needsReseal,
  openSecret,
  openWith,
  SecretDecryptError,
  sealSecret,
  sealWith,
  secretKeyring,
} from '@/lib/server/secret-box';

const AUTH_SECRET = 'a-test-auth-secret-that-is-long-enough-0123456789';
const FORMAT = /^enc:v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$/;
const saved = { DATABASE_URL: process.env.DATABASE_URL, AUTH_SECRET: process.env.AUTH_SECRET };

function useLocalDatabase(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ap-secret-box-'));
  process.env.DATABASE_URL = `file:${path.join(dir, 'playground.db')}`;
  return dir;
}

/** The next call reads the keys again, as a restarted process would. */
function restart() {
  delete (globalThis as { __secretKeyring?: unknown }).__secretKeyring;
}

function flipCharAt(text: string, index: number): string {
  const char = text[index] === 'A' ? 'B' : 'A';
  return text.slice(0, index) + char + text.slice(index + 1);
}

beforeEach(() => {
  delete process.env.AUTH_SECRET;
  restart();
});
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  restart();
});

describe('secret box: AES-256-GCM values', () => {
  const key = deriveSecretKey('some key material');

  it('round-trips text, including non-ASCII and the empty string, in the enc:v1 format', () => {
    for (const plaintext of ['sk-proj-abcdefghijklmnop', 'Bearer tök€n ✓', '']) {
      const sealed = sealWith(key, plaintext);
      expect(sealed).toMatch(FORMAT);
      expect(sealed).not.toContain(plaintext || 'never');
      expect(openWith(key, sealed)).toBe(plaintext);
    }
  });

  it('uses a fresh 96-bit IV for every value: the same secret sealed 2,000 times never repeats', () => {
    const sealed = Array.from({ length: 2000 }, () => sealWith(key, 'same secret'));
    const ivs = sealed.map((value) => value.split(':')[2]);
    expect(new Set(ivs).size).toBe(2000);
    expect(new Set(sealed).size).toBe(2000);
    expect(Buffer.from(ivs[0], 'base64url')).toHaveLength(12);
  });

  it('refuses a tampered value: any changed character of the IV, ciphertext or tag', () => {
    const sealed = sealWith(key, 'sk-proj-abcdefghijklmnop');
    const ivStart = 'enc:v1:'.length;
    const bodyStart = sealed.lastIndexOf(':') + 1;
    for (const index of [ivStart, ivStart + 5, bodyStart, bodyStart + 10, sealed.length - 2]) {
      expect(openWith(key, flipCharAt(sealed, index))).toBeNull();
    }
    expect(() => openWith(key, sealed.slice(0, bodyStart + 4))).toThrow(SecretDecryptError);
    expect(() => openWith(key, 'enc:v1:not base64!:x')).toThrow(/damaged/);
  });

  it('does not open with another key', () => {
    expect(openWith(deriveSecretKey('another key'), sealWith(key, 'sk-proj-abcdefghijklmnop'))).toBeNull();
  });
});

describe('secret box: the server key', () => {
  it('without AUTH_SECRET, creates secret-key (mode 0600) next to the local database once, and keeps using it', () => {
    const dir = useLocalDatabase();
    const sealed = sealSecret('sk-proj-local-0123456789');
    const file = path.join(dir, 'secret-key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const content = readFileSync(file, 'utf8');
    restart();
    expect(openSecret(sealed)).toBe('sk-proj-local-0123456789');
    expect(readFileSync(file, 'utf8')).toBe(content);
    expect(secretKeyring().source).toBe('key-file');
  });

  it('with AUTH_SECRET, derives the key from it: another AUTH_SECRET fails loudly, naming AUTH_SECRET', () => {
    process.env.DATABASE_URL = 'libsql://db.example.com';
    process.env.AUTH_SECRET = AUTH_SECRET;
    const sealed = sealSecret('sk-proj-accounts-0123456789');
    expect(secretKeyring().source).toBe('AUTH_SECRET');
    restart();
    expect(openSecret(sealed)).toBe('sk-proj-accounts-0123456789');
    process.env.AUTH_SECRET = `${AUTH_SECRET}-rotated`;
    let error: unknown;
    try {
      openSecret(sealed);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SecretDecryptError);
    expect((error as Error).message).toMatch(/AUTH_SECRET changed or was removed/);
    expect((error as Error).message).not.toContain('sk-proj');
  });

  it('after AUTH_SECRET is set on a local database, still opens values sealed with the key file, and marks them for resealing', () => {
    useLocalDatabase();
    const old = sealSecret('sk-proj-before-accounts-01');
    process.env.AUTH_SECRET = AUTH_SECRET;
    expect(openSecret(old)).toBe('sk-proj-before-accounts-01');
    expect(needsReseal(old)).toBe(true);
    const resealed = sealSecret('sk-proj-before-accounts-01');
    expect(needsReseal(resealed)).toBe(false);
    expect(needsReseal('plaintext from before encryption')).toBe(true);
  });

  it('with a remote database and no AUTH_SECRET, refuses to store a secret with a clear error', () => {
    process.env.DATABASE_URL = 'libsql://db.example.com';
    let error: unknown;
    try {
      sealSecret('sk-proj-nowhere-0123456789');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'secrets_unavailable', status: 400 });
    expect((error as Error).message).toMatch(/database is remote and AUTH_SECRET is not set/);
    expect(needsReseal('plaintext')).toBe(false);
  });

  it('adds every secret it seals or opens to the log scrubber', () => {
    useLocalDatabase();
    const secret = 'mcp-header-value-9f8e7d6c';
    expect(scrubSecrets(`token ${secret}`)).toContain(secret);
    const sealed = sealSecret(secret);
    expect(isSealed(sealed)).toBe(true);
    expect(scrubSecrets(`the server said: token ${secret} is invalid`)).toBe('the server said: token [REDACTED] is invalid');
  });
});
