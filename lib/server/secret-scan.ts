import 'server-only';
import { createHash } from 'node:crypto';
import type { SecretFinding } from '@/lib/api-types';

/**
 * Finds text that looks like a secret, so the owner sees each finding before
 * a share is published and can redact it with one click. Findings are keyed
 * by the SHA-256 of their text: the id says which text, without storing it.
 */

type Kind = SecretFinding['kind'];

/** Not inside a longer word, but right after a URL escape is fine (`key%3Dsk-…`). */
const START = '(?:(?<![A-Za-z0-9])|(?<=%[0-9A-Fa-f]{2}))';

const PATTERNS: Array<{ kind: Kind; pattern: RegExp; group?: number }> = [
  { kind: 'private-key', pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g },
  { kind: 'provider-key', pattern: new RegExp(`${START}(?:sk-(?:ant-|proj-)?[A-Za-z0-9_-]{16,}|gsk_[A-Za-z0-9]{20,}|AIza[0-9A-Za-z_-]{35}|xai-[A-Za-z0-9]{20,})`, 'g') },
  { kind: 'bearer-token', pattern: /(?<=Bearer\s+)[A-Za-z0-9._~+/-]{16,}=*/g },
  { kind: 'aws-key', pattern: /(?<![A-Z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Z0-9])/g },
  { kind: 'github-token', pattern: new RegExp(`${START}(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})`, 'g') },
  { kind: 'slack-token', pattern: new RegExp(`${START}xox[abposr]-[A-Za-z0-9-]{10,}`, 'g') },
  { kind: 'jwt', pattern: new RegExp(`${START}eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}`, 'g') },
  { kind: 'password-assignment', pattern: /(?:password|passwd|secret|api[_-]?key|access[_-]?token)["']?\s*[:=]\s*["']?([^\s"',;]{8,})/gi, group: 1 },
];

export function secretHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function mask(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length <= 8 ? '…' : `${flat.slice(0, 4)}…${flat.slice(-2)}`;
}

/** Collects findings across many strings, each with where it was found. */
export class SecretScanner {
  private readonly found = new Map<string, { kind: Kind; text: string; where: Set<string> }>();

  scan(text: string, where: string): void {
    for (const { kind, pattern, group } of PATTERNS) {
      for (const match of text.matchAll(pattern)) {
        const value = group ? match[group] : match[0];
        if (!value || value.includes('[REDACTED]')) continue;
        const id = secretHash(value);
        const entry = this.found.get(id) ?? { kind, text: value, where: new Set<string>() };
        entry.where.add(where);
        this.found.set(id, entry);
      }
    }
  }

  /** The texts found, by id (to redact), and the findings to show. */
  results(redacted: ReadonlySet<string>): { texts: Map<string, string>; findings: SecretFinding[] } {
    const texts = new Map<string, string>();
    const findings: SecretFinding[] = [];
    for (const [id, entry] of this.found) {
      texts.set(id, entry.text);
      findings.push({ id, kind: entry.kind, masked: mask(entry.text), where: [...entry.where].slice(0, 5), redacted: redacted.has(id) });
    }
    return { texts, findings };
  }
}
