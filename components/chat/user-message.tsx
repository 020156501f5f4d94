import { memo } from 'react';
import { PinButton, PinnedMarker } from '@/components/context/pin-button';
import { CopyButton } from '@/components/ui/copy-button';
import { UnreadableMessagePart } from '@/components/chat/unreadable-message-part';
import { messageText, type AgentUIMessage } from '@/lib/agent/messages';
import { unreadableNotice } from '@/lib/agent/unreadable-message';

/** The person's message: a right-aligned bubble, shown exactly as typed (no markdown). Memoised on the message object. */
export const UserMessage = memo(function UserMessage({ message }: { message: AgentUIMessage }) {
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
  return (
    <div className="group/user flex items-end justify-end gap-1.5" data-testid="message-user" data-message-id={message.id}>
      <PinnedMarker messageId={message.id} />
      <div className="flex opacity-0 transition-opacity group-hover/user:opacity-100 focus-within:opacity-100 [@media(hover:none)]:hidden">
        <PinButton messageId={message.id} />
        <CopyButton text={text} label="Copy message" data-testid="copy-user-message" />
      </div>
      <div className="max-w-[85%] rounded-2xl rounded-br-md bg-secondary px-4 py-2.5 text-[15px] leading-relaxed break-words whitespace-pre-wrap text-secondary-foreground">
        {text}
      </div>
    </div>
  );
});
