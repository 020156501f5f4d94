import 'server-only';
import { logger } from '@/lib/log.mjs';
import { createIdGenerator } from 'ai';
import type { Db } from '@/db/client';
import { enqueueMessage, listQueuedMessages, restoreQueuedMessage, takeQueuedMessage, updateQueuedMessage } from '@/db/queries/queue';
import { getSession } from '@/db/queries/sessions';
import type { QueuedMessageRow } from '@/db/schema';
import type { RunEnd } from '@/lib/agent/messages';
import type { QueuedMessage, QueueResponse } from '@/lib/api-types';
import { startTurnWithMessage } from './chat-turn';
import type { ChatRequest } from '@/lib/api/chat-request';
import { checkImageParts, imagesNotSupportedMessage, type ImageFilePart } from '@/lib/api/attachments';
import { modelCapabilities } from '@/lib/models/catalog';
import { resolveModelFor } from './models';
import { getAppDb } from './db';
import { ApiError } from './http';
import { limitRequest } from './rate-limit';
import { isSessionRunning } from './run-manager';
import { keepRunning } from './invocation';

/**
 * Messages sent while a run is active wait in the database, in order. When a
 * run ends normally (completed, or the done tool) the server sends the first
 * one as a new user message, so the queue empties with the tab closed too.
 *
 * A run that ends any other way holds the queue: stopped (the user wanted
 * the agent to stop, not to carry on with the next instruction), failed (the
 * next message would likely fail the same way), or awaiting approval (a new
 * message would expire the pending approvals). The queue then waits for the
 * user: answering the approvals continues the run, and its normal end sends
 * the next message; "Send now" sends the first message at once.
 */

const generateQueuedId = createIdGenerator({ prefix: 'msg', size: 16 });

/** Run ends after which the next queued message goes out by itself. */
export function dispatchesQueue(end: RunEnd): boolean {
  return end.reason === 'completed' || end.reason === 'done-tool';
}

function toQueuedMessage(row: QueuedMessageRow): QueuedMessage {
  // The images' names and types only: the queue is read often, and the bytes stay on the server until the message is sent.
  const images = row.images?.map((image) => ({ mediaType: image.mediaType, ...(image.filename ? { filename: image.filename } : {}) }));
  return { id: row.id, text: row.text, ...(images?.length ? { images } : {}), createdAt: row.createdAt, updatedAt: row.updatedAt };
}

async function queueResponse(db: Db, ownerId: string, sessionId: string, dispatchedId?: string): Promise<QueueResponse> {
  const items = (await listQueuedMessages(db, ownerId, sessionId)).map(toQueuedMessage);
  return dispatchedId ? { items, dispatchedId } : { items };
}

export async function readQueue(db: Db, ownerId: string, sessionId: string): Promise<QueueResponse> {
  return queueResponse(db, ownerId, sessionId);
}

/**
 * Appends a message to the queue. When no run is active and nothing else
 * waits (the run ended while the message was on its way), it is sent at once.
 * Its images are checked now as a typed message's are (the model takes images;
 * their bytes, size and count), stored with the row, and sent with the message.
 */
export async function queueMessage(input: {
  request: Request;
  db: Db;
  ownerId: string;
  sessionId: string;
  text: string;
  modelKey?: string;
  images?: readonly ImageFilePart[];
}): Promise<QueueResponse> {
  // Counted like a chat message: it starts a run now or when the current one ends.
  await limitRequest('chat', input.request);
  const { db, ownerId, sessionId } = input;
  const images = await queuedImages(ownerId, sessionId, input.modelKey, input.images ?? []);
  const row = await enqueueMessage(db, { id: generateQueuedId(), ownerId, sessionId, text: input.text, modelKey: input.modelKey, images });
  let dispatchedId: string | undefined;
  if (!isSessionRunning(sessionId)) {
    const queue = await listQueuedMessages(db, ownerId, sessionId);
    if (queue.length === 1 && queue[0].id === row.id) dispatchedId = await dispatchNextQueued(ownerId, sessionId, new URL(input.request.url).origin).catch(() => undefined);
  }
  return queueResponse(db, ownerId, sessionId, dispatchedId);
}

/** A queued message's images as they will be stored: refused (422) for a model that takes none, and checked like a typed message's (413 / 415). */
async function queuedImages(ownerId: string, sessionId: string, modelKey: string | undefined, sent: readonly ImageFilePart[]): Promise<ImageFilePart[]> {
  if (sent.length === 0) return [];
  const model = await resolveModelFor(ownerId, modelKey ?? (await getSession(await getAppDb(), ownerId, sessionId))?.modelKey ?? '');
  if (!modelCapabilities(model.info.key).images) throw new ApiError('images_not_supported', imagesNotSupportedMessage(model.info.label));
  const verdict = checkImageParts(sent);
  if (!verdict.ok) throw new ApiError(verdict.code, verdict.message);
  return verdict.parts;
}

