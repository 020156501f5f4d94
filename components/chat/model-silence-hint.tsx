'use client';

import { useState } from 'react';
import { HourglassIcon } from 'lucide-react';
import { useNow } from '@/lib/client/use-now';
import type { AgentUIMessage } from '@/lib/agent/messages';

/** Silence shorter than this is a model thinking or a slow network; longer deserves a word. */
const SILENCE_HINT_AFTER_MS = 5_000;

/**
 * "Waiting for the model: no data for 23 s". Shown while the model is expected
 * to stream (not while a tool runs or a retry waits) and nothing has arrived
 * for a while, so a stalled provider is never just a spinner. The server
 * abandons the attempt at the session's model idle timeout (default 60 s).
 */
export function ModelSilenceHint({ message }: { message: AgentUIMessage }) {
  const now = useNow(1000);
  // Every chunk replaces the message object: remember when it last changed (adjusting state during render).
  const [seen, setSeen] = useState({ message, at: now });
  if (seen.message !== message || (seen.at === 0 && now !== 0)) setSeen({ message, at: now });
  const silentMs = now && seen.at ? now - seen.at : 0;
  if (silentMs < SILENCE_HINT_AFTER_MS) return null;
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground" role="status" data-testid="model-silence">
      <HourglassIcon className="size-3.5" aria-hidden />
      <span className="tabular-nums">Waiting for the model: no data for {Math.floor(silentMs / 1000)} s</span>
    </p>
  );
}
