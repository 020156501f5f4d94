/**
 * Approval signatures in the AI SDK v7 `experimental_toolApprovalSecret`
 * format (the SDK signs but does not export its helpers): HMAC-SHA256 over
 * `["ai-sdk-tool-approval-v1", approvalId, toolCallId, toolName, sha256(canonical(input))]`,
 * base64url. Web Crypto only, so it runs on Node and on edge runtimes alike;
 * `crypto.subtle.verify` compares in constant time.
 */

import { canonicalJson } from '@/lib/agent/canonical-json';

const encoder = new TextEncoder();
const PAYLOAD_VERSION = 'ai-sdk-tool-approval-v1';

export interface ApprovalSubject {
  approvalId: string;
  toolCallId: string;
  toolName: string;
  input: unknown;
}

function toBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

async function importKey(secret: string | Uint8Array): Promise<CryptoKey> {
  const raw = typeof secret === 'string' ? encoder.encode(secret) : new Uint8Array(secret);
  return crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

async function payload(subject: ApprovalSubject): Promise<Uint8Array<ArrayBuffer>> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(canonicalJson(subject.input)));
  return encoder.encode(JSON.stringify([PAYLOAD_VERSION, subject.approvalId, subject.toolCallId, subject.toolName, toBase64url(new Uint8Array(digest))]));
}

export async function signApproval(secret: string | Uint8Array, subject: ApprovalSubject): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await importKey(secret), await payload(subject));
  return toBase64url(new Uint8Array(signature));
}

/** False for a malformed signature or one that does not match the subject exactly. */
export async function verifyApproval(secret: string | Uint8Array, signature: string, subject: ApprovalSubject): Promise<boolean> {
  const bytes = fromBase64url(signature);
  if (!bytes || bytes.length !== 32) return false;
  return crypto.subtle.verify('HMAC', await importKey(secret), bytes, await payload(subject));
}
