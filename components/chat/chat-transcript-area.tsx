'use client';

import { useCallback, useEffect, useMemo, useRef } from 'react';
import { lazyPart } from '@/components/ui/lazy-part';
import type { StickToBottomContext } from 'use-stick-to-bottom';
import { ApprovalActionsProvider, type ApprovalActions } from '@/components/agent/approval-context';
import type { MessageActions } from '@/components/chat/hooks/use-message-actions';
import type { SessionChat } from '@/components/chat/hooks/use-session-chat';
import type { TranscriptHistoryState } from '@/components/chat/hooks/use-transcript-history';
import type { EarlierMessages } from '@/components/chat/load-earlier';
import { EmptySession } from '@/components/chat/empty-session';
import { Transcript } from '@/components/chat/transcript';
import { TranscriptFind } from '@/components/chat/transcript-find';
import { CompactionDividers } from '@/components/context/compaction-dividers';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { isRejection, readError } from '@/lib/client/api-error';

/** A request's error: its own chunk, fetched when one is drawn (only ever in the browser). */
const ChatError = lazyPart(() => import('@/components/chat/chat-error').then((module) => module.ChatError));

/** The conversation with its earlier pages, find bar, approval actions, compaction dividers and the last request's error. */
export function ChatTranscriptArea({
  chat,
  history,
  actions,
  approvalActions,
  stickRef,
  demo,
  onPickExample,
}: {
  chat: SessionChat;
  history: TranscriptHistoryState;
  actions: MessageActions;
  approvalActions: ApprovalActions;
  stickRef: React.RefObject<StickToBottomContext | null>;
  demo: boolean;
  onPickExample: (text: string) => void;
}) {
  const { messages } = chat;
  const error = chat.error ? readError(chat.error) : undefined;
  const rejected = error ? isRejection(error) : false;

  // Read when a divider is drawn: one function for the life of the view, so a token renders no divider again.
  const messagesRef = useRef(messages);
  useEffect(() => {
    messagesRef.current = messages;
  }, [messages]);
  const findMessage = useCallback((id: string) => messagesRef.current.find((message) => message.id === id), []);
  const afterMessage = useCallback((message: AgentUIMessage) => <CompactionDividers afterMessageId={message.id} findMessage={findMessage} />, [findMessage]);

  const { loadEarlier } = history;
  const earlier = useMemo(
    (): EarlierMessages => ({
      hasEarlier: history.history.earlierId !== null,
      loadedIds: history.earlierIds,
      loading: history.loading,
      failed: history.failed,
      load: loadEarlier,
    }),
    [history.history.earlierId, history.earlierIds, history.loading, history.failed, loadEarlier],
  );
  const loadBackTo = useCallback((messageId: string) => loadEarlier({ from: messageId }), [loadEarlier]);
  // Showing a match higher up lets go of the bottom, or the view would go back down as the transcript grows.
  const releaseBottom = useCallback(() => stickRef.current?.stopScroll(), [stickRef]);

  return (
    <ApprovalActionsProvider value={approvalActions}>
      <div className="relative flex min-h-0 flex-1 flex-col">
        <TranscriptFind sessionId={chat.id} messages={messages} hasEarlier={earlier.hasEarlier} loadingEarlier={earlier.loading} loadBackTo={loadBackTo} releaseBottom={releaseBottom} />
        <Transcript
          messages={messages}
          status={chat.status}
          contextRef={stickRef}
          onRetry={actions.retry}
          afterMessage={afterMessage}
          earlier={earlier}
          empty={<EmptySession onPick={onPickExample} demo={demo} />}
          after={
            error && (
              <ChatError
                error={error}
                rejected={rejected}
                onRetry={rejected ? undefined : actions.retry}
                onReattach={rejected && error.status === 409 ? actions.reattach : undefined}
                onDismiss={chat.clearError}
              />
            )
          }
        />
      </div>
    </ApprovalActionsProvider>
  );
}
