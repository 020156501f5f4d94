'use client';

import type { StickToBottomContext } from 'use-stick-to-bottom';
import { ApprovalActionsProvider, type ApprovalActions } from '@/components/agent/approval-context';
import { ChatError } from '@/components/chat/chat-error';
import { EmptySession } from '@/components/chat/empty-session';
import type { MessageActions } from '@/components/chat/hooks/use-message-actions';
import type { SessionChat } from '@/components/chat/hooks/use-session-chat';
import { Transcript } from '@/components/chat/transcript';
import { CompactionDividers } from '@/components/context/compaction-divider';
import { isRejection, readError } from '@/lib/client/api-error';

/** The conversation with its approval actions, compaction dividers and the last request's error. */
export function ChatTranscriptArea({
  chat,
  actions,
  approvalActions,
  stickRef,
  demo,
  onPickExample,
}: {
  chat: SessionChat;
  actions: MessageActions;
  approvalActions: ApprovalActions;
  stickRef: React.Ref<StickToBottomContext>;
  demo: boolean;
  onPickExample: (text: string) => void;
}) {
  const { messages } = chat;
  const error = chat.error ? readError(chat.error) : undefined;
  const rejected = error ? isRejection(error) : false;
  return (
    <ApprovalActionsProvider value={approvalActions}>
      <Transcript
        messages={messages}
        status={chat.status}
        contextRef={stickRef}
        onRetry={actions.retry}
        afterMessage={(message) => <CompactionDividers afterMessageId={message.id} messages={messages} />}
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
    </ApprovalActionsProvider>
  );
}
