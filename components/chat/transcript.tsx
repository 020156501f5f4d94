'use client';

import { memo, useCallback, useLayoutEffect, useRef } from 'react';
import type { ChatStatus } from 'ai';
import { StickToBottom, type StickToBottomContext } from 'use-stick-to-bottom';
import { AssistantMessage } from '@/components/chat/assistant-message';
import { useParkedRow } from '@/components/chat/hooks/use-parked-row';
import { LoadEarlier, type EarlierMessages } from '@/components/chat/load-earlier';
import { ScrollToBottomButton } from '@/components/chat/scroll-to-bottom-button';
import { StickByScroll } from '@/components/chat/stick-by-scroll';
import { ThinkingIndicator } from '@/components/chat/thinking-indicator';
import { UserMessage } from '@/components/chat/user-message';
import type { AgentUIMessage } from '@/lib/agent/messages';
import { cn } from '@/lib/utils';

/**
 * One message and what is drawn after it; memoised, so a token renders only the message it belongs to.
 * A `deferred` row (from an earlier page) skips rendering while off screen (`content-visibility: auto`),
 * and far from the screen it is parked: an empty box of its measured height (hooks/use-parked-row.ts),
 * so the DOM stays about the same size however far back the person scrolls. The find bar searches the
 * messages' data, not the DOM, and draws a parked row again before it shows a match in it. Rows of the
 * first page and new ones are never deferred, so nothing near the bottom changes height while the view
 * sticks there.
 */
const TranscriptRow = memo(function TranscriptRow({
  message,
  streaming,
  onRetry,
  afterMessage,
  deferred,
}: {
  message: AgentUIMessage;
  streaming: boolean;
  onRetry?: () => void;
  afterMessage?: (message: AgentUIMessage) => React.ReactNode;
  deferred: boolean;
}) {
  const { ref, parkedHeight } = useParkedRow(deferred);
  if (parkedHeight !== undefined) {
    return <div ref={ref} className="shrink-0" style={{ height: parkedHeight }} data-transcript-row={message.id} data-parked="true" />;
  }
  return (
    <div ref={ref} className={cn('flex flex-col gap-7', deferred && '[contain-intrinsic-size:auto_160px] [content-visibility:auto]')} data-transcript-row={message.id}>
      {message.role === 'user' ? (
        <UserMessage message={message} />
      ) : message.role === 'assistant' ? (
        <AssistantMessage message={message} streaming={streaming} onRetry={onRetry} />
      ) : null}
      {afterMessage?.(message)}
    </div>
  );
});

/**
 * The scrolling conversation. It sticks to the bottom while output streams,
 * lets go as soon as the person scrolls up, and offers a way back down. In a
 * long session it holds the pages loaded so far; scrolling to the top loads the
 * one before, and what was on screen stays where it was.
 */
export function Transcript({
  messages,
  status,
  contextRef,
  empty,
  after,
  onRetry,
  afterMessage,
  earlier,
  before,
}: {
  messages: AgentUIMessage[];
  status: ChatStatus;
  contextRef?: React.Ref<StickToBottomContext>;
  /** Shown when there are no messages. */
  empty?: React.ReactNode;
  /** Shown after the last message (errors). */
  after?: React.ReactNode;
  /** Re-sends the last user message; offered on the latest reply when its run failed. */
  onRetry?: () => void;
  /** Drawn right after a message (compaction dividers). Keep its identity: every message renders again when it changes. */
  afterMessage?: (message: AgentUIMessage) => React.ReactNode;
  /** Messages before the loaded ones, when the session is longer than its first page. */
  earlier?: EarlierMessages;
  /** Shown before the first message (a shared page's link to earlier messages). */
  before?: React.ReactNode;
}) {
  const last = messages.at(-1);
  const active = status === 'submitted' || status === 'streaming';
  const streamingId = active && last?.role === 'assistant' ? last.id : undefined;
  const awaitingReply = status === 'submitted' && last?.role === 'user';
  const keepPlace = useKeepPlaceOnPrepend(messages[0]?.id);

  return (
    <StickToBottom className="relative min-h-0 flex-1" resize="smooth" initial="instant" contextRef={contextRef} role="log" aria-label="Conversation">
      <StickToBottom.Content className="mx-auto flex w-full max-w-3xl flex-col gap-7 px-4 pt-6 pb-12 sm:px-6" data-testid="transcript">
        {before}
        {earlier && messages.length > 0 && <LoadEarlier earlier={earlier} firstId={messages[0].id} beforePrepend={keepPlace} />}
        {messages.length === 0 && !active
          ? empty
          : messages.map((message) => (
              <TranscriptRow
                key={message.id}
                message={message}
                streaming={message.id === streamingId}
                onRetry={!active && message.id === last?.id ? onRetry : undefined}
                afterMessage={afterMessage}
                deferred={earlier?.loadedIds.has(message.id) ?? false}
              />
            ))}
        {awaitingReply && (
          <div data-testid="pending-reply">
            <ThinkingIndicator label="Waiting for the agent" />
          </div>
        )}
        {after}
      </StickToBottom.Content>
      <StickByScroll />
      <ScrollToBottomButton />
    </StickToBottom>
  );
}

/**
 * Keeps the first loaded message where it was on screen when a page is put in
 * front of it. The browser's scroll anchoring does this while the view is
 * scrolled, and keeps things in place as deferred rows get their real height,
 * but not at the very top (scrollTop 0), where the new page would push
 * everything down and the next page would load at once.
 */
function useKeepPlaceOnPrepend(firstId: string | undefined) {
  const saved = useRef<{ scroller: HTMLElement; row: Element; offset: number } | null>(null);
  const capture = useCallback((scroller: HTMLElement) => {
    const row = scroller.querySelector('[data-transcript-row]');
    if (row) saved.current = { scroller, row, offset: row.getBoundingClientRect().top - scroller.getBoundingClientRect().top };
  }, []);
  useLayoutEffect(() => {
    const place = saved.current;
    saved.current = null;
    if (!place?.row.isConnected) return;
    place.scroller.scrollTop += place.row.getBoundingClientRect().top - place.scroller.getBoundingClientRect().top - place.offset;
  }, [firstId]);
  return capture;
}
