import { describe, expect, it } from 'vitest';
import {
  checkImageParts,
  imagesNotSupportedMessage,
  isShownImage,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_MESSAGE,
  sniffImageType,
  type ImageFilePart,
} from '@/lib/api/attachments';
import { chatRequestSchema, messageChars, toUserMessage } from '@/lib/api/chat-request';
import { checkAudio, sniffAudioType, MAX_AUDIO_BYTES } from '@/lib/api/transcribe-request';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 2, 0, 0, 0, 3];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1];
const GIF = [...Buffer.from('GIF89a'), 1, 0, 1, 0, 0, 0];
const WEBP = [...Buffer.from('RIFF'), 0x24, 0, 0, 0, ...Buffer.from('WEBPVP8 ')];
const SVG = [...Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')];

/** A data URL of these bytes, padded with zeros to `size` bytes. */
function dataUrl(bytes: number[], mediaType = 'image/png', size = bytes.length): string {
  const buffer = Buffer.alloc(size);
  Buffer.from(bytes).copy(buffer);
  return `data:${mediaType};base64,${buffer.toString('base64')}`;
}

const image = (url: string, extra: Partial<ImageFilePart> = {}): ImageFilePart => ({ type: 'file', mediaType: 'image/png', url, ...extra });

describe('image attachments', () => {
  it('reads PNG, JPEG, GIF and WebP from their magic bytes, and nothing else', () => {
    expect(sniffImageType(Uint8Array.from(PNG))).toBe('image/png');
    expect(sniffImageType(Uint8Array.from(JPEG))).toBe('image/jpeg');
    expect(sniffImageType(Uint8Array.from(GIF))).toBe('image/gif');
    expect(sniffImageType(Uint8Array.from(WEBP))).toBe('image/webp');
    expect(sniffImageType(Uint8Array.from(SVG))).toBeUndefined();
    expect(sniffImageType(Uint8Array.from(Buffer.from('%PDF-1.7\n')))).toBeUndefined();
    expect(sniffImageType(new Uint8Array())).toBeUndefined();
  });

  it('stores the type the bytes show, whatever the browser declared', () => {
    const verdict = checkImageParts([image(dataUrl(JPEG, 'image/png'), { filename: 'photo.png' })]);
    expect(verdict).toEqual({ ok: true, parts: [{ type: 'file', mediaType: 'image/jpeg', url: dataUrl(JPEG, 'image/jpeg'), filename: 'photo.png' }] });
  });

  it('refuses an SVG or any other file dressed as an image, naming it', () => {
    expect(checkImageParts([image(dataUrl(SVG, 'image/png'), { filename: 'logo.png' })])).toEqual({
      ok: false,
      code: 'unsupported_attachment',
      message: '“logo.png” is not a PNG, JPEG, GIF or WebP image.',
    });
    expect(checkImageParts([image(dataUrl(SVG, 'image/svg+xml'))])).toMatchObject({ ok: false, code: 'unsupported_attachment' });
  });

  it('takes base64 data URLs only: a link would make the server fetch it', () => {
    expect(checkImageParts([image('https://example.com/cat.png')])).toMatchObject({ ok: false, code: 'unsupported_attachment', message: expect.stringMatching(/base64 data URL/) });
    expect(checkImageParts([image('data:image/png,rawtext')])).toMatchObject({ ok: false, code: 'unsupported_attachment' });
    expect(checkImageParts([image('data:image/png;base64,not base64!')])).toMatchObject({ ok: false, code: 'unsupported_attachment', message: 'Image 1 is not valid base64.' });
  });

  it('limits each image, the count and the total per message', () => {
    expect(checkImageParts([image(dataUrl(PNG, 'image/png', MAX_IMAGE_BYTES))])).toMatchObject({ ok: true });
    expect(checkImageParts([image(dataUrl(PNG, 'image/png', MAX_IMAGE_BYTES + 1), { filename: 'big.png' })])).toEqual({
      ok: false,
      code: 'too_large',
      message: '“big.png” is 4.0 MB; an image may be at most 4.0 MB.',
    });
    const small = image(dataUrl(PNG));
    expect(checkImageParts(Array(MAX_IMAGES_PER_MESSAGE + 1).fill(small))).toMatchObject({ ok: false, code: 'too_large', message: expect.stringMatching(/At most 4 images/) });
    const full = image(dataUrl(PNG, 'image/png', MAX_IMAGE_BYTES));
    expect(checkImageParts([full, full, small])).toMatchObject({ ok: false, code: 'too_large', message: expect.stringMatching(/add up to 8\.0 MB/) });
  });

  it('names the model when it takes no images', () => {
    expect(imagesNotSupportedMessage('scripted-chat')).toMatch(/^scripted-chat does not take images\./);
  });

  it('shows only data URLs of the four types, never SVG or a link', () => {
    expect(isShownImage({ type: 'file', mediaType: 'image/png', url: dataUrl(PNG) })).toBe(true);
    expect(isShownImage({ type: 'file', mediaType: 'image/svg+xml', url: dataUrl(SVG, 'image/svg+xml') })).toBe(false);
    expect(isShownImage({ type: 'file', mediaType: 'image/png', url: 'https://example.com/a.png' })).toBe(false);
    expect(isShownImage({ type: 'file', mediaType: 'image/png', url: dataUrl(PNG, 'image/gif') })).toBe(false);
  });

  it('a chat request may carry images beside its text; the stored message keeps both and counts only the text', () => {
    const request = chatRequestSchema.parse({
      sessionId: 's',
      message: { id: 'm', role: 'user', parts: [{ type: 'text', text: 'What is this?' }, image(dataUrl(PNG), { filename: 'a.png' })] },
    });
    expect(messageChars(request)).toBe('What is this?'.length);
    const [checked] = (checkImageParts([request.message.parts[1] as ImageFilePart]) as { parts: ImageFilePart[] }).parts;
    expect(toUserMessage(request, 1, [], [checked]).parts).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'file', mediaType: 'image/png', url: dataUrl(PNG), filename: 'a.png' },
    ]);
    // A part with anything else (a provider reference, metadata) is refused by shape.
    expect(chatRequestSchema.safeParse({ sessionId: 's', message: { id: 'm', role: 'user', parts: [{ ...image(dataUrl(PNG)), providerMetadata: {} }] } }).success).toBe(false);
  });
});

