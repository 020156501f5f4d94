import { z } from 'zod';
import { IMAGE_LIMITS, type ImageLimits } from './upload-limits';

/**
 * Images attached to a user message (pasted, dropped or picked in the
 * composer): what a file part may carry, and the checks both ends make.
 * Framework-free, so the browser refuses early with the same words the server
 * answers with. The server is the authority: it reads the type from the
 * bytes (magic numbers), never from the declared media type or file name,
 * and stores the part with the type it found.
 */

export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];

/** One image, decoded: 4 MiB, less on Vercel (lib/api/upload-limits.ts). */
export const MAX_IMAGE_BYTES = IMAGE_LIMITS.perImage;
/** Images per message. */
export const MAX_IMAGES_PER_MESSAGE = 4;
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
});

export type ImageFilePart = z.infer<typeof imageFilePartSchema>;

/** What a refusal says; the server maps `code` to its status (413 / 415 / 422). */
export type AttachmentVerdict =
  | { ok: true; parts: ImageFilePart[] }
  | { ok: false; code: 'too_large' | 'unsupported_attachment' | 'images_not_supported'; message: string };

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The image type its first bytes announce; undefined for anything else (SVG, HTML, a renamed PDF…). */
export function sniffImageType(bytes: Uint8Array): ImageMediaType | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  // "GIF87a" or "GIF89a"
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  // "RIFF" <size> "WEBP"
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'image/webp';
  return undefined;
}

const DATA_URL = /^data:([^,;]*)((?:;[^,;]*)*);base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes a base64 string of this length decodes to. */
function decodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

function headBytes(base64: string, count: number): Uint8Array {
  const binary = atob(base64.slice(0, Math.ceil(count / 3) * 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
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

/** Why a model that takes no images refuses them (the same words in the composer and in the server's 422). */
export function imagesNotSupportedMessage(modelLabel: string): string {
  return `${modelLabel} does not take images. Remove the image, or switch to a model that can see images (for example gpt-4.1-mini).`;
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

/**
 * Whether a part is an image this app draws: a base64 data URL whose declared type is one of ours and whose first
 * bytes say the same (an imported file could carry anything, so the stored type alone is not trusted).
 */
export function isShownImage(part: { type: string; mediaType?: string; url?: string }): part is ImageFilePart {
  if (part.type !== 'file' || typeof part.url !== 'string' || !(IMAGE_MEDIA_TYPES as readonly string[]).includes(part.mediaType ?? '')) return false;
  const prefix = `data:${part.mediaType};base64,`;
  if (!part.url.startsWith(prefix)) return false;
  try {
    return sniffImageType(headBytes(part.url.slice(prefix.length, prefix.length + 16), 12)) === part.mediaType;
  } catch {
    return false;
  }
}
