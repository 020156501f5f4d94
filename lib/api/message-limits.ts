/**
 * How long a user message may be. Its own module, free of the request schemas, so the composer counts against the
 * server's limit without bringing POST /api/chat's schema (lib/api/chat-request.ts) into the page's first load.
 */

/** A user message may hold at most this many characters of text. */
export const MAX_MESSAGE_CHARS = 100_000;
