/** Mirrors the server's MAX_MESSAGE_CHARS (lib/server/chat-request.ts): longer messages get a 413. */
export const MAX_MESSAGE_CHARS = 100_000;

/** The composer starts counting characters at 90% of the limit. */
export const CHAR_WARNING_AT = 90_000;
