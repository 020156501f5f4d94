import 'server-only';
import { randomBytes } from 'node:crypto';
import { createIdGenerator } from 'ai';
import { getSession } from '@/db/queries/sessions';
import { getShare, insertShare, listShares, recordShareView, updateShare } from '@/db/queries/shares';
import type { ShareRow } from '@/db/schema';
import type { SessionSummary, SharePreview, ShareSnapshot, ShareView } from '@/lib/api-types';
import type { ShareCreateRequest, SharePreviewRequest, ShareUpdateRequest } from '@/lib/api/share-request';
import { getAppDb } from './db';
import { ApiError } from './http';
import { currentOwnerId } from './owner';
import { limitRequest } from './rate-limit';
import { insertCopiedSession } from './session-transfer';
import { readableShareRow } from './share-embedding';
import { buildShareSnapshot } from './share-snapshot';

/**
 * Share links: a random token names a read-only copy of a session. Only the
 * owner makes, updates and revokes them; anyone with the link reads the
 * snapshot until it expires or is revoked, after which the link is a 404.
 */

const generateShareId = createIdGenerator({ prefix: 'shr', size: 16 });

/** 192 random bits (the issue asks for at least 128), URL-safe. */
function newToken(): string {
  return randomBytes(24).toString('base64url');
}

export function toShareView(row: ShareRow): ShareView {
  return {
    id: row.id,
    sessionId: row.sessionId,
    url: `/share/${row.token}`,
    mode: row.mode,
    options: row.options,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    viewCount: row.viewCount,
    lastViewedAt: row.lastViewedAt,
    allowEmbed: row.allowEmbed,
  };
}

async function requireSession(request: Request, sessionId: string) {
  const db = await getAppDb();
  const ownerId = await currentOwnerId(request);
  if (!(await getSession(db, ownerId, sessionId))) throw new ApiError('not_found', 'Session not found.');
  return { db, ownerId };
}

export async function previewShareFor(request: Request, sessionId: string, body: SharePreviewRequest): Promise<SharePreview> {
  await limitRequest('tool', request);
  const { db, ownerId } = await requireSession(request, sessionId);
  const { snapshot, findings } = await buildShareSnapshot(db, ownerId, sessionId, body.options, { redact: new Set(body.redact) });
  return { snapshot, findings };
}

export async function createShareFor(request: Request, sessionId: string, body: ShareCreateRequest): Promise<ShareView> {
  await limitRequest('tool', request);
  const { db, ownerId } = await requireSession(request, sessionId);
  const { snapshot, redactedHashes, allowedHashes } = await buildShareSnapshot(db, ownerId, sessionId, body.options, { redact: new Set(body.redact) });
  const now = Date.now();
  const row = await insertShare(db, {
    id: generateShareId(),
    token: newToken(),
    sessionId,
    ownerId,
    mode: body.mode,
    options: body.options,
    redactedHashes,
    allowedHashes,
    snapshot,
    createdAt: now,
    updatedAt: now,
    expiresAt: body.expiresAt,
    allowEmbed: body.allowEmbed,
  });
  return toShareView(row);
}

export async function listSharesFor(request: Request, sessionId: string): Promise<ShareView[]> {
  const { db, ownerId } = await requireSession(request, sessionId);
  return (await listShares(db, ownerId, sessionId)).map(toShareView);
}

async function requireShare(request: Request, shareId: string) {
  const db = await getAppDb();
  const ownerId = await currentOwnerId(request);
  const share = await getShare(db, ownerId, shareId);
  if (!share || share.revokedAt !== null) throw new ApiError('not_found', 'This link does not exist or was revoked.');
  return { db, ownerId, share };
}

/** A new snapshot (same URL) when asked or when the choices changed; the expiry or embedding on its own changes only that. */
export async function updateShareFor(request: Request, shareId: string, body: ShareUpdateRequest): Promise<ShareView> {
  const { db, ownerId, share } = await requireShare(request, shareId);
  const options = body.options ?? share.options;
  const change: Parameters<typeof updateShare>[3] = {};
  if (body.refresh || body.options || body.redact) {
    // With `redact` the owner reviewed the findings again; without, anything new is redacted (see RedactionPolicy).
    const policy = body.redact ? { redact: new Set(body.redact) } : { redact: new Set(share.redactedHashes), allowed: new Set(share.allowedHashes) };
    const built = await buildShareSnapshot(db, ownerId, share.sessionId, options, policy);
    // Redactions asked for earlier stay, even when their text is no longer in the session.
    const redactedHashes = body.redact ? built.redactedHashes : [...new Set([...share.redactedHashes, ...built.redactedHashes])];
    const allowedHashes = body.redact ? built.allowedHashes : share.allowedHashes;
    Object.assign(change, { options, snapshot: built.snapshot, redactedHashes, allowedHashes, updatedAt: Date.now() });
  }
  if (body.expiresAt !== undefined) change.expiresAt = body.expiresAt;
  if (body.allowEmbed !== undefined) change.allowEmbed = body.allowEmbed;
  const row = await updateShare(db, ownerId, shareId, change);
  if (!row) throw new ApiError('not_found', 'This link does not exist or was revoked.');
  return toShareView(row);
}

export async function revokeShareFor(request: Request, shareId: string): Promise<void> {
  const { db, ownerId } = await requireShare(request, shareId);
  await updateShare(db, ownerId, shareId, { revokedAt: Date.now() });
}

/**
 * What a public link shows, counted as one view when asked; undefined for an
 * unknown, expired or revoked link (the page answers 404). A snapshot link
 * shows its stored snapshot; a live link is taken again from the session at
 * every read, with the same choices and redactions, and a run in progress is
 * read from its log as far as it has got: viewers follow new turns and the run.
 */
export async function openShare(token: string, options: { countView: boolean } = { countView: true }): Promise<{ view: ShareView; snapshot: ShareSnapshot } | undefined> {
  const db = await getAppDb();
  const row = await readableShare(token);
  if (!row) return undefined;
  if (options.countView) await recordShareView(db, row.id);
  const policy = { redact: new Set(row.redactedHashes), allowed: new Set(row.allowedHashes) };
  const snapshot = row.mode === 'live' ? (await buildShareSnapshot(db, row.ownerId, row.sessionId, row.options, policy, true)).snapshot : row.snapshot;
  return { view: toShareView(row), snapshot };
}

/** One view of a public link (the page reads the share once per request and counts the view apart). */
export async function countShareView(shareId: string): Promise<void> {
  await recordShareView(await getAppDb(), shareId);
}

/** The share behind a token, if it may be read now. */
async function readableShare(token: string): Promise<ShareRow | undefined> {
  return readableShareRow(await getAppDb(), token);
}

/** "Fork into my playground": a new session from the shared snapshot, never more (hidden parts stay hidden, binary files are not in it). */
export async function forkShareFor(request: Request, token: string): Promise<SessionSummary> {
  await limitRequest('tool', request);
  // What a viewer sees right now: a live link's current snapshot, not the one taken when it was made.
  const shared = await openShare(token, { countView: false });
  if (!shared) throw new ApiError('not_found', 'This link does not exist, expired or was revoked.');
  const { snapshot } = shared;
  const files = (snapshot.workspace ?? []).flatMap((file) => (file.text === null ? [] : [{ path: file.path, content: Buffer.from(file.text, 'utf8') }]));
  return insertCopiedSession(request, { title: snapshot.title, modelKey: snapshot.modelKey, messages: snapshot.messages, files });
}
