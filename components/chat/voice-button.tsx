'use client';

import { LoaderCircleIcon, MicIcon, SquareIcon } from 'lucide-react';
import type { Dictation } from '@/components/chat/hooks/use-dictation';
import { Button } from '@/components/ui/button';
import { WithTooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';

/**
 * The composer's microphone: press to record, press again (or Escape) to stop;
 * the text lands in the composer. Off, with the reason in its tooltip, when the
 * server cannot transcribe or the browser cannot record.
 */
export function VoiceButton({ dictation, disabled = false }: { dictation: Dictation; disabled?: boolean }) {
  const { state, unavailable } = dictation;
  const recording = state === 'recording';
  const busy = state === 'starting' || state === 'transcribing';
  const label = unavailable
    ? `Dictation unavailable: ${unavailable}`
    : recording
      ? 'Stop recording (Escape): the text goes into the message'
      : state === 'transcribing'
        ? 'Transcribing…'
        : 'Dictate: record your voice into the message';
  return (
    <WithTooltip label={label}>
      {/* The wrapper keeps the tooltip (and its reason) working while the button is disabled. */}
      <span className="inline-flex rounded-md">
        <Button
          type="button"
          size="icon-sm"
          variant={recording ? 'destructive' : 'ghost'}
          className={cn('text-muted-foreground', recording && 'animate-pulse text-white')}
          aria-label={recording ? 'Stop recording' : 'Dictate'}
          aria-pressed={recording}
          data-testid="voice-button"
          data-state={state}
          disabled={Boolean(unavailable) || busy || (disabled && !recording)}
          onClick={dictation.toggle}
        >
          {busy ? <LoaderCircleIcon className="animate-spin" /> : recording ? <SquareIcon className="size-3 fill-current" /> : <MicIcon />}
        </Button>
      </span>
    </WithTooltip>
  );
}

/** What the microphone is doing, for screen readers and at a glance: recording, transcribing, or why it failed. */
export function DictationStatus({ dictation }: { dictation: Dictation }) {
  const { state, error } = dictation;
  const text = state === 'recording' ? 'Recording… press the microphone again or Escape to stop.' : state === 'transcribing' ? 'Transcribing your recording…' : error;
  return (
    <p role="status" aria-live="polite" className={cn('px-4 pt-2.5 text-xs', error && state === 'idle' ? 'text-destructive' : 'text-muted-foreground', !text && 'sr-only')} data-testid="dictation-status">
      {text}
    </p>
  );
}
