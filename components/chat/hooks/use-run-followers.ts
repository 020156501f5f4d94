'use client';

import { useEffect, useRef } from 'react';
import type { SessionChat } from '@/components/chat/hooks/use-session-chat';
import { useFollowQueuedRun } from '@/components/chat/hooks/use-follow-queued-run';
import { useFollowRunsStartedElsewhere } from '@/components/chat/hooks/use-follow-runs-elsewhere';
import type { MessageQueue } from '@/components/chat/hooks/use-message-queue';
import type { TranscriptHistoryState } from '@/components/chat/hooks/use-transcript-history';
import { useSessionActions } from '@/components/sessions/sessions-provider';

/**
 * Runs this tab did not start itself: the one the server starts for the next
 * queued message, and one started in another tab or on another instance.
 * This tab attaches to either and streams it.
 */
export function useRunFollowers(sessionId: string, chat: SessionChat, showMessages: TranscriptHistoryState['showMessages'], queue: MessageQueue) {
  const { patch } = useSessionActions();
  const { follow, following } = useFollowQueuedRun({
    sessionId,
    status: chat.status,
    messages: chat.messages,
    setMessages: showMessages,
    resumeStream: chat.resumeStream,
    onFollowed: (running) => {
      void queue.refresh();
      patch(sessionId, { running });
    },
  });

  const followingRef = useRef(false);
  useEffect(() => {
    followingRef.current = following;
  }, [following]);
  const { statusRef } = chat;
  useFollowRunsStartedElsewhere({
    sessionId,
    messages: chat.messages,
    isBusy: () => statusRef.current === 'submitted' || statusRef.current === 'streaming' || followingRef.current,
    setMessages: showMessages,
    resumeStream: chat.resumeStream,
    onAttached: () => patch(sessionId, { running: true }),
  });

  return { followQueue: follow, followingQueue: following };
}
