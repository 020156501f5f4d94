'use client';

import { useEffect, useEffectEvent, useRef } from 'react';
import type { ChatRequestOptions } from 'ai';
import { reattachOptions } from '@/components/chat/hooks/use-chat-transport';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { TRANSCRIPT_PAGE_SIZE } from '@/lib/api/transcript-page';
import type { TranscriptHistory } from '@/lib/api-types';
import { fetchRuns, fetchSession } from '@/lib/client/api';
import { onRunStarted } from '@/lib/client/paused-request';

/** How often an idle, visible tab asks whether a run started somewhere else. */
const RUN_WATCH_MS = 2_500;

/**
 * A tab that is not streaming learns of a run started elsewhere (another tab, another
 * instance) and attaches to it: it takes the transcript the server prepares for
 * reattaching, then follows the run's log from its first chunk. It skips a run this
 * tab already shows to its end, and asks only while the tab is visible and idle. A run
 * this tab shows without its end while the tab is idle lost its stream: it is attached again.
 */
export function useFollowRunsStartedElsewhere(input: {
  sessionId: string;
  messages: AgentUIMessage[];
  /** Read at call time: the tab may start streaming while a request is on its way. */
  isBusy: () => boolean;
  /** Shows a page the server answered (see useTranscriptHistory's showMessages). */
  setMessages: (messages: AgentUIMessage[], history: TranscriptHistory | undefined) => void;
  resumeStream: (options?: ChatRequestOptions) => Promise<void>;
  onAttached: () => void;
  intervalMs?: number;
}) {
  // The last ended run this tab read the transcript for: once per run.
  const syncedFor = useRef<string | null>(null);
  const check = useEffectEvent(async () => {
    if (input.isBusy() || document.visibilityState !== 'visible') return;
    const [latest] = await fetchRuns(input.sessionId).catch(() => []);
    if (!latest || input.isBusy()) return;
    if (latest.status !== 'running') {
      // Started and ended between two looks (a quick turn sent from another tab, the next queued message after a
      // short one): this tab never saw it run. Show what it saved, once.
      if (syncedFor.current === latest.id || input.messages.some((message) => message.metadata?.runId === latest.id)) return;
      syncedFor.current = latest.id;
      const saved = await fetchSession(input.sessionId, { limit: TRANSCRIPT_PAGE_SIZE }).catch(() => undefined);
      if (saved && !saved.running && !input.isBusy()) input.setMessages(saved.messages, saved.history);
      return;
    }
    // This tab shows that run whole already; shown without its end, its stream was cut (a proxy's or
    // the platform's time limit, a chained invocation on Vercel) while the run goes on: attach again.
    if (input.messages.some((message) => message.metadata?.runId === latest.id && message.metadata.runEnd)) return;
    const detail = await fetchSession(input.sessionId, { limit: TRANSCRIPT_PAGE_SIZE }).catch(() => undefined);
    if (!detail?.running || input.isBusy()) return;
    input.setMessages(detail.messages, detail.history);
    input.onAttached();
    await input.resumeStream(reattachOptions(detail.runId));
  });

  useEffect(() => {
    const timer = setInterval(() => void check(), input.intervalMs ?? RUN_WATCH_MS);
    return () => clearInterval(timer);
  }, [input.intervalMs]);
  // A run this tab started without a stream of its own (Continue in step mode): attach at once, not at the next tick;
  // one that already ended (it paused again) is shown as it saved itself.
  const attachStarted = useEffectEvent(async () => {
    if (input.isBusy()) return;
    const detail = await fetchSession(input.sessionId, { limit: TRANSCRIPT_PAGE_SIZE }).catch(() => undefined);
    if (!detail || input.isBusy()) return;
    input.setMessages(detail.messages, detail.history);
    if (!detail.running) return;
    input.onAttached();
    await input.resumeStream(reattachOptions(detail.runId));
  });
  useEffect(() => onRunStarted(input.sessionId, () => void attachStarted()), [input.sessionId]);
}