describe('dictation audio', () => {
  const b64 = (bytes: number[], size = bytes.length) => {
    const buffer = Buffer.alloc(size);
    Buffer.from(bytes).copy(buffer);
    return buffer.toString('base64');
  };
  const WEBM = [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81];

  it('reads WebM, Ogg, MP4, WAV and MP3 from their bytes', () => {
    expect(sniffAudioType(Uint8Array.from(WEBM))).toBe('audio/webm');
    expect(sniffAudioType(Uint8Array.from(Buffer.from('OggS\0\x02')))).toBe('audio/ogg');
    expect(sniffAudioType(Uint8Array.from([0, 0, 0, 0x20, ...Buffer.from('ftypM4A ')]))).toBe('audio/mp4');
    expect(sniffAudioType(Uint8Array.from(Buffer.from('RIFF\x24\0\0\0WAVEfmt ')))).toBe('audio/wav');
    expect(sniffAudioType(Uint8Array.from(Buffer.from('ID3\x04\0')))).toBe('audio/mpeg');
    expect(sniffAudioType(Uint8Array.from(Buffer.from('<html>')))).toBeUndefined();
  });

  it('decodes a recording within the limit and refuses the rest with plain words', () => {
    const ok = checkAudio({ mediaType: 'audio/webm;codecs=opus', audio: b64(WEBM, 100) });
    expect(ok).toMatchObject({ ok: true, mediaType: 'audio/webm' });
    expect(ok.ok && ok.bytes.length).toBe(100);
    expect(checkAudio({ mediaType: 'audio/webm', audio: b64(WEBM, MAX_AUDIO_BYTES + 1) })).toMatchObject({ ok: false, code: 'too_large', message: expect.stringMatching(/Record a shorter piece/) });
    expect(checkAudio({ mediaType: 'audio/webm', audio: b64([...Buffer.from('<html>')], 12) })).toMatchObject({ ok: false, code: 'unsupported_attachment' });
    expect(checkAudio({ mediaType: 'audio/webm', audio: 'abc' })).toMatchObject({ ok: false, code: 'bad_request' });
  });
});