export async function editQueuedMessage(input: { db: Db; ownerId: string; sessionId: string; id: string; text: string }): Promise<QueueResponse> {
  const { db, ownerId, sessionId } = input;
  const row = await updateQueuedMessage(db, ownerId, sessionId, input.id, input.text);
  if (!row) throw goneError();
  return queueResponse(db, ownerId, sessionId);
}

export async function cancelQueuedMessage(input: { db: Db; ownerId: string; sessionId: string; id: string }): Promise<QueueResponse> {
  const { db, ownerId, sessionId } = input;
  const row = await takeQueuedMessage(db, ownerId, sessionId, input.id);
  if (!row) throw goneError();
  return queueResponse(db, ownerId, sessionId);
}

/** "Send now": sends the first queued message although the last run did not end normally. 409 while a run is active. */
export async function sendQueuedNow(input: { db: Db; ownerId: string; sessionId: string }): Promise<QueueResponse> {
  const { db, ownerId, sessionId } = input;
  if (isSessionRunning(sessionId)) throw new ApiError('run_active', 'The agent is still working; the queue is sent when it finishes.');
  const dispatchedId = await dispatchNextQueued(ownerId, sessionId);
  if (!dispatchedId) throw new ApiError('queue_empty', 'Nothing is queued.');
  return queueResponse(db, ownerId, sessionId, dispatchedId);
}

/** What a turn runs after its run ended: the next queued message, when the run ended normally. `origin`: where the turn's request came to. */
export function queueAfterRun(ownerId: string, sessionId: string, origin?: string): (end: RunEnd) => Promise<void> {
  return (end) => dispatchQueueAfterRun({ ownerId, sessionId, end, origin });
}

/**
 * Called by the run manager when a run has ended, before its stream closes,
 * so a browser that follows the run finds the next one already running.
 * Never throws: the run that ended is not affected by the queue.
 */
async function dispatchQueueAfterRun(input: { ownerId: string; sessionId: string; end: RunEnd; origin?: string }): Promise<void> {
  if (!dispatchesQueue(input.end)) return;
  try {
    await dispatchNextQueued(input.ownerId, input.sessionId, input.origin);
  } catch (error) {
    logger.error({ err: error, sessionId: input.sessionId }, 'sending the next queued message failed');
  }
}

/**
 * Takes the first queued message and starts a turn with it, exactly like a
 * message sent from the composer. Answers the new user message's id, or
 * undefined when nothing was queued or a run is active. If the turn cannot
 * start, the message goes back to the head of the queue and the error is thrown.
 * The run is kept alive past the request (or run) that dispatched it, like a typed one.
 */
async function dispatchNextQueued(ownerId: string, sessionId: string, origin?: string): Promise<string | undefined> {
  if (isSessionRunning(sessionId)) return undefined;
  const db = await getAppDb();
  const session = await getSession(db, ownerId, sessionId);
  if (!session) return undefined;
  const [head] = await listQueuedMessages(db, ownerId, sessionId);
  if (!head) return undefined;
  // Taking it first means an edit or a cancel that comes later gets 404 instead of silently missing the message.
  const taken = await takeQueuedMessage(db, ownerId, sessionId, head.id);
  if (!taken) return undefined;
  const request: ChatRequest = {
    sessionId,
    ...(taken.modelKey ? { modelKey: taken.modelKey } : {}),
    // Images alone go without a text part, as from the composer.
    message: { id: taken.id, role: 'user', parts: [...(taken.text.trim() ? [{ type: 'text' as const, text: taken.text }] : []), ...(taken.images ?? [])] },
  };
  try {
    const run = await startTurnWithMessage({ ownerId, session, request, origin, afterRun: queueAfterRun(ownerId, sessionId, origin) });
    keepRunning(run.done);
    return taken.id;
  } catch (error) {
    // Already in the transcript (a previous attempt got that far): it was sent, so it stays out of the queue.
    if (error instanceof ApiError && error.code === 'duplicate_message') return undefined;
    if (error instanceof ApiError && error.code === 'run_active') {
      await restoreQueuedMessage(db, taken);
      return undefined;
    }
    await restoreQueuedMessage(db, taken);
    throw error;
  }
}

function goneError(): ApiError {
  return new ApiError('not_queued', 'This message is no longer queued: it was already sent or cancelled.');
}
