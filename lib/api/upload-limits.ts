/**
 * How large an upload may be on this deployment. Vercel Functions refuse a request body over
 * 4.5 MB before any of our code runs, with a plain-text 413 the UI cannot word; so on Vercel the
 * image limits come down until the largest chat message we accept (its text budget plus its images
 * as base64) fits under that cap, and our own refusal ("too large for this deployment") comes first:
 * in the browser before the upload, and on the server. Elsewhere the server's own limits apply.
 * Framework-free: the browser and the server pick the same limits.
 */

/** Vercel's request body cap for Functions (vercel.com/docs/functions/limitations: "4.5 MB"), in bytes. */
export const VERCEL_REQUEST_BODY_BYTES = 4_500_000;
/** A chat message's text beyond its images: generous for the JSON around a maximal message. */
export const CHAT_TEXT_BUDGET_BYTES = 1_000_000;
/** The JSON around a chat body's parts (ids, keys, the data URL prefixes). */
const CHAT_ENVELOPE_BYTES = 4096;

const MiB = 1024 * 1024;

export interface ImageLimits {
  /** One image, decoded. */
  perImage: number;
  /** All images of one message, decoded. */
  perMessage: number;
  /** Set when the deployment's platform lowers the limits (the refusal says so). */
  platform?: 'vercel';
}

/**
 * Anywhere but Vercel: 4 MiB an image (Anthropic refuses images over 5 MB and OpenAI over 20 MB;
 * a phone screenshot is well below it), 8 MiB a message.
 */
const SERVER_IMAGE_LIMITS: ImageLimits = { perImage: 4 * MiB, perMessage: 8 * MiB };

/** The decoded bytes whose base64 (4/3 of them), with a full text budget and the envelope, still fit under Vercel's cap. */
const VERCEL_IMAGE_BYTES = Math.floor(((VERCEL_REQUEST_BODY_BYTES - CHAT_TEXT_BUDGET_BYTES - CHAT_ENVELOPE_BYTES) * 3) / 4);

/** The image limits for an environment: `VERCEL` (the server at run time) or `NEXT_PUBLIC_ON_VERCEL` (the browser; next.config.mjs sets it at build time). */
export function imageLimitsFor(env: { VERCEL?: string; NEXT_PUBLIC_ON_VERCEL?: string }): ImageLimits {
  const onVercel = Boolean(env.VERCEL || env.NEXT_PUBLIC_ON_VERCEL);
  return onVercel ? { perImage: VERCEL_IMAGE_BYTES, perMessage: VERCEL_IMAGE_BYTES, platform: 'vercel' } : SERVER_IMAGE_LIMITS;
}

/** The largest chat request body a message within these limits makes. */
export function maxChatBodyBytes(limits: ImageLimits): number {
  return CHAT_TEXT_BUDGET_BYTES + Math.ceil((limits.perMessage * 4) / 3) + CHAT_ENVELOPE_BYTES;
}

/**
 * This deployment's limits. `process.env.NEXT_PUBLIC_ON_VERCEL` is written out literally so that
 * Next inlines it into the browser's bundle; `process.env.VERCEL` exists on the server only.
 */
export const IMAGE_LIMITS: ImageLimits = imageLimitsFor({ VERCEL: process.env.VERCEL, NEXT_PUBLIC_ON_VERCEL: process.env.NEXT_PUBLIC_ON_VERCEL });
