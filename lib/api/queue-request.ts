import { z } from 'zod';
import { imageFilePartSchema, MAX_IMAGES_PER_MESSAGE, MAX_MESSAGE_IMAGE_BYTES } from './attachments';
import { MAX_MESSAGE_CHARS } from './chat-request';
import { freeTextSchema } from './text-input';

/** POST /api/sessions/:id/queue: the text at 4 bytes a character, and the images as base64 (4/3 of their bytes). */
export const MAX_QUEUE_BODY_BYTES = MAX_MESSAGE_CHARS * 4 + Math.ceil((MAX_MESSAGE_IMAGE_BYTES * 4) / 3) + 4096;

const textSchema = freeTextSchema('The message', MAX_MESSAGE_CHARS, { trim: true });

/** A queued message's text: what the composer would send, trimmed. */
const queuedTextSchema = textSchema.refine((text) => text.length > 0, 'The message is empty');

/**
 * Body of POST /api/sessions/:id/queue. Images go as in POST /api/chat (file parts, data URLs); their bytes, size and
 * count, and whether the model takes images, are checked when the message is queued, and again when it is sent.
 * A message of images alone has empty text.
 */
export const queueMessageSchema = z
  .strictObject({
    text: textSchema,
    modelKey: z.string().min(1).max(300).optional(),
    images: z.array(imageFilePartSchema).max(MAX_IMAGES_PER_MESSAGE, `At most ${MAX_IMAGES_PER_MESSAGE} images per message`).optional(),
  })
  .refine((body) => body.text.length > 0 || Boolean(body.images?.length), { message: 'The message is empty', path: ['text'] });

/** Body of PATCH /api/sessions/:id/queue/:itemId. */
export const queueEditSchema = z.strictObject({ text: queuedTextSchema });
