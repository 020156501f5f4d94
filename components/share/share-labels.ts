import type { SecretFinding, ShareOptions, ShareView } from '@/lib/api-types';

/** Words for the share dialog: finding kinds, expiry choices, a link's state. */

const FINDING_KIND_LABELS: Record<SecretFinding['kind'], string> = {
  'provider-key': 'Provider API key',
  'bearer-token': 'Bearer token',
  'private-key': 'Private key',
  'aws-key': 'AWS access key',
  'github-token': 'GitHub token',
  'slack-token': 'Slack token',
  jwt: 'JSON Web Token',
  'password-assignment': 'Password',
};

export function findingKindLabel(kind: string): string {
  return FINDING_KIND_LABELS[kind as SecretFinding['kind']] ?? 'Possible secret';
}

/** The defaults of a new share: the system prompt hidden, tool I/O and workspace shown. */
export const DEFAULT_SHARE_OPTIONS: ShareOptions = { hideSystemPrompt: true, hideToolIO: false, hideWorkspace: false };

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export const EXPIRY_CHOICES = [
  { value: 'never', label: 'Never', ms: null },
  { value: '1h', label: '1 hour', ms: HOUR },
  { value: '1d', label: '1 day', ms: DAY },
  { value: '7d', label: '7 days', ms: 7 * DAY },
  { value: '30d', label: '30 days', ms: 30 * DAY },
] as const;

export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]['value'];

/** The expiry to send: counted from the moment of publishing. */
export function expiresAtFor(choice: ExpiryChoice, now: number): number | null {
  const ms = EXPIRY_CHOICES.find((c) => c.value === choice)?.ms ?? null;
  return ms === null ? null : now + ms;
}

export type ShareState = 'active' | 'expired' | 'revoked';

export function shareState(share: ShareView, now: number): ShareState {
  if (share.revokedAt !== null) return 'revoked';
  if (share.expiresAt !== null && share.expiresAt <= now) return 'expired';
  return 'active';
}

/** "in 45 min", "in 5 h", "in 3 d": how long until a point in the future. */
export function formatTimeUntil(timestamp: number, now: number): string {
  const diff = Math.max(0, timestamp - now);
  if (diff < 60_000) return 'in less than a minute';
  if (diff < HOUR) return `in ${Math.round(diff / 60_000)} min`;
  if (diff < 2 * DAY) return `in ${Math.round(diff / HOUR)} h`;
  return `in ${Math.round(diff / DAY)} d`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The link as viewers open it: ShareView.url is a path on this server. */
export function absoluteShareUrl(path: string): string {
  if (typeof window === 'undefined') return path;
  try {
    return new URL(path, window.location.origin).toString();
  } catch {
    return path;
  }
}
