import { MAX_MESSAGE_CHARS } from '@/lib/api/message-limits';

export { MAX_MESSAGE_CHARS };

/** The composer starts counting characters at 90% of the limit (the server answers 413 above it). */
export const CHAR_WARNING_AT = Math.round(MAX_MESSAGE_CHARS * 0.9);
