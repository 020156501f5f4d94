import type { QueueResponse } from '@/lib/api-types';
import type { ImageFilePart } from '@/lib/api/image-parts';
import { request } from './api';

/** The session's message queue (see lib/server/message-queue.ts). Every write answers the whole queue. */

const queueUrl = (sessionId: string) => `/api/sessions/${encodeURIComponent(sessionId)}/queue`;
const itemUrl = (sessionId: string, itemId: string) => `${queueUrl(sessionId)}/${encodeURIComponent(itemId)}`;
// Writes without a body still say JSON (request() sends the header): the server's same-origin checks expect it.

export function fetchQueue(sessionId: string): Promise<QueueResponse> {
  return request<QueueResponse>(queueUrl(sessionId));
}

export function postQueuedMessage(sessionId: string, text: string, modelKey?: string, images: readonly ImageFilePart[] = []): Promise<QueueResponse> {
  return request<QueueResponse>(queueUrl(sessionId), { method: 'POST', json: { text, ...(modelKey ? { modelKey } : {}), ...(images.length ? { images } : {}) } });
}

export function patchQueuedMessage(sessionId: string, itemId: string, text: string): Promise<QueueResponse> {
  return request<QueueResponse>(itemUrl(sessionId, itemId), { method: 'PATCH', json: { text } });
}

export function deleteQueuedMessage(sessionId: string, itemId: string): Promise<QueueResponse> {
  return request<QueueResponse>(itemUrl(sessionId, itemId), { method: 'DELETE' });
}

export function dispatchQueue(sessionId: string): Promise<QueueResponse> {
  return request<QueueResponse>(`${queueUrl(sessionId)}/dispatch`, { method: 'POST' });
}
