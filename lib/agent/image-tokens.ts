/**
 * What an image costs in a request, as providers bill it, for the context
 * meter and the compaction trigger (they share `tokenEstimator`, ./usage.ts).
 * Counting an image's base64 as text would make a 200 kB screenshot look like
 * ~70,000 tokens; providers bill it as a few hundred to ~1,500.
 *
 * The figure follows OpenAI's high-detail rule, because OpenAI is the one API
 * here that takes images in tool results (lib/models/tool-result-images.ts):
 * the image is scaled to fit 2048×2048, then its short side to 768, and costs
 * 85 tokens plus 170 per 512-px tile. (Anthropic's w·h/750 lands in the same
 * range: ~1,600 at most.) The size is read from the PNG, GIF or JPEG header;
 * when it cannot be read, a flat 765 tokens, OpenAI's figure for a 1024×1024
 * image. Framework-free: no Node APIs (atob only).
 */

const IMAGE_BASE_TOKENS = 85;
const IMAGE_TILE_TOKENS = 170;
/** An image whose size is unknown: OpenAI's high-detail cost of 1024×1024 (4 tiles). */
export const FALLBACK_IMAGE_TOKENS = IMAGE_BASE_TOKENS + 4 * IMAGE_TILE_TOKENS;

/** OpenAI's high-detail cost of a width × height image. */
export function imageTokensForSize(width: number, height: number): number {
  if (!(width > 0 && height > 0)) return FALLBACK_IMAGE_TOKENS;
  let w = width;
  let h = height;
  const fit = Math.min(1, 2048 / Math.max(w, h));
  w *= fit;
  h *= fit;
  const shortSide = Math.min(w, h);
  if (shortSide > 768) {
    w *= 768 / shortSide;
    h *= 768 / shortSide;
  }
  return IMAGE_BASE_TOKENS + IMAGE_TILE_TOKENS * Math.ceil(w / 512) * Math.ceil(h / 512);
}

/** Base64 characters read to find a size (a JPEG's frame header may follow 64 kB of EXIF). */
const HEADER_BASE64_CHARS = 88_000;

function headerBytes(base64: string): Uint8Array | undefined {
  try {
    const head = base64.slice(0, HEADER_BASE64_CHARS - (Math.min(base64.length, HEADER_BASE64_CHARS) % 4));
    const binary = atob(head);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return undefined;
  }
}

/** Width and height from a PNG, GIF or JPEG header; undefined for anything else. */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const at16 = (i: number) => (bytes[i] << 8) | bytes[i + 1];
  const at32 = (i: number) => ((bytes[i] << 24) | (bytes[i + 1] << 16) | (bytes[i + 2] << 8) | bytes[i + 3]) >>> 0;
  // PNG: signature, then IHDR with width and height.
  if (bytes.length >= 24 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    return { width: at32(16), height: at32(20) };
  }
  // GIF: "GIF8", then little-endian width and height.
  if (bytes.length >= 10 && bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46 && bytes[3] === 0x38) {
    return { width: bytes[6] | (bytes[7] << 8), height: bytes[8] | (bytes[9] << 8) };
  }
  // JPEG: walk the segments to a start-of-frame marker.
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let i = 2;
    while (i + 9 < bytes.length) {
      if (bytes[i] !== 0xff) return undefined;
      const marker = bytes[i + 1];
      if (marker === 0xff) {
        i += 1;
        continue;
      }
      const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (isFrame) return { width: at16(i + 7), height: at16(i + 5) };
      i += 2 + at16(i + 2);
    }
  }
  return undefined;
}

/** The tokens of one image given as base64. */
export function imageTokens(base64: string): number {
  const bytes = headerBytes(base64);
  const size = bytes && imageSize(bytes);
  return size ? imageTokensForSize(size.width, size.height) : FALLBACK_IMAGE_TOKENS;
}
