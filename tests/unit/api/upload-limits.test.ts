import { describe, expect, it } from 'vitest';
import { checkImageParts, imagesTooLargeMessage, type ImageFilePart } from '@/lib/api/attachments';
import { MAX_QUEUE_BODY_BYTES } from '@/lib/api/queue-request';
import { MAX_TRANSCRIBE_BODY_BYTES } from '@/lib/api/transcribe-request';
import { IMAGE_LIMITS, imageLimitsFor, maxChatBodyBytes, VERCEL_REQUEST_BODY_BYTES } from '@/lib/api/upload-limits';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];

/** A PNG data URL of `size` bytes. */
function png(size: number, filename?: string): ImageFilePart {
  const buffer = Buffer.alloc(size);
  Buffer.from(PNG).copy(buffer);
  return { type: 'file', mediaType: 'image/png', url: `data:image/png;base64,${buffer.toString('base64')}`, ...(filename ? { filename } : {}) };
}

const MiB = 1024 * 1024;

describe('upload limits per deployment', () => {
  it('keeps the server limits off Vercel: 4 MiB an image, 8 MiB a message', () => {
    expect(imageLimitsFor({})).toEqual({ perImage: 4 * MiB, perMessage: 8 * MiB });
    expect(imageLimitsFor({ VERCEL: '' })).toEqual({ perImage: 4 * MiB, perMessage: 8 * MiB });
    // The test process is no Vercel deployment.
    expect(IMAGE_LIMITS.platform).toBeUndefined();
  });

  it('on Vercel (VERCEL on the server, NEXT_PUBLIC_ON_VERCEL in the browser) lowers them so that the largest chat body fits under the 4.5 MB cap', () => {
    const server = imageLimitsFor({ VERCEL: '1' });
    expect(imageLimitsFor({ NEXT_PUBLIC_ON_VERCEL: '1' })).toEqual(server);
    expect(server.platform).toBe('vercel');
    expect(server.perImage).toBeLessThan(4 * MiB);
    expect(server.perMessage).toBe(server.perImage);
    expect(maxChatBodyBytes(server)).toBeLessThanOrEqual(VERCEL_REQUEST_BODY_BYTES);
    // Not lower than it needs to be: a few more bytes of images would not fit.
    expect(maxChatBodyBytes({ ...server, perMessage: server.perMessage + 8 })).toBeGreaterThan(VERCEL_REQUEST_BODY_BYTES);
    // Off Vercel the chat body is allowed to be larger than Vercel's cap.
    expect(maxChatBodyBytes(imageLimitsFor({}))).toBeGreaterThan(VERCEL_REQUEST_BODY_BYTES);
  });

  it("refuses in the deployment's words on Vercel, before the body could reach Vercel's own refusal", () => {
    const vercel = imageLimitsFor({ VERCEL: '1' });
    const big = png(3 * MiB, 'big.png');
    // Allowed anywhere else…
    expect(checkImageParts([big], imageLimitsFor({})).ok).toBe(true);
    // …but on Vercel its base64 (4 MiB) plus a message's text could pass 4.5 MB: refused by us, naming the limit.
    expect(checkImageParts([big], vercel)).toEqual({ ok: false, code: 'too_large', message: '“big.png” is 3.0 MB; images too large for this deployment: 2.5 MB at most.' });
    const two = checkImageParts([png(1.5 * MiB), png(1.5 * MiB)], vercel);
    expect(two).toEqual({ ok: false, code: 'too_large', message: 'The images add up to 3.0 MB; images too large for this deployment: 2.5 MB at most.' });
    expect(checkImageParts([png(1.2 * MiB), png(1.2 * MiB)], vercel).ok).toBe(true);
    expect(imagesTooLargeMessage(9 * MiB, imageLimitsFor({}))).toBe('The images add up to 9.0 MB; a message may carry at most 8.0 MB.');
  });

  it('keeps the other large bodies under the cap as they stand: a queued message with images on Vercel, a dictation', () => {
    const vercel = imageLimitsFor({ VERCEL: '1' });
    // The queue body's text share (MAX_QUEUE_BODY_BYTES minus its images as base64 off Vercel) with Vercel's images.
    const queueText = MAX_QUEUE_BODY_BYTES - Math.ceil((IMAGE_LIMITS.perMessage * 4) / 3);
    expect(queueText + Math.ceil((vercel.perMessage * 4) / 3)).toBeLessThanOrEqual(VERCEL_REQUEST_BODY_BYTES);
    expect(MAX_TRANSCRIBE_BODY_BYTES).toBeLessThanOrEqual(VERCEL_REQUEST_BODY_BYTES);
  });
});
