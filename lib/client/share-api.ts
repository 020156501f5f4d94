import type { ShareOptions, SharePreview, ShareView } from '@/lib/api-types';
import { request } from './api';

/** Share links of a session (see lib/api/share-request.ts for the bodies the server accepts). */

const sessionSharesUrl = (sessionId: string) => `/api/sessions/${encodeURIComponent(sessionId)}/shares`;
const shareUrl = (shareId: string) => `/api/shares/${encodeURIComponent(shareId)}`;

export type ShareMode = ShareView['mode'];

/** What a share would show: the owner's options and the finding ids to redact. */
export interface ShareDraft {
  options: ShareOptions;
  /** SecretFinding ids. */
  redact: string[];
}

export interface ShareCreateInput extends ShareDraft {
  mode: ShareMode;
  /** Epoch ms in the future, or null for a link that does not expire. */
  expiresAt: number | null;
  /** Other sites may show the page in a frame. */
  allowEmbed: boolean;
}

export interface ShareUpdateInput {
  /** Take a new snapshot; the URL stays the same. */
  refresh?: true;
  expiresAt?: number | null;
  options?: ShareOptions;
  redact?: string[];
  allowEmbed?: boolean;
}

/** Newest first, revoked ones included. */
export async function fetchShares(sessionId: string): Promise<ShareView[]> {
  return (await request<{ shares: ShareView[] }>(sessionSharesUrl(sessionId))).shares;
}

/** Exactly what viewers would see with these choices, and what the secret scan found. */
export async function previewShare(sessionId: string, draft: ShareDraft): Promise<SharePreview> {
  return (await request<{ preview: SharePreview }>(`${sessionSharesUrl(sessionId)}/preview`, { method: 'POST', json: draft })).preview;
}

export async function createShare(sessionId: string, input: ShareCreateInput): Promise<ShareView> {
  return (await request<{ share: ShareView }>(sessionSharesUrl(sessionId), { method: 'POST', json: input })).share;
}

export async function updateShare(shareId: string, patch: ShareUpdateInput): Promise<ShareView> {
  return (await request<{ share: ShareView }>(shareUrl(shareId), { method: 'PATCH', json: patch })).share;
}

/** The link answers 404 from then on. */
export async function revokeShare(shareId: string): Promise<void> {
  await request<{ ok: true }>(shareUrl(shareId), { method: 'DELETE' });
}
