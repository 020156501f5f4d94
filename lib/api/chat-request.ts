import { z } from 'zod';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { McpResourceAttachment } from '@/lib/agent/resource-attachment';
import { resourceMentionsSchema } from './mcp-catalog-request';
import { freeTextSchema } from './text-input';
import { imageFilePartSchema, type ImageFilePart, MAX_IMAGES_PER_MESSAGE } from './attachments';
import { CHAT_TEXT_BUDGET_BYTES, IMAGE_LIMITS, maxChatBodyBytes } from './upload-limits';

export { MAX_MESSAGE_CHARS } from './message-limits';
/** Text beyond the images: generous for JSON overhead around a maximal message. */
const MAX_CHAT_TEXT_BYTES = CHAT_TEXT_BUDGET_BYTES;
/** The whole request body: a maximal message's text, plus its images as base64 (4/3 of their bytes); under 4.5 MB on Vercel. */
export const MAX_CHAT_BODY_BYTES = maxChatBodyBytes(IMAGE_LIMITS);

// Bounded by the body limit here; the message's total against MAX_MESSAGE_CHARS is a 413 when the turn starts.
const textPart = z.object({ type: z.literal('text'), text: freeTextSchema('A message', MAX_CHAT_TEXT_BYTES) });

/** Unknown keys are refused: a body with both a message and approvals is an error, not a message. */
export const chatRequestSchema = z.strictObject({
  sessionId: z.string().min(1).max(100),
  modelKey: z.string().min(1).max(300).optional(),
  message: z.object({
    id: z.string().min(1).max(100),
    role: z.literal('user'),
    // Attached images are file parts: their bytes and the model's support are checked when the turn starts (lib/api/attachments.ts).
    parts: z.array(z.union([textPart, imageFilePartSchema])).min(1).max(50 + MAX_IMAGES_PER_MESSAGE),
  }),
  /**
   * Editing a past message: the new message follows this one (null: it starts the conversation)
   * instead of the active leaf, as a new branch beside the edited one. Left out: it follows the leaf.
   */
  parentId: z.string().min(1).max(100).nullable().optional(),
  /** MCP resources attached with `@`: the server reads them when the message is sent; their content never comes from the browser. */
  resources: resourceMentionsSchema.optional(),
});

/**
 * A new answer to a user message already in the session (regenerate, or retry
 * after a failure): a new branch of the reply, the old one kept, and the user's
 * message never sent twice.
 */
export const regenerateRequestSchema = z.strictObject({
  sessionId: z.string().min(1).max(100),
  modelKey: z.string().min(1).max(300).optional(),
  regenerate: z.strictObject({ userMessageId: z.string().min(1).max(100) }),
});

export type RegenerateRequest = z.infer<typeof regenerateRequestSchema>;

export type ChatRequest = z.infer<typeof chatRequestSchema>;

export function messageChars(request: ChatRequest): number {
  return request.message.parts.reduce((sum, part) => sum + (part.type === 'text' ? part.text.length : 0), 0);
}

/** The message's attached images, as sent (checkImageParts decides what is stored). */
export function messageImageParts(request: ChatRequest): ImageFilePart[] {
  return request.message.parts.filter((part): part is ImageFilePart => part.type === 'file');
}

/** Whether the message says nothing at all: no text beyond whitespace, no image, no resource (refused, never sent to the model). */
export function isEmptyMessage(request: ChatRequest): boolean {
  return !request.resources?.length && request.message.parts.every((part) => part.type === 'text' && !part.text.trim());
}

/**
 * The stored user message: only what we validated, never client-supplied metadata; attached resources as the server read them,
 * attached images as checkImageParts answered them (the type their bytes show). A blank text part is left out
 * (an image-only message): some providers refuse an empty text block.
 */
export function toUserMessage(
  request: ChatRequest,
  now = Date.now(),
  resources: readonly McpResourceAttachment[] = [],
  images: readonly ImageFilePart[] = [],
): AgentUIMessage {
  return {
    id: request.message.id,
    role: 'user',
    parts: [
      ...request.message.parts.flatMap((part) => (part.type === 'text' && part.text.trim() ? [{ type: 'text' as const, text: part.text }] : [])),
      ...images.map((image) => ({ type: 'file' as const, mediaType: image.mediaType, url: image.url, ...(image.filename ? { filename: image.filename } : {}) })),
      ...resources.map((resource) => ({ type: 'data-mcp-resource' as const, data: resource })),
    ],
    metadata: { createdAt: now },
  };
}
