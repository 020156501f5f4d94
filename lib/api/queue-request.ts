import { z } from 'zod';
import { MAX_MESSAGE_CHARS } from './chat-request';
import { freeTextSchema } from './text-input';

/** A queued message's text: what the composer would send, trimmed. */
const queuedTextSchema = freeTextSchema('The message', MAX_MESSAGE_CHARS, { trim: true }).refine((text) => text.length > 0, 'The message is empty');

/** Body of POST /api/sessions/:id/queue. */
export const queueMessageSchema = z.strictObject({
  text: queuedTextSchema,
  modelKey: z.string().min(1).max(300).optional(),
});

/** Body of PATCH /api/sessions/:id/queue/:itemId. */
export const queueEditSchema = z.strictObject({ text: queuedTextSchema });
