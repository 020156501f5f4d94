'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { readError } from '@/lib/client/api-error';
import { request } from '@/lib/client/api';

/**
 * Voice dictation: the microphone records with MediaRecorder until it is
 * pressed again (or Escape, or five minutes), then the recording goes to
 * POST /api/transcribe and the text comes back for the composer, to be read
 * and edited, never sent by itself. Whether the server can transcribe at all
 * is asked when the composer mounts (GET /api/transcribe); when it cannot, the button is
 * off and says why.
 */

export type DictationState = 'idle' | 'starting' | 'recording' | 'transcribing';

/** A longer recording stops by itself (the server takes 3 MiB: about 13 minutes at this bit rate). */
const MAX_RECORDING_MS = 5 * 60_000;
/** Opus speech at 32 kbit/s is clear enough for transcription and a fraction of the default size. */
const AUDIO_BITS_PER_SECOND = 32_000;
const PREFERRED_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

type Availability = { available: true; model: string } | { available: false; reason: string };

function fetchAvailability(): Promise<Availability> {
  return request<Availability>('/api/transcribe').catch((error: unknown) => ({ available: false, reason: readError(error).message }));
}

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

export function useDictation(onText: (text: string) => void) {
  const [state, setState] = useState<DictationState>('idle');
  const [error, setError] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const onTextRef = useRef(onText);
  useEffect(() => {
    onTextRef.current = onText;
  }, [onText]);

  useEffect(() => {
    let cancelled = false;
    const canRecord = typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia) && typeof MediaRecorder !== 'undefined';
    const found: Promise<Availability> = canRecord
      ? fetchAvailability()
      : Promise.resolve({ available: false, reason: 'This browser cannot record audio here (it needs a secure page: https or localhost).' });
    void found.then((found) => {
      if (!cancelled) setUnavailable(found.available ? null : found.reason);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const transcribe = useCallback(async (blob: Blob) => {
    setState('transcribing');
    try {
      if (blob.size === 0) throw new Error('Nothing was recorded.');
      const audio = await blobToBase64(blob);
      const { text } = await request<{ text: string }>('/api/transcribe', { method: 'POST', json: { mediaType: blob.type || 'audio/webm', audio } });
      if (text) onTextRef.current(text);
      else setError('No speech was recognised in the recording.');
    } catch (failure) {
      setError(failure instanceof Error && !('status' in failure) ? failure.message : readError(failure).message);
    } finally {
      setState('idle');
    }
  }, []);

  const start = useCallback(async () => {
    setError(null);
    setState('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (failure) {
      setError(microphoneProblem(failure));
      setState('idle');
      return;
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
        recorder.current = null;
        void transcribe(new Blob(chunks, { type: media.mimeType || mimeType || 'audio/webm' }));
      };
      media.start();
      recorder.current = media;
      setState('recording');
    } catch (failure) {
      for (const track of stream.getTracks()) track.stop();
      setError(microphoneProblem(failure));
      setState('idle');
    }
  }, [transcribe]);

  const stop = useCallback(() => {
    const media = recorder.current;
    if (media && media.state !== 'inactive') media.stop();
  }, []);

  // Escape stops the recording (and goes no further: the composer's own Escape must not act on it too).
  useEffect(() => {
    if (state !== 'recording') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      stop();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [state, stop]);

  // Leaving the page mid-recording releases the microphone.
  useEffect(
    () => () => {
      const media = recorder.current;
      if (!media) return;
      media.onstop = null;
      if (media.state !== 'inactive') media.stop();
      for (const track of media.stream.getTracks()) track.stop();
    },
    [],
  );

  const toggle = useCallback(() => {
    if (state === 'recording') stop();
    else if (state === 'idle') void start();
  }, [start, state, stop]);

  return { state, error, unavailable, toggle, stop, clearError: () => setError(null) };
}

export type Dictation = ReturnType<typeof useDictation>;
