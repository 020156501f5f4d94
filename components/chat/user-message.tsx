'use client';

import { memo, useState } from 'react';
import { lazyPart } from '@/components/ui/lazy-part';
import { PencilIcon } from 'lucide-react';
import { BranchSwitcher } from '@/components/chat/branch-switcher';
import { IdleButton, useConversationControls } from '@/components/chat/conversation-actions';
import { MessageImages } from '@/components/chat/message-images';
import { useEditRequest } from '@/components/chat/hooks/use-edit-request';
import { ForkButton } from '@/components/chat/message-footer';
import { UnreadableMessagePart } from '@/components/chat/unreadable-message-part';
import { MessageResourceChips } from '@/components/chat/resource-chips';
import { PinButton, PinnedMarker } from '@/components/context/pin-button';
import { CopyButton } from '@/components/ui/copy-button';
import { messageText, type AgentUIMessage } from '@/lib/agent/messages';
import { unreadableNotice } from '@/lib/agent/unreadable-message';
import { messageAttachments } from '@/lib/client/mcp-catalog';

/** The edit form: its own chunk, fetched when someone edits a message. */
const EditMessageForm = lazyPart(() => import('@/components/chat/edit-message-form').then((module) => module.EditMessageForm));

/** The person's message: a right-aligned bubble, shown exactly as typed (no markdown). Memoised on the message object. */
export const UserMessage = memo(function UserMessage({ message }: { message: AgentUIMessage }) {
  const actions = useConversationControls();
  const [editing, setEditing] = useState(false);
  // Up-arrow in an empty composer edits this message when it is the last one sent.
  const editClosed = useEditRequest(message.id, () => setEditing(true));
  const unreadable = unreadableNotice(message);
  if (unreadable) {
    return (
      <div className="flex justify-end" data-testid="message-user" data-message-id={message.id}>
        <div className="max-w-[85%]">
          <UnreadableMessagePart notice={unreadable} />
        </div>
      </div>
    );
  }
  const text = messageText(message);
  if (editing && actions) {
    return (
      <EditMessageForm
        initial={text}
        onCancel={() => {
          setEditing(false);
          editClosed();
        }}
        onSend={(edited) => {
          setEditing(false);
          editClosed();
          actions.edit(message.id, edited);
        }}
      />
    );
  }
  return (
    <div className="group/user flex flex-col items-end gap-0.5" data-testid="message-user" data-message-id={message.id}>
      <MessageImages message={message} />
      <div className="flex w-full items-end justify-end gap-1.5">
        <PinnedMarker messageId={message.id} />
        {/* Shown on hover and focus; always on touch screens, which have no hover. */}
        <div className="flex opacity-0 transition-opacity group-hover/user:opacity-100 focus-within:opacity-100 [@media(hover:none)]:opacity-100">
          {actions && (
            <IdleButton size="icon-xs" variant="ghost" aria-label="Edit message" title="Edit: sends a new version; this one stays" data-testid="edit-message" onClick={() => setEditing(true)}>
              <PencilIcon />
            </IdleButton>
          )}
          <ForkButton messageId={message.id} />
          <PinButton messageId={message.id} />
          <CopyButton text={text} label="Copy message" data-testid="copy-user-message" />
        </div>
        {/* An image-only message has no text: no empty bubble under its images. */}
        {text && (
          <div className="max-w-[85%] rounded-2xl rounded-br-md bg-secondary px-4 py-2.5 text-[15px] leading-relaxed break-words whitespace-pre-wrap text-secondary-foreground">
            {text}
          </div>
        )}
      </div>
      <MessageResourceChips resources={messageAttachments(message)} />
      <BranchSwitcher messageId={message.id} />
    </div>
  );
});
