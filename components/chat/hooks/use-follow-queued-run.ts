'use client';

import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { ChatRequestOptions, ChatStatus } from 'ai';
import { reattachOptions } from '@/components/chat/hooks/use-chat-transport';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { TRANSCRIPT_PAGE_SIZE } from '@/lib/api/transcript-page';
import type { TranscriptHistory } from '@/lib/api-types';
import { fetchSession } from '@/lib/client/api';

/**
 * Follows the run the server started for a queued message. The server sends
 * the next queued message before the previous run's stream closes, so once
 * this tab's stream has ended it reads the saved transcript (which holds the
 * sent message), shows it up to that message, and reattaches to the live run
 * through the stream endpoint (resumeStream).
 */
export function useFollowQueuedRun(input: {
  sessionId: string;
  status: ChatStatus;
  messages: readonly AgentUIMessage[];
  /** Shows a page the server answered (see useTranscriptHistory's showMessages). */
  setMessages: (messages: AgentUIMessage[], history: TranscriptHistory | undefined) => void;
  resumeStream: (options?: ChatRequestOptions) => Promise<void>;
  /** After each attempt: the queue and the sidebar read the server again. */
  onFollowed: (running: boolean) => void;
}): { follow: (queuedIds: readonly string[]) => void; following: boolean } {
  const pendingRef = useRef<readonly string[] | null>(null);
  const [requests, setRequests] = useState(0);
  // From the request until the tab streams the next run (or knows there is none): the queue is not "held" meanwhile.
  const [following, setFollowing] = useState(false);
  const messagesRef = useRef(input.messages);
  useEffect(() => {
    messagesRef.current = input.messages;
  }, [input.messages]);

  const followNow = useEffectEvent(async (queuedIds: readonly string[]) => {
    let detail;
    try {
      detail = await fetchSession(input.sessionId, { limit: TRANSCRIPT_PAGE_SIZE });
    } catch {
      setFollowing(false);
      return; // the transcript stays as streamed; a reload shows the saved state
    }
    const sent = detail.messages.findLastIndex((message) => queuedIds.includes(message.id));
    if (detail.running && sent !== -1 && sent === detail.messages.findLastIndex((message) => message.role === 'user')) {
      // Up to the sent message: the live run's stream replays its reply from the start.
      input.setMessages(detail.messages.slice(0, sent + 1), detail.history);
      input.onFollowed(true);
      setFollowing(false);
      await input.resumeStream(reattachOptions(detail.runId));
      // The run ended between reading the transcript and reattaching (204): show what it saved.
      if (messagesRef.current.at(-1)?.role === 'user') {
        const after = await fetchSession(input.sessionId, { limit: TRANSCRIPT_PAGE_SIZE }).catch(() => undefined);
        if (after && !after.running) input.setMessages(after.messages, after.history);
      }
    } else if (!detail.running) {
      input.setMessages(detail.messages, detail.history);
    }
    setFollowing(false);
    input.onFollowed(detail.running);
  });

  // Only once this tab's stream has ended: resuming while it streams would be ignored.
  useEffect(() => {
    const ids = pendingRef.current;
    if (!ids || (input.status !== 'ready' && input.status !== 'error')) return;
    pendingRef.current = null;
    void followNow(ids);
  }, [input.status, requests]);

  const follow = useCallback((queuedIds: readonly string[]) => {
    pendingRef.current = queuedIds;
    setFollowing(true);
    setRequests((count) => count + 1);
  }, []);
  return { follow, following };
}
