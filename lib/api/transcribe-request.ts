import { z } from 'zod';
import { formatBytes } from './attachments';

/**
 * POST /api/transcribe: one dictation from the composer's microphone, as
 * base64 JSON (every write here is JSON: lib/security/request-guard.mjs), and
 * the checks made on it before any provider is called. Framework-free.
 */

/** Audio the browser records (MediaRecorder: WebM/Opus in Chromium and Firefox, MP4/AAC in Safari) or a file in a common format. */
type AudioMediaType = 'audio/webm' | 'audio/ogg' | 'audio/mp4' | 'audio/mpeg' | 'audio/wav';

/** One dictation, decoded: about 13 minutes of the composer's 32 kbit/s Opus, and under Vercel's 4.5 MB body limit as base64. */
export const MAX_AUDIO_BYTES = 3 * 1024 * 1024;
/** The route's body: the audio as base64 plus the JSON around it (the request guard allows 5 MiB on this path). */
export const MAX_TRANSCRIBE_BODY_BYTES = Math.ceil(MAX_AUDIO_BYTES / 3) * 4 + 4096;

export const transcribeRequestSchema = z.strictObject({
  /** `audio/webm;codecs=opus` and the like: the parameters are dropped. */
  mediaType: z.string().min(1).max(100),
  /** Base64; bounded by the body limit here, so that checkAudio can say how large it was (413). */
  audio: z.string().min(1).max(MAX_TRANSCRIBE_BODY_BYTES),
});

export type TranscribeRequest = z.infer<typeof transcribeRequestSchema>;

/** The container its first bytes announce; undefined for anything else. */
export function sniffAudioType(bytes: Uint8Array): AudioMediaType | undefined {
  const at = (offset: number, ...sig: number[]) => sig.every((b, i) => bytes[offset + i] === b);
  if (at(0, 0x1a, 0x45, 0xdf, 0xa3)) return 'audio/webm'; // EBML (WebM, Matroska)
  if (at(0, 0x4f, 0x67, 0x67, 0x53)) return 'audio/ogg'; // "OggS"
  if (at(4, 0x66, 0x74, 0x79, 0x70)) return 'audio/mp4'; // "ftyp"
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x41, 0x56, 0x45)) return 'audio/wav'; // "RIFF" … "WAVE"
  if (at(0, 0x49, 0x44, 0x33) || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0)) return 'audio/mpeg'; // ID3 tag or an MPEG frame
  return undefined;
}

export type AudioVerdict = { ok: true; bytes: Uint8Array; mediaType: AudioMediaType } | { ok: false; code: 'too_large' | 'bad_request' | 'unsupported_attachment'; message: string };

/** Decodes and checks a dictation: valid base64, within the limit, a known audio container by its bytes. */
export function checkAudio(request: TranscribeRequest): AudioVerdict {
  const { audio } = request;
  if (audio.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(audio)) return { ok: false, code: 'bad_request', message: 'The recording is not valid base64.' };
  const binary = atob(audio);
  if (binary.length > MAX_AUDIO_BYTES) {
    return { ok: false, code: 'too_large', message: `The recording is ${formatBytes(binary.length)}; the limit is ${formatBytes(MAX_AUDIO_BYTES)}. Record a shorter piece.` };
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const mediaType = sniffAudioType(bytes);
  if (!mediaType) return { ok: false, code: 'unsupported_attachment', message: 'The recording is not WebM, Ogg, MP4, MP3 or WAV audio.' };
  return { ok: true, bytes, mediaType };
}
