import type { ImageFilePart } from '@/lib/api/image-parts';

/**
 * Hands the first message from the new-chat page to the session page. The
 * landing page creates the session, stores the message here (its text and the
 * images attached to it), and navigates; the session page takes it (exactly
 * once) and sends it through useChat, so the stream is rendered where it
 * belongs and the message is never sent twice.
 *
 * Memory covers the client-side navigation; sessionStorage covers a reload in
 * between (and is best-effort: it may be disabled, or too small for the images).
 */

export interface PendingMessage {
  text: string;
  /** Checked in the browser with the server's rules (lib/api/attachments.ts); the server checks them again. */
  images: ImageFilePart[];
}

const PREFIX = 'agent-playground:pending-message:';
const pending = new Map<string, PendingMessage>();

export function storePendingMessage(sessionId: string, text: string, images: readonly ImageFilePart[] = []) {
  const message: PendingMessage = { text, images: [...images] };
  pending.set(sessionId, message);
  try {
    sessionStorage.setItem(PREFIX + sessionId, JSON.stringify(message));
  } catch {
    // storage disabled or full: memory is enough for the navigation
  }
}

/** A stored entry: the JSON written above, or the plain text an older version of the page stored. */
function parseStored(stored: string): PendingMessage {
  try {
    const value = JSON.parse(stored) as Partial<PendingMessage> | null;
    if (value && typeof value === 'object' && typeof value.text === 'string') {
      return { text: value.text, images: Array.isArray(value.images) ? value.images : [] };
    }
  } catch {
    // plain text
  }
  return { text: stored, images: [] };
}

export function peekPendingMessage(sessionId: string): PendingMessage | undefined {
  const inMemory = pending.get(sessionId);
  if (inMemory !== undefined) return inMemory;
  try {
    const stored = sessionStorage.getItem(PREFIX + sessionId);
    return stored === null ? undefined : parseStored(stored);
  } catch {
    return undefined;
  }
}

/** Returns the pending message and forgets it, so a second caller gets nothing. */
export function takePendingMessage(sessionId: string): PendingMessage | undefined {
  const message = peekPendingMessage(sessionId);
  pending.delete(sessionId);
  try {
    sessionStorage.removeItem(PREFIX + sessionId);
  } catch {
    // ignore
  }
  return message;
}
