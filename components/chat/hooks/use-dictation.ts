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
 * off and says why. The recorder itself (lib/client/dictation-recorder.ts) loads on the first press.
 */

export type DictationState = 'idle' | 'starting' | 'recording' | 'transcribing';

type Availability = { available: true; model: string } | { available: false; reason: string };

function fetchAvailability(): Promise<Availability> {
  return request<Availability>('/api/transcribe').catch((error: unknown) => ({ available: false, reason: readError(error).message }));
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
      const { transcribeRecording } = await import('@/lib/client/dictation-recorder');
      const text = await transcribeRecording(blob);
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
    // The recorder is fetched the first time the microphone is pressed: not in the session page's first load.
    const started = await import('@/lib/client/dictation-recorder').then(
      ({ startRecording }) =>
        startRecording((recording) => {
          recorder.current = null;
          void transcribe(recording);
        }),
      (failure: unknown) => ({ ok: false as const, problem: `Recording failed: ${readError(failure).message}` }),
    );
    if (!started.ok) {
      setError(started.problem);
      setState('idle');
      return;
    }
    recorder.current = started.recorder;
    setState('recording');
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
