import { request } from '@/lib/client/api';

/**
 * The recording half of voice dictation (components/chat/hooks/use-dictation.ts): the microphone through
 * MediaRecorder, and the recording's trip to POST /api/transcribe. Loaded the first time the microphone is
 * pressed, so the session page's first load carries only the button.
 */

/** A longer recording stops by itself (the server takes 3 MiB: about 13 minutes at this bit rate). */
const MAX_RECORDING_MS = 5 * 60_000;
/** Opus speech at 32 kbit/s is clear enough for transcription and a fraction of the default size. */
const AUDIO_BITS_PER_SECOND = 32_000;
const PREFERRED_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

/** Plain words for what getUserMedia or MediaRecorder threw. */
function microphoneProblem(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'Microphone access was denied. Allow the microphone for this site in the browser, then try again.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No microphone was found. Connect one, then try again.';
  if (name === 'NotReadableError') return 'The microphone is busy in another application.';
  return `Recording failed: ${error instanceof Error ? error.message : String(error)}`;
}

function blobToBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The recording could not be read.'));
    reader.readAsDataURL(blob);
  });
}

/**
 * Starts recording from the microphone; `onStop` gets the recording once it stopped (pressed again, Escape, or the
 * time limit), with the microphone released. Answers the recorder, or why it could not start.
 */
export async function startRecording(onStop: (recording: Blob) => void): Promise<{ ok: true; recorder: MediaRecorder } | { ok: false; problem: string }> {
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch (failure) {
    return { ok: false, problem: microphoneProblem(failure) };
  }
  try {
    const mimeType = PREFERRED_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    const media = new MediaRecorder(stream, { ...(mimeType ? { mimeType } : {}), audioBitsPerSecond: AUDIO_BITS_PER_SECOND });
    const chunks: Blob[] = [];
    const limit = setTimeout(() => media.state !== 'inactive' && media.stop(), MAX_RECORDING_MS);
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = () => {
      clearTimeout(limit);
      for (const track of stream.getTracks()) track.stop();
      onStop(new Blob(chunks, { type: media.mimeType || mimeType || 'audio/webm' }));
    };
    media.start();
    return { ok: true, recorder: media };
  } catch (failure) {
    for (const track of stream.getTracks()) track.stop();
    return { ok: false, problem: microphoneProblem(failure) };
  }
}

/** The recording's text ('' when no speech was recognised). Throws the server's error, or an Error in plain words. */
export async function transcribeRecording(recording: Blob): Promise<string> {
  if (recording.size === 0) throw new Error('Nothing was recorded.');
  const audio = await blobToBase64(recording);
  const { text } = await request<{ text: string }>('/api/transcribe', { method: 'POST', json: { mediaType: recording.type || 'audio/webm', audio } });
  return text;
}
