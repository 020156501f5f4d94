/**
 * What a page needs of an attached image before any is attached: the types
 * this app draws, the per-message count, and whether a stored part is an image
 * to draw. The checks an attachment goes through (lib/api/attachments.ts) are
 * loaded by the composer when an image is pasted, dropped or picked; the server
 * imports them from there. Framework-free, no zod.
 */

export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];

/** Images per message. */
export const MAX_IMAGES_PER_MESSAGE = 4;

/** A file part of a user message, as sent and stored (its schema: `imageFilePartSchema` in lib/api/attachments.ts). */
export interface ImageFilePart {
  type: 'file';
  mediaType: string;
  url: string;
  filename?: string | undefined;
}

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

/** The first `count` bytes of a base64 string. */
export function headBytes(base64: string, count: number): Uint8Array {
  const binary = atob(base64.slice(0, Math.ceil(count / 3) * 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Why a model that takes no images refuses them (the same words in the composer and in the server's 422). */
export function imagesNotSupportedMessage(modelLabel: string): string {
  return `${modelLabel} does not take images. Remove the image, or switch to a model that can see images (for example gpt-4.1-mini).`;
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
