/**
 * Hands the first message from the new-chat page to the session page. The
 * landing page creates the session, stores the text here, and navigates; the
 * session page takes it (exactly once) and sends it through useChat, so the
 * stream is rendered where it belongs and the message is never sent twice.
 *
 * Memory covers the client-side navigation; sessionStorage covers a reload in
 * between (and is best-effort: it may be disabled).
 */

const PREFIX = 'agent-playground:pending-message:';
const pending = new Map<string, string>();

export function storePendingMessage(sessionId: string, text: string) {
  pending.set(sessionId, text);
  try {
    sessionStorage.setItem(PREFIX + sessionId, text);
  } catch {
    // storage disabled: memory is enough for the navigation
  }
}

export function peekPendingMessage(sessionId: string): string | undefined {
  const inMemory = pending.get(sessionId);
  if (inMemory !== undefined) return inMemory;
  try {
    return sessionStorage.getItem(PREFIX + sessionId) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Returns the pending text and forgets it, so a second caller gets nothing. */
export function takePendingMessage(sessionId: string): string | undefined {
  const text = peekPendingMessage(sessionId);
  pending.delete(sessionId);
  try {
    sessionStorage.removeItem(PREFIX + sessionId);
  } catch {
    // ignore
  }
  return text;
}
