import { z } from 'zod';
import { formatBytes, headBytes, type ImageFilePart, MAX_IMAGES_PER_MESSAGE, sniffImageType } from './image-parts';
import { IMAGE_LIMITS, type ImageLimits } from './upload-limits';

export {
  formatBytes,
  IMAGE_MEDIA_TYPES,
  type ImageFilePart,
  type ImageMediaType,
  imagesNotSupportedMessage,
  isShownImage,
  MAX_IMAGES_PER_MESSAGE,
  sniffImageType,
} from './image-parts';

/**
 * Images attached to a user message (pasted, dropped or picked in the
 * composer): what a file part may carry, and the checks both ends make.
 * Framework-free, so the browser refuses early with the same words the server
 * answers with. The server is the authority: it reads the type from the
 * bytes (magic numbers), never from the declared media type or file name,
 * and stores the part with the type it found.
 */

/** One image, decoded: 4 MiB, less on Vercel (lib/api/upload-limits.ts). */
export const MAX_IMAGE_BYTES = IMAGE_LIMITS.perImage;
/** All images of one message, decoded: 8 MiB, less on Vercel. */
export const MAX_MESSAGE_IMAGE_BYTES = IMAGE_LIMITS.perMessage;
/** A file name is kept for display only (the model never sees it). */
const MAX_FILENAME_CHARS = 255;

/** A data URL's base64 for MAX_IMAGE_BYTES, plus its `data:…;base64,` prefix. */
const MAX_DATA_URL_CHARS = Math.ceil(MAX_IMAGE_BYTES / 3) * 4 + 100;

/** The shape of a file part in POST /api/chat; its content is checked by checkImageParts. */
export const imageFilePartSchema = z.strictObject({
  type: z.literal('file'),
  mediaType: z.string().min(1).max(100),
  url: z.string().min(1).max(MAX_DATA_URL_CHARS, `An image may be at most ${formatBytes(MAX_IMAGE_BYTES)}`),
  filename: z.string().max(MAX_FILENAME_CHARS).optional(),
}) satisfies z.ZodType<ImageFilePart>;

/** What a refusal says; the server maps `code` to its status (413 / 415 / 422). */
export type AttachmentVerdict =
  | { ok: true; parts: ImageFilePart[] }
  | { ok: false; code: 'too_large' | 'unsupported_attachment' | 'images_not_supported'; message: string };

const DATA_URL = /^data:([^,;]*)((?:;[^,;]*)*);base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes a base64 string of this length decodes to. */
function decodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

function describe(part: Pick<ImageFilePart, 'filename'>, index: number): string {
  return part.filename ? `“${part.filename}”` : `Image ${index + 1}`;
}

/** The limit in words; a platform's lower one says it is this deployment's, not the app's. */
function limitWords(limits: ImageLimits, scope: 'image' | 'message'): string {
  const most = formatBytes(scope === 'image' ? limits.perImage : limits.perMessage);
  if (limits.platform) return `images too large for this deployment: ${most} at most.`;
  return scope === 'image' ? `an image may be at most ${most}.` : `a message may carry at most ${most}.`;
}

/** One image over the limit (the same words in the composer and in the server's 413). */
export function imageTooLargeMessage(name: string, size: number, limits: ImageLimits = IMAGE_LIMITS): string {
  return `${name} is ${formatBytes(size)}; ${limitWords(limits, 'image')}`;
}

/** A message's images together over the limit. */
export function imagesTooLargeMessage(total: number, limits: ImageLimits = IMAGE_LIMITS): string {
  return `The images add up to ${formatBytes(total)}; ${limitWords(limits, 'message')}`;
}

const TYPE_NAMES = 'PNG, JPEG, GIF or WebP';

/**
 * Checks a message's image parts: base64 data URLs only (never a remote URL:
 * the server would fetch it), a PNG, JPEG, GIF or WebP by its bytes, within the
 * per-image, per-message and count limits. Answers the parts to store, each
 * with the media type its bytes show.
 */
export function checkImageParts(parts: readonly ImageFilePart[], limits: ImageLimits = IMAGE_LIMITS): AttachmentVerdict {
  if (parts.length > MAX_IMAGES_PER_MESSAGE) {
    return { ok: false, code: 'too_large', message: `At most ${MAX_IMAGES_PER_MESSAGE} images per message (this one has ${parts.length}).` };
  }
  let total = 0;
  const checked: ImageFilePart[] = [];
  for (const [index, part] of parts.entries()) {
    const name = describe(part, index);
    const match = DATA_URL.exec(part.url);
    if (!match) return { ok: false, code: 'unsupported_attachment', message: `${name} must be sent as a base64 data URL (links to images are not fetched).` };
    const base64 = part.url.slice(match[0].length);
    if (base64.length % 4 !== 0 || !BASE64.test(base64)) return { ok: false, code: 'unsupported_attachment', message: `${name} is not valid base64.` };
    const size = decodedLength(base64);
    if (size > limits.perImage) return { ok: false, code: 'too_large', message: imageTooLargeMessage(name, size, limits) };
    total += size;
    const type = sniffImageType(headBytes(base64, 12));
    if (!type) return { ok: false, code: 'unsupported_attachment', message: `${name} is not a ${TYPE_NAMES} image.` };
    checked.push({ type: 'file', mediaType: type, url: `data:${type};base64,${base64}`, ...(part.filename ? { filename: part.filename } : {}) });
  }
  if (total > limits.perMessage) return { ok: false, code: 'too_large', message: imagesTooLargeMessage(total, limits) };
  return { ok: true, parts: checked };
}

