'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { Draft } from '@/components/chat/hooks/use-draft';
import type { MessageQueue } from '@/components/chat/hooks/use-message-queue';
import { useRunFollowers } from '@/components/chat/hooks/use-run-followers';
import { useServerTranscript } from '@/components/chat/hooks/use-server-transcript';
import { useSessionChat } from '@/components/chat/hooks/use-session-chat';
import { useTranscriptHistory } from '@/components/chat/hooks/use-transcript-history';
import { useSessionActions } from '@/components/sessions/sessions-provider';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { SessionSummary, TranscriptHistory } from '@/lib/api-types';
import type { ApprovalExtras } from '@/lib/client/approvals';

/**
 * Everything about the session's runs in this tab: the live transcript, the
 * runs it follows (queued, started elsewhere, reattached on load) and
 * `runsVersion`, which changes whenever a run ended or a grant was added, so
 * the inspector, grants and context meter read the server again.
 */
export function useSessionRun(input: { session: SessionSummary; initialMessages: AgentUIMessage[]; initialHistory?: TranscriptHistory; draft: Draft; queue: MessageQueue }) {
  const { session, queue } = input;
  const { patch, refresh } = useSessionActions();
  // Edited arguments and "always allow" per approval id, read when the continuation is sent (a stable, mutable map).
  const [approvalExtras] = useState<ApprovalExtras>(() => new Map());
  const [runsVersion, setRunsVersion] = useState(0);
  const bumpRuns = useCallback(() => setRunsVersion((version) => version + 1), []);
  // Set once the followers exist: the server sends the next queued message when a run ends normally.
  const followQueueRef = useRef<(queuedIds: readonly string[]) => void>(() => {});

  const chat = useSessionChat({
    session,
    initialMessages: input.initialMessages,
    approvalExtras,
    draft: input.draft,
    onFinished: () => {
      bumpRuns();
      patch(session.id, { running: false });
      void refresh();
      const queued = queue.current();
      if (queued.length > 0) followQueueRef.current(queued.map((item) => item.id));
    },
  });
  const history = useTranscriptHistory({ sessionId: session.id, initial: input.initialHistory ?? { earlierId: null, usageBefore: null, todosBefore: null }, chat });
  const followers = useRunFollowers(session.id, chat, history.showMessages, queue);
  useEffect(() => {
    followQueueRef.current = followers.followQueue;
  }, [followers.followQueue]);
  const syncFromServer = useServerTranscript(session.id, session.running, chat, history.showMessages);

  return { chat, history, approvalExtras, runsVersion, bumpRuns, syncFromServer, ...followers };
}

export type SessionRun = ReturnType<typeof useSessionRun>;
