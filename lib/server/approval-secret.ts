import 'server-only';
import { logger } from '@/lib/log.mjs';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { databaseUrl } from '@/db/open.mjs';

/**
 * The key that signs approval requests (AI SDK `experimental_toolApprovalSecret`
 * semantics). TOOL_APPROVAL_SECRET wins; otherwise a random secret is created
 * once and kept next to a local SQLite database (`<data dir>/approval-secret`,
 * mode 0600), so approvals pending across a restart still verify. With a remote
 * database and no env secret, the key lives for this process only: approvals
 * pending at a restart must then be asked again.
 */

const MIN_SECRET_CHARS = 16;
const globalForSecret = globalThis as { __approvalSecret?: string };

export function approvalSecret(): string {
  if (globalForSecret.__approvalSecret) return globalForSecret.__approvalSecret;
  globalForSecret.__approvalSecret = loadSecret();
  return globalForSecret.__approvalSecret;
}

function loadSecret(): string {
  const fromEnv = process.env.TOOL_APPROVAL_SECRET?.trim();
  if (fromEnv) {
    if (fromEnv.length < MIN_SECRET_CHARS) throw new Error(`TOOL_APPROVAL_SECRET must be at least ${MIN_SECRET_CHARS} characters.`);
    return fromEnv;
  }
  const file = secretFile();
  if (!file) {
    logger.warn('TOOL_APPROVAL_SECRET is not set and the database is not a local file: using a per-process secret.');
    return randomBytes(32).toString('base64url');
  }
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= MIN_SECRET_CHARS) return existing;
  } catch {
    // not created yet
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'w' });
  chmodSync(file, 0o600);
  return secret;
}

function secretFile(): string | null {
  const url = databaseUrl();
  if (!url.startsWith('file:')) return null;
  const dbFile = url.replace(/^file:(\/\/)?/, '');
  if (!dbFile || dbFile === ':memory:') return null;
  return path.join(path.dirname(path.resolve(dbFile)), 'approval-secret');
}
