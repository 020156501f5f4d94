'use client';

import { Fragment } from 'react';
import type { ChatStatus } from 'ai';
import { StickToBottom, type StickToBottomContext } from 'use-stick-to-bottom';
import { AssistantMessage } from '@/components/chat/assistant-message';
import { ScrollToBottomButton } from '@/components/chat/scroll-to-bottom-button';
import { ThinkingIndicator } from '@/components/chat/thinking-indicator';
import { UserMessage } from '@/components/chat/user-message';
import type { AgentUIMessage } from '@/lib/agent/messages';

/**
 * The scrolling conversation. It sticks to the bottom while output streams,
 * lets go as soon as the person scrolls up, and offers a way back down.
 */
export function Transcript({
  messages,
  status,
  contextRef,
  empty,
  after,
  onRetry,
  afterMessage,
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
  /** Drawn right after a message (compaction dividers). */
  afterMessage?: (message: AgentUIMessage) => React.ReactNode;
}) {
  const last = messages.at(-1);
  const active = status === 'submitted' || status === 'streaming';
  const streamingId = active && last?.role === 'assistant' ? last.id : undefined;
  const awaitingReply = status === 'submitted' && last?.role === 'user';

  return (
    <StickToBottom className="relative min-h-0 flex-1" resize="smooth" initial="instant" contextRef={contextRef} role="log" aria-label="Conversation">
      <StickToBottom.Content className="mx-auto flex w-full max-w-3xl flex-col gap-7 px-4 pt-6 pb-12 sm:px-6" data-testid="transcript">
        {messages.length === 0 && !active
          ? empty
          : messages.map((message) => (
              <Fragment key={message.id}>
                {message.role === 'user' ? (
                  <UserMessage message={message} />
                ) : message.role === 'assistant' ? (
                  <AssistantMessage
                    message={message}
                    streaming={message.id === streamingId}
                    onRetry={!active && message.id === last?.id ? onRetry : undefined}
                  />
                ) : null}
                {afterMessage?.(message)}
              </Fragment>
            ))}
        {awaitingReply && (
          <div data-testid="pending-reply">
            <ThinkingIndicator label="Waiting for the agent" />
          </div>
        )}
        {after}
      </StickToBottom.Content>
      <ScrollToBottomButton />
    </StickToBottom>
  );
}
